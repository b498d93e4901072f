import type {ReactNode} from 'react';
import {site, type LegalFacts} from '@site/src/data/site';
import {legalFactPlaceholder} from '@site/src/lib/legal-facts';
import styles from './styles.module.css';

/**
 * One operator-set fact from `site.legal`, as text (the privacy e-mail as a mailto link), or a
 * marked placeholder where it is not set; a production build refuses to run without the required ones.
 */
export default function LegalFact({name}: {name: keyof LegalFacts}): ReactNode {
  const value = site.legal[name].trim();
  if (value === '') return <span className={styles.placeholder}>{legalFactPlaceholder(name)}</span>;
  if (name === 'privacyEmail') {
    // eslint-disable-next-line @docusaurus/no-html-links -- Link would open mailto: in a new tab
    return <a href={`mailto:${value}`}>{value}</a>;
  }
  return value;
}
