import type {ReactNode} from 'react';
import {ruleById} from '@site/src/data/entry-rules';
import {useBuildDay} from '@site/src/hooks/useSiteSettings';
import {parseDay, toLongDate} from '@site/src/lib/dates';
import {ENDED_NOTE} from '@site/src/lib/ended-rules';
import styles from './styles.module.css';

/** The last day a mark holds: its rule's announced end (src/data/entry-rules.ts), or `on`. */
function markedLastDay({on, rule}: {on?: string; rule?: string}): string {
  if (rule === undefined) {
    if (on !== undefined && parseDay(on)) return on;
    throw new Error(`<Expires on="${on}">: on must be the last day as YYYY-MM-DD, or name a rule`);
  }
  const end = ruleById(rule)?.end;
  if (end === undefined)
    throw new Error(
      `<Expires rule="${rule}">: no rule with that id and an end in src/data/entry-rules.ts`,
    );
  return end;
}

/**
 * A fact that holds until a known day, such as a visa scheme announced "until 31 December 2026":
 * `rule="one-sided-30-day"` takes the rule's announced end from src/data/entry-rules.ts, so an
 * extension is one edit there (`on="YYYY-MM-DD"` is for the front matter's `expires`). Wrap only
 * the words that end, once per rule per section. From the next day in China the reader sees a
 * note after it saying it was announced to end (src/lib/ended-rules.ts), whenever the page was
 * built or saved: the page script (src/lib/page-script.ts) shows the note on the reader's day, and
 * a build after that day shows it in the HTML too. `npm run check-content` fails once it has
 * ended, on a second mark of a rule in one section and on a date in the mark that is not the
 * rule's end; it and the build list every mark that ends within 60 days.
 */
export default function Expires({
  on,
  rule,
  children,
}: {
  on?: string;
  rule?: string;
  children: ReactNode;
}): ReactNode {
  const last = markedLastDay({on, rule});
  const lastDay = parseDay(last) as Date;
  const endedAtBuild = useBuildDay() > lastDay;
  return (
    <span data-expires={last} data-rule={rule}>
      {children}
      {/* The page script may show it before the framework loads; hydration keeps that. */}
      <strong className={styles.ended} data-ended hidden={!endedAtBuild} suppressHydrationWarning>
        {ENDED_NOTE.before}
        <time dateTime={last}>{toLongDate(lastDay)}</time>
        {ENDED_NOTE.after}
      </strong>
    </span>
  );
}
