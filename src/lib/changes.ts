import {isoDay} from './dates';

/** A review of an article: its day (YYYY-MM-DD) and what it changed, one line each. */
export interface Review {
  date: string;
  changes: string[];
}

/** A front-matter day as YYYY-MM-DD: text as written, YAML's Date, or that Date as JSON. */
function dayText(value: unknown): string {
  return value instanceof Date ? isoDay(value) : String(value).slice(0, 10);
}

/**
 * An article's reviews, newest first, from its validated `changes` (newest first, one entry per
 * line): the "What changed" list on its page and the top of its feed items.
 */
export function reviewsOf(frontMatter: object): Review[] {
  const {changes} = frontMatter as {changes?: unknown};
  const reviews: Review[] = [];
  for (const {date, what} of Array.isArray(changes)
    ? (changes as {date: unknown; what: unknown}[])
    : []) {
    const day = dayText(date);
    const latest = reviews.at(-1);
    if (latest?.date === day) latest.changes.push(String(what));
    else reviews.push({date: day, changes: [String(what)]});
  }
  return reviews;
}
