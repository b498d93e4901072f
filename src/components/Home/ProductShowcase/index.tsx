import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import AppStoreBadge from '@site/src/components/AppStoreBadge';
import Icon from '@site/src/components/Icon';
import WaitlistForm from '@site/src/components/WaitlistForm';
import Section from '@site/src/components/Home/Section';
import type {Product} from '@site/src/data/products';
import styles from './styles.module.css';

function ProductCard({product}: {product: Product}): ReactNode {
  return (
    <article className={styles.product} aria-labelledby={`product-${product.id}`}>
      {product.image && (
        <div className={styles.art}>
          <img
            src={product.image.src}
            alt={product.image.alt}
            width={product.image.width}
            height={product.image.height}
            loading="lazy"
            decoding="async"
          />
        </div>
      )}
      <div className={styles.body}>
        <span className={styles.icon}>
          <Icon name={product.icon} size={28} />
        </span>
        {product.isComingSoon && <p className={styles.comingSoon}>Coming soon</p>}
        <h3 id={`product-${product.id}`} className={styles.title}>
          {product.isComingSoon ? product.title : <Link href={product.link}>{product.title}</Link>}
        </h3>
        <p className={styles.description}>{product.description}</p>
        <ul className={styles.features}>
          {product.features.map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
        </ul>
        {!product.isComingSoon && (
          <p className={styles.privacy}>
            <Link to={product.privacyPath}>How it handles your data</Link>
          </p>
        )}
        {product.isComingSoon ? <WaitlistForm /> : product.appStoreBadge && <AppStoreBadge />}
      </div>
    </article>
  );
}

/** The Flagship Products section: image left, then right, stacked on phones. */
export default function ProductShowcase({products}: {products: readonly Product[]}): ReactNode {
  return (
    <Section
      id="products"
      title="Flagship Products"
      intro="An iPhone app for reading Chinese apps in English and a website that plans your trip, for shopping and travelling in China with confidence.">
      <div className={styles.list}>
        {products.map((product) => (
          <ProductCard key={product.id} product={product} />
        ))}
      </div>
    </Section>
  );
}
