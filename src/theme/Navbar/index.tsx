import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import LazySearchBar from '@site/src/components/LazySearchBar';
import SectionLink from '@site/src/components/SectionLink';
import {site} from '@site/src/data/site';
import styles from './styles.module.css';

/** The site header: the company name home, Products, Contact and article search. */
export default function Navbar(): ReactNode {
  return (
    <header className={styles.header}>
      <nav className={styles.nav} aria-label="Main">
        <Link to="/" className={styles.brand}>
          <img src="/img/brand/logo.svg" alt="" width={32} height={32} />
          <span>{site.companyName}</span>
        </Link>
        <div className={styles.links}>
          <SectionLink section="products" className={styles.link}>
            Products
          </SectionLink>
          {/* eslint-disable-next-line @docusaurus/no-html-links -- Link would open mailto: in a new tab */}
          <a href={`mailto:${site.contactEmail}`} className={styles.link}>
            Contact
          </a>
          <div className={styles.search}>
            <LazySearchBar />
          </div>
        </div>
      </nav>
    </header>
  );
}
