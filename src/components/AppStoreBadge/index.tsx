import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import {site} from '@site/src/data/site';
import styles from './styles.module.css';

/**
 * "Download on the App Store", opening the translator's store page in a new tab: Apple's own
 * artwork (static/img/app-store-badge.svg, the black US-UK badge, unaltered), shown at 50 px high.
 */
export default function AppStoreBadge({className}: {className?: string}): ReactNode {
  return (
    <Link
      href={site.appStoreUrl}
      className={clsx(styles.badge, className)}
      target="_blank"
      rel="noopener noreferrer">
      <img
        src="/img/app-store-badge.svg"
        alt="Download Gotcha Screen Translator on the App Store"
        width={150}
        height={50}
      />
    </Link>
  );
}
