import type {ReactNode} from 'react';
import {useVisitorToday} from '@site/src/hooks/useVisitorToday';
import {isoDay, toLongDate} from '@site/src/lib/dates';
import styles from './styles.module.css';

/**
 * "Last Updated: <today>" on the legal pages: they always show the visitor's current date. The
 * date the text took effect is the "Effective date" line in each page's own text.
 */
export default function LastUpdated(): ReactNode {
  const today = useVisitorToday();
  return (
    <p className={styles.lastUpdated}>
      Last Updated:{' '}
      {/* The page script writes the visitor's day here before the framework, if ever, loads. */}
      <time dateTime={isoDay(today)} data-visitor-day suppressHydrationWarning>
        {toLongDate(today)}
      </time>
    </p>
  );
}
