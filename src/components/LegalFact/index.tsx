import type {ReactNode} from 'react';
import {site, type LegalFacts} from '@site/src/data/site';
import {legalFactPlaceholder} from '@site/src/lib/legal-facts';
import styles from './styles.module.css';

interface Props {
  name: keyof LegalFacts;
  /** What an optional fact (a representative) reads as while the operator has not set it. */
  fallback?: string;
}

/**
 * One operator-set fact from `site.legal`, as text (the privacy e-mail as a mailto link). Unset, it
 * shows `fallback`, or else a marked placeholder: a production build refuses to run without the
 * required facts, so placeholders only ever reach local and test builds.
 */
export default function LegalFact({name, fallback}: Props): ReactNode {
  const value = site.legal[name].trim();
  if (value === '' && fallback !== undefined) return fallback;
  if (value === '') return <span className={styles.placeholder}>{legalFactPlaceholder(name)}</span>;
  if (name === 'privacyEmail') {
    // eslint-disable-next-line @docusaurus/no-html-links -- Link would open mailto: in a new tab
    return <a href={`mailto:${value}`}>{value}</a>;
  }
  return value;
}
