import type {ReactNode} from 'react';
import {
  ADD_TO_HOME_SCREEN_STEPS,
  HOME_SCREEN_KEEPS_THEM,
  IPHONE_DELETES_SAVED_GUIDES,
} from '@site/src/data/saved-guides';
import styles from './styles.module.css';

/**
 * What an iPhone does with saved guides and how to keep them (Add to Home Screen, step by step),
 * in the words src/data/saved-guides.ts gives the blog, the offline page and the privacy policy.
 */
export default function SavedGuidesOnIphone(): ReactNode {
  return (
    <>
      <p className={styles.text}>
        {IPHONE_DELETES_SAVED_GUIDES} {HOME_SCREEN_KEEPS_THEM}
      </p>
      <ol className={styles.steps}>
        {ADD_TO_HOME_SCREEN_STEPS.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </>
  );
}
