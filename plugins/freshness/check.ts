import {DEFAULT_PARSE_FRONT_MATTER} from '@docusaurus/utils';
import {parseDay, toLongDate} from '../../src/lib/dates';

/**
 * What a writer must act on, found in one article's source:
 * - `expired`: a fact marked `<Expires on="YYYY-MM-DD">` whose last day has passed;
 * - `ending`: such a fact whose last day is within `ENDING_WITHIN_DAYS`;
 * - `review`: an article whose `last_update.date` is more than `REVIEW_AFTER_MONTHS` old;
 * - `invalid`: a mark or review date that cannot be read, so nothing would ever warn about it.
 */
export type FindingKind = 'expired' | 'ending' | 'review' | 'invalid';

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
      const daysLeft = Math.round((day.getTime() - today.getTime()) / DAY_MS);
      if (daysLeft < 0) {
        findings.push({
          file,
          line,
          kind: 'expired',
          message: `a fact marked to end on ${toLongDate(day)} has expired (${plural(-daysLeft, 'day')} ago): update it and its mark`,
        });
      } else if (daysLeft <= ENDING_WITHIN_DAYS) {
        findings.push({
          file,
          line,
          kind: 'ending',
          message: `a fact ends on ${toLongDate(day)}, in ${plural(daysLeft, 'day')}: check for an extension`,
        });
      }
    }
  });
  return findings;
}

/** The article's `last_update.date`: missing, unreadable, or more than six months old. */
function reviewDate(
  file: string,
  lines: readonly string[],
  frontMatter: Record<string, unknown>,
  today: Date,
): Finding[] {
  const lineIndex = lines.findIndex((text) => /^last_update\s*:/.test(text));
  const line = lineIndex === -1 ? 1 : lineIndex + 1;
  const lastUpdate = frontMatter.last_update as {date?: unknown} | undefined;
  const value = lastUpdate?.date;
  // YAML reads an unquoted 2026-11-25 as a Date at UTC midnight.
  const day =
    value instanceof Date && !Number.isNaN(value.getTime())
      ? value
      : typeof value === 'string'
        ? parseDay(value)
        : undefined;
  if (day === undefined) {
    return [
      {
        file,
        line,
        kind: 'invalid',
        message:
          'the front matter needs the day the article was last reviewed: "last_update:" then "  date: YYYY-MM-DD"',
      },
    ];
  }
  if (addMonths(day, REVIEW_AFTER_MONTHS) < today) {
    return [
      {
        file,
        line,
        kind: 'review',
        message: `last reviewed on ${toLongDate(day)}, more than ${REVIEW_AFTER_MONTHS} months ago: check its facts and update last_update`,
      },
    ];
  }
  return [];
}

/**
 * A `date:` of the front matter that names no day of the calendar. YAML reads an unquoted
 * 2026-02-30 as 2 March, so the parsed front matter cannot show the mistake; the source can.
 */
function impossibleDays(file: string, lines: readonly string[]): Finding[] {
  const end = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  return lines.slice(1, Math.max(end, 1)).flatMap((text, index) => {
    const day = /^\s*date\s*:\s*["']?(\d{4}-\d{2}-\d{2})/.exec(text)?.[1];
    if (day === undefined || parseDay(day) !== undefined) return [];
    const message = `${day} is not a day of the calendar (YYYY-MM-DD)`;
    return [{file, line: index + 2, kind: 'invalid' as const, message}];
  });
}

/** What needs a writer's attention in one article, as of `today` (a UTC midnight). */
export async function checkArticle(file: string, source: string, today: Date): Promise<Finding[]> {
  const lines = source.split(/\r?\n/);
  const impossible = impossibleDays(file, lines);
  if (impossible.length > 0) return impossible;
  const {frontMatter} = await DEFAULT_PARSE_FRONT_MATTER({filePath: file, fileContent: source});
  return [...reviewDate(file, lines, frontMatter, today), ...expiryMarks(file, lines, today)];
}

/** Findings that fail `npm run check-content`; the rest are reminders. */
export function isFailure(finding: Finding): boolean {
  return finding.kind === 'expired' || finding.kind === 'invalid';
}

export function formatFinding({file, line, kind, message}: Finding): string {
  return `${file}:${line}: ${kind}: ${message}`;
}
