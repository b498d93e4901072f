import type {Change} from '../../contracts/article';

/** A review of an article: its day (YYYY-MM-DD) and what it changed, one line each. */
export interface Review {
  date: string;
  changes: string[];
}

/**
 * An article's reviews, newest first, from its validated `changes` (newest first, one entry per
 * line): the "What changed" list on its page and the top of its feed items.
 */
export function reviewsOf(changes: readonly Change[]): Review[] {
  const reviews: Review[] = [];
  for (const {date, what} of changes) {
    const latest = reviews.at(-1);
    if (latest?.date === date) latest.changes.push(what);
    else reviews.push({date, changes: [what]});
  }
  return reviews;
}
