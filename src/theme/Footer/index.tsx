import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import Icon from '@site/src/components/Icon';
import SectionLink from '@site/src/components/SectionLink';
import {site} from '@site/src/data/site';
import {useProducts} from '@site/src/hooks/useProducts';
import {useVisitorToday} from '@site/src/hooks/useVisitorToday';
import styles from './styles.module.css';

/** The translator's pages, and the privacy policy's section on the Trip Planner. */
const PRODUCT_PAGES = [
  {to: '/gotcha-screen-translator/support', label: 'Support'},
  {to: '/gotcha-screen-translator/privacy-policy', label: 'Privacy Policy'},
  {to: '/gotcha-screen-translator/terms-of-service', label: 'Terms of Service'},
  {to: '/gotcha-screen-translator/privacy-policy#trip-planner', label: 'Trip Planner Privacy'},
];

/** A titled column of links: a section named by its heading, so it is a landmark region. */
function LinkColumn({
  id,
  title,
  listClassName = styles.list,
  children,
}: {
  id: string;
  title: string;
  listClassName?: string;
  children: ReactNode;
}): ReactNode {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className={styles.heading}>
        {title}
      </h2>
      <ul className={listClassName}>{children}</ul>
    </section>
  );
}

/** Four columns (company, products, company links, social) and the copyright line. */
export default function Footer(): ReactNode {
  const year = useVisitorToday().getUTCFullYear();
  const products = useProducts();
  const socials = [
    {...site.social.photo, icon: 'instagram'},
    {...site.social.video, icon: 'youtube'},
  ] as const;
  return (
    <footer className={styles.footer}>
      <div className={styles.columns}>
        <section className={styles.about} aria-labelledby="footer-company">
          <h2 id="footer-company" className={styles.brand}>
            <img src="/img/brand/logo.svg" alt="" width={28} height={28} />
            {site.companyName}
          </h2>
          <p>{site.blurb}</p>
        </section>
        <LinkColumn id="footer-products" title="Products">
          {products.map((product) => (
            <li key={product.id}>
              {/* Like its card, a coming-soon product has no link yet: only its name. */}
              {product.isComingSoon ? (
                <span className={styles.comingSoon}>
                  {product.title} <span className={styles.tag}>Coming soon</span>
                </span>
              ) : (
                <Link href={product.link}>{product.title}</Link>
              )}
            </li>
          ))}
          {PRODUCT_PAGES.map((page) => (
            <li key={page.to}>
              <Link to={page.to}>{page.label}</Link>
            </li>
          ))}
        </LinkColumn>
        <LinkColumn id="footer-company-links" title="Company">
          <li>
            <SectionLink section="about">About Us</SectionLink>
          </li>
          <li>
            <Link to="/gotcha-screen-translator/privacy-policy">Privacy Policy</Link>
          </li>
          <li>
            {/* eslint-disable-next-line @docusaurus/no-html-links -- Link would open mailto: in a new tab */}
            <a href={`mailto:${site.contactEmail}`}>Contact</a>
          </li>
        </LinkColumn>
        <LinkColumn id="footer-social" title="Follow us" listClassName={styles.social}>
          {socials.map((social) => (
            <li key={social.name}>
              <Link
                href={social.url}
                className={styles.socialLink}
                aria-label={`${site.companyName} on ${social.name}`}>
                <Icon name={social.icon} />
                <span aria-hidden="true">{social.name}</span>
              </Link>
            </li>
          ))}
        </LinkColumn>
      </div>
      <p className={styles.copyright}>
        {/* The page script writes the visitor's year here, before the framework (if ever) loads. */}
        ©{' '}
        <span data-year suppressHydrationWarning>
          {year}
        </span>{' '}
        {site.companyName}. All rights reserved.
      </p>
    </footer>
  );
}
