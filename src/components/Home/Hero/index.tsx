import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import SectionLink from '@site/src/components/SectionLink';
import styles from './styles.module.css';

const HERO_TITLE = 'Empowering Your Life with AI';
const HERO_DESCRIPTION =
  'We are dedicated to building innovative AI-powered solutions that enhance productivity and streamline communication, so that language is never what stands between you and the life you want.';

/** The home page's opening: the company's message and the way to its products. */
export default function Hero(): ReactNode {
  useBrokenLinks().collectAnchor('about');
  return (
    <section id="about" tabIndex={-1} aria-labelledby="about-title" className={styles.hero}>
      <div className={`gl-container ${styles.inner}`}>
        <p className={styles.eyebrow}>AI tools for life in China</p>
        <h1 id="about-title" className={styles.title}>
          {HERO_TITLE}
        </h1>
        <p className={styles.description}>{HERO_DESCRIPTION}</p>
        <SectionLink section="products" className="gl-button">
          Explore Our Products
        </SectionLink>
      </div>
    </section>
  );
}
