import type {ReactNode} from 'react';
import {toLongDate} from '@site/src/lib/dates';
import type {Review} from '@site/src/lib/changes';
import styles from './styles.module.css';

function Day({date}: {date: string}): ReactNode {
  return <time dateTime={date}>{toLongDate(new Date(date))}</time>;
}

/**
 * "What changed since our last check", closed, near the top of an article: a native disclosure,
 * so it opens without any script, holding each review's changes, newest first.
 */
export default function WhatChanged({reviews}: {reviews: readonly Review[]}): ReactNode {
  const [latest] = reviews;
  if (latest === undefined) return null;
  return (
    <details className={styles.box}>
      <summary className={styles.summary}>
        What changed since our last check{' '}
        <span className={styles.when}>
          <Day date={latest.date} />
        </span>
      </summary>
      {reviews.map(({date, changes}) => (
        <div key={date} className={styles.review}>
          <p className={styles.day}>
            <Day date={date} />
          </p>
          <ul className={styles.list}>
            {changes.map((what, index) => (
              <li key={index}>{what}</li>
            ))}
          </ul>
        </div>
      ))}
    </details>
  );
}
