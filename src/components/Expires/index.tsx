import type {ReactNode} from 'react';
import {useBuildDay} from '@site/src/hooks/useSiteSettings';
import {parseDay, toLongDate} from '@site/src/lib/dates';
import {ENDED_NOTE} from '@site/src/lib/ended-rules';
import styles from './styles.module.css';

/**
 * A fact that holds until a known day, such as a visa scheme announced "until 31 December 2026".
 * From the next day in China the reader sees a note after it saying it was announced to end
 * (src/lib/ended-rules.ts), whenever the page was built or saved: the page script (src/lib/page-script.ts) shows the note on the reader's day, and a build
 * after that day shows it in the HTML too. `npm run check-content` (and so `npm test`) fails once
 * it has ended, and it and the build list every mark that ends within 60 days.
 */
export default function Expires({on, children}: {on: string; children: ReactNode}): ReactNode {
  const lastDay = parseDay(on);
  if (!lastDay) throw new Error(`<Expires on="${on}">: on must be the last day as YYYY-MM-DD`);
  const endedAtBuild = useBuildDay() > lastDay;
  return (
    <span data-expires={on}>
      {children}
      {/* The page script may show it before the framework loads; hydration keeps that. */}
      <strong className={styles.ended} data-ended hidden={!endedAtBuild} suppressHydrationWarning>
        {ENDED_NOTE.before}
        <time dateTime={on}>{toLongDate(lastDay)}</time>
        {ENDED_NOTE.after}
      </strong>
    </span>
  );
}
