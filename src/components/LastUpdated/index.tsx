import type {ReactNode} from 'react';
import {useVisitorToday} from '@site/src/hooks/useVisitorDate';
import styles from './styles.module.css';

const LONG_DATE = new Intl.DateTimeFormat('en-US', {dateStyle: 'long', timeZone: 'UTC'});

/** "Last Updated: <today>" on the legal pages (the spec: the current date). */
export default function LastUpdated(): ReactNode {
  const today = useVisitorToday();
  return (
    <p className={styles.lastUpdated}>
      Last Updated:{' '}
      <time dateTime={today.toISOString().slice(0, 10)}>{LONG_DATE.format(today)}</time>
    </p>
  );
}
