import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {site} from '@site/src/data/site';
import {isBlank, legalFactPlaceholder, type TextFact} from '@site/src/lib/legal-facts';
import styles from './styles.module.css';

interface Props {
  name: TextFact;
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
  if (isBlank(value) && fallback !== undefined) return fallback;
  if (isBlank(value))
    return <span className={styles.placeholder}>{legalFactPlaceholder(name)}</span>;
  if (name === 'privacyEmail') {
    // eslint-disable-next-line @docusaurus/no-html-links -- Link would open mailto: in a new tab
    return <a href={`mailto:${value}`}>{value}</a>;
  }
  return value;
}

/**
 * The AI providers `site.legal.aiProviders` lists for one product, each with what it receives,
 * why, where and for how long, and its terms (App Review Guideline 5.1.2(i)). None listed, a
 * marked placeholder: a production build refuses to run without them.
 */
export function AiProviders({product}: {product: string}): ReactNode {
  const listed = site.legal.aiProviders.filter((provider) => provider.product === product);
  if (listed.length === 0) {
    return (
      <p>
        <span className={styles.placeholder}>{legalFactPlaceholder('aiProviders')}</span>
      </p>
    );
  }
  return (
    <ul>
      {listed.map((provider) => (
        <li key={provider.name}>
          <strong>{provider.name}</strong> receives {provider.sends}, only to {provider.purpose}. It
          processes them in {provider.countries}. It keeps them {provider.retention}. Read{' '}
          <Link href={provider.termsUrl}>{provider.name}&rsquo;s terms</Link>.
        </li>
      ))}
    </ul>
  );
}
