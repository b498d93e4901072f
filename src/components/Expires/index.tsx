import type {ReactNode} from 'react';
import {useSiteSettings} from '@site/src/hooks/useSiteSettings';
import {parseDay, toLongDate} from '@site/src/lib/dates';
import styles from './styles.module.css';

/**
 * A fact that holds until a known day, such as a visa scheme announced "until 31 December 2026".
 * `npm run check-content` and the build list every mark that has ended or ends within 60 days.
 * A page built after that day tells the reader the fact has ended, so a missed update never
 * reads as current.
 */
export default function Expires({on, children}: {on: string; children: ReactNode}): ReactNode {
  const lastDay = parseDay(on);
  if (!lastDay) throw new Error(`<Expires on="${on}">: on must be the last day as YYYY-MM-DD`);
  // The build's day, not the visitor's, so the server HTML and hydration agree.
  const ended = new Date(useSiteSettings().buildDate) > new Date(lastDay.getTime() + 86_400_000);
  return (
    <span data-expires={on}>
      {children}
      {ended && (
        <strong className={styles.ended}>
          {' '}
          (This ended on {toLongDate(lastDay)}: check the current rule before you rely on it.)
        </strong>
      )}
    </span>
  );
}
