import {useEffect, useRef, type ReactNode, type RefObject} from 'react';
import Link from '@docusaurus/Link';
import SearchBox from '@site/src/components/SearchBox';
import SectionLink from '@site/src/components/SectionLink';
import {site} from '@site/src/data/site';
import styles from './styles.module.css';

/** The site header: the company name home, Products, Contact and article search. */
export default function Navbar(): ReactNode {
  const header = useRef<HTMLElement>(null);
  useStickyHeaderOffset(header);
  return (
    <header ref={header} className={styles.header}>
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
            <SearchBox />
          </div>
        </div>
      </nav>
    </header>
  );
}

/**
 * Publishes how much of the screen's top the header covers as `--gl-header-offset`, which section
 * anchors use as their scroll margin: the header's real height while it sticks (it grows when its
 * links wrap, with a wide font or enlarged text), nothing when it scrolls away with the page.
 */
function useStickyHeaderOffset(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current;
    if (!element) return undefined;
    const publish = () => {
      const sticky = getComputedStyle(element).position === 'sticky';
      const offset = sticky ? element.getBoundingClientRect().height : 0;
      document.documentElement.style.setProperty('--gl-header-offset', `${offset}px`);
    };
    const observer = new ResizeObserver(publish);
    observer.observe(element);
    window.addEventListener('resize', publish);
    return () => {
      observer.disconnect();
      window.removeEventListener('resize', publish);
    };
  }, [header]);
}
