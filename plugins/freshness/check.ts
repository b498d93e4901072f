import path from 'node:path';
import {
  articleProblems,
  expiresOf,
  frontMatterLine,
  parseFrontMatter,
  reviewedOn,
} from '../blog-summaries/front-matter';
import {parseDay, toLongDate} from '../../src/lib/dates';

/**
 * What a writer must act on, found in one article's source:
 * - `expired`: a fact marked `<Expires on="YYYY-MM-DD">`, or the title, description and excerpt
 *   marked with `expires: YYYY-MM-DD`, whose last day has passed in China;
 * - `ending`: such a fact whose last day is within `ENDING_WITHIN_DAYS`;
 * - `review`: an article whose `last_update.date` is more than `REVIEW_AFTER_MONTHS` old;
 * - `invalid`: a mark, a front-matter field or an image a writer must fix (see
 *   plugins/blog-summaries/front-matter.ts);
 * - `too-long`: an article whose first screen does not fit the first round trip (first-screen.ts).
 */
export type FindingKind = 'expired' | 'ending' | 'review' | 'invalid' | 'too-long';

export interface Finding {
  /** The file as the writer opens it, relative to the site. */
  file: string;
  /** 1-based line of the mark or of `last_update`. */
  line: number;
  kind: FindingKind;
  message: string;
}

export const ENDING_WITHIN_DAYS = 60;
export const REVIEW_AFTER_MONTHS = 6;
const DAY_MS = 86_400_000;
const EXPIRES_TAG = /<Expires\b([^>]*)>/g;
const ON_ATTRIBUTE = /\bon\s*=\s*["']([^"']*)["']/;

function addMonths(day: Date, months: number): Date {
  const target = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth() + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0));
  target.setUTCDate(Math.min(day.getUTCDate(), lastDay.getUTCDate()));
  return target;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

const MARKED_FACT = {
  ended: (day: string, ago: string) => `a fact marked to end on ${day} has ended (${ago} ago)`,
  fix: 'check the current rule, rewrite the sentence and its mark (on="…")',
  ending: 'a fact ends',
};

const MARKED_SUMMARY: typeof MARKED_FACT = {
  ended: (day: string, ago: string) =>
    `the title, description and excerpt, marked to hold until ${day} (expires), have ended (${ago} ago)`,
  fix: 'check the current rule, rewrite them and set expires to their new last day (or remove it)',
  ending: 'the title, description and excerpt (expires) end',
};

function daysBetween(from: Date, to: Date): number {
  return Math.round((to.getTime() - from.getTime()) / DAY_MS);
}

/** An ended or ending day, worded for what it marks; nothing when it is more than 60 days off. */
function calendarFinding(
  where: Pick<Finding, 'file' | 'line'>,
  day: Date,
  today: Date,
  what: typeof MARKED_FACT,
): Finding[] {
  const daysLeft = daysBetween(today, day);
  if (daysLeft < 0) {
    const message = `${what.ended(toLongDate(day), plural(-daysLeft, 'day'))}: ${what.fix}, then set last_update.date`;
    return [{...where, kind: 'expired', message}];
  }
  if (daysLeft > ENDING_WITHIN_DAYS) return [];
  const message = `${what.ending} on ${toLongDate(day)}, in ${plural(daysLeft, 'day')}: check for an extension`;
  return [{...where, kind: 'ending', message}];
}

/** Every `<Expires on="…">` mark in the source, with its line. */
function expiryMarks(file: string, lines: readonly string[], today: Date): Finding[] {
  const findings: Finding[] = [];
  lines.forEach((text, index) => {
    for (const [, attributes = ''] of text.matchAll(EXPIRES_TAG)) {
      const line = index + 1;
      const value = ON_ATTRIBUTE.exec(attributes)?.[1];
      const day = value === undefined ? undefined : parseDay(value);
      if (day === undefined) {
        findings.push({
          file,
          line,
          kind: 'invalid',
          message: `<Expires> needs on="YYYY-MM-DD" (the last day the fact holds), got ${value === undefined ? 'no on' : JSON.stringify(value)}`,
        });
        continue;
      }
      findings.push(...calendarFinding({file, line}, day, today, MARKED_FACT));
    }
  });
  return findings;
}

/** The front matter's `expires`: the day the title, description and excerpt stop holding. */
function summaryExpiry(
  file: string,
  source: string,
  frontMatter: Record<string, unknown>,
  today: Date,
): Finding[] {
  const day = expiresOf(frontMatter);
  if (day === undefined) return [];
  const line = frontMatterLine(source, 'expires');
  return calendarFinding({file, line}, day, today, MARKED_SUMMARY);
}

/** An article whose `last_update.date` is more than six months old. */
function reviewDue(
  file: string,
  source: string,
  frontMatter: Record<string, unknown>,
  today: Date,
): Finding[] {
  const day = reviewedOn(frontMatter);
  if (day === undefined || addMonths(day, REVIEW_AFTER_MONTHS) >= today) return [];
  return [
    {
      file,
      line: frontMatterLine(source, 'last_update'),
      kind: 'review',
      message: `last reviewed on ${toLongDate(day)}, more than ${REVIEW_AFTER_MONTHS} months ago: check its facts and update last_update`,
    },
  ];
}

/**
 * The earliest day a fact in the article's text is marked to hold until (`<Expires on>`), as
 * YYYY-MM-DD: the first of its facts to end. Marks that cannot be read are `checkArticle`'s.
 */
export function firstMarkedDay(source: string): string | undefined {
  let first: string | undefined;
  for (const [, attributes = ''] of source.matchAll(EXPIRES_TAG)) {
    const value = ON_ATTRIBUTE.exec(attributes)?.[1];
    if (value !== undefined && parseDay(value) && (first === undefined || value < first)) {
      first = value;
    }
  }
  return first;
}

/**
 * The calendar's findings for one article as of `today` (China's day, see chinaDay): facts and
 * summaries that have ended or end soon, a review that is due, and marks that cannot be read. The
 * front matter's own mistakes are `frontMatterFindings`'.
 */
export function checkArticle(file: string, source: string, today: Date): Finding[] {
  const lines = source.split(/\r?\n/);
  const frontMatter = parseFrontMatter(source);
  return [
    ...reviewDue(file, source, frontMatter, today),
    ...summaryExpiry(file, source, frontMatter, today),
    ...expiryMarks(file, lines, today),
  ];
}

/**
 * The mistakes in an article's front matter and images (plugins/blog-summaries/front-matter.ts),
 * as findings; a front matter YAML cannot read is one.
 */
export function frontMatterFindings(
  file: string,
  source: string,
  siteDir: string,
  today: Date,
): Finding[] {
  const sourcePath = path.join(siteDir, file);
  return articleProblems({sourcePath, source}, siteDir, today).map(({line, message}) => ({
    file,
    line,
    kind: 'invalid' as const,
    message,
  }));
}

/** Findings that fail `npm run check-content`; the rest are reminders. */
export function isFailure(finding: Finding): boolean {
  return finding.kind !== 'ending' && finding.kind !== 'review';
}

export function formatFinding({file, line, kind, message}: Finding): string {
  return `${file}:${line}: ${kind}: ${message}`;
}
