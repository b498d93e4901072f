import {parseDay, toLongDate} from '../../src/lib/dates';
import {entryRuleProblems, ruleById} from '../../src/data/entry-rules';
import type {Article, ArticleRead} from '../articles';

/**
 * What a writer must act on, found in one article's source:
 * - `expired`: a fact marked `<Expires on="YYYY-MM-DD">`, or the title, description and excerpt
 *   marked with `expires: YYYY-MM-DD`, whose last day has passed in China;
 * - `ending`: such a fact whose last day is within `ENDING_WITHIN_DAYS`;
 * - `review`: an article whose `last_update.date` is more than `REVIEW_AFTER_MONTHS` old;
 * - `invalid`: a mark, a front-matter field or an image a writer must fix (see
 *   plugins/articles);
 * - `too-long`: an article whose first screen does not fit the first round trip (first-screen.ts);
 * - `other-end`: a sentence inside `<Expires rule="…">` that names an end other than the rule's
 *   (src/data/entry-rules.ts), such as "until 31 December 2026" after the rule moved to 2027;
 * - `repeated`: a second mark of one rule in one section, where the reader would see its note
 *   twice.
 */
type FindingKind =
  'expired' | 'ending' | 'review' | 'invalid' | 'too-long' | 'other-end' | 'repeated';

export interface Finding {
  /** The file as the writer opens it, relative to the site. */
  file: string;
  /** 1-based line of the mark or of `last_update`. */
  line: number;
  kind: FindingKind;
  message: string;
}

const ENDING_WITHIN_DAYS = 60;
const REVIEW_AFTER_MONTHS = 6;
const DAY_MS = 86_400_000;
const EXPIRES_TAG = /<Expires\b([^>]*)>/g;
const ON_ATTRIBUTE = /\bon\s*=\s*["']([^"']*)["']/;
const RULE_ATTRIBUTE = /\brule\s*=\s*["']([^"']*)["']/;

/** A mark's last day as YYYY-MM-DD, from its rule or its `on`; or what is wrong with it. */
function markDay(attributes: string): {day: string} | {problem: string} {
  const rule = RULE_ATTRIBUTE.exec(attributes)?.[1];
  if (rule !== undefined) {
    const end = ruleById(rule)?.end;
    if (end !== undefined) return {day: end};
    return {
      problem: ruleById(rule)
        ? `<Expires rule="${rule}">: that rule has no announced end in src/data/entry-rules.ts`
        : `<Expires rule="${rule}">: no rule with that id in src/data/entry-rules.ts`,
    };
  }
  const value = ON_ATTRIBUTE.exec(attributes)?.[1];
  if (value !== undefined && parseDay(value)) return {day: value};
  return {
    problem: `<Expires> needs rule="…" (a rule in src/data/entry-rules.ts) or on="YYYY-MM-DD" (the last day the fact holds), got ${value === undefined ? 'neither' : JSON.stringify(value)}`,
  };
}

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
  fix: `check the current rule, set its end in src/data/entry-rules.ts (or the mark's on="…") and rewrite the sentence`,
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

/** One `<Expires>` of an article's text: its rule (when it names one), its line, its last day. */
export interface ExpiryMark {
  rule?: string;
  /** 1-based line of the source. */
  line: number;
  /** The last day the fact holds, YYYY-MM-DD; or why it cannot be read. */
  read: {day: string} | {problem: string};
}

/** Every `<Expires>` mark of an article's source, in the order written. */
export function expiryMarksOf(source: string): ExpiryMark[] {
  return source.split(/\r?\n/).flatMap((text, index) =>
    [...text.matchAll(EXPIRES_TAG)].map(([, attributes = '']) => {
      const rule = RULE_ATTRIBUTE.exec(attributes)?.[1];
      return {...(rule !== undefined && {rule}), line: index + 1, read: markDay(attributes)};
    }),
  );
}

/** Every `<Expires>` mark in the source as a finding, when it has ended, ends soon or is unreadable. */
function expiryMarks(file: string, source: string, today: Date): Finding[] {
  return expiryMarksOf(source).flatMap(({line, read}) =>
    'problem' in read
      ? [{file, line, kind: 'invalid' as const, message: read.problem}]
      : calendarFinding({file, line}, parseDay(read.day) as Date, today, MARKED_FACT),
  );
}

const MONTHS =
  'January|February|March|April|May|June|July|August|September|October|November|December';
const WRITTEN_DAY = new RegExp(
  `\\b(\\d{1,2}) (${MONTHS}) (\\d{4})\\b|\\b(\\d{4}-\\d{2}-\\d{2})\\b`,
  'g',
);
/** Words that make the day after them an end: "until 31 December 2026", "ends on …". */
const END_WORDS =
  /\b(?:until|till|through|to|end|ends|ended|ending|expires?|runs? out)(?: on)?\s*$/i;
const MARK = /<Expires\b([^>]*)>([\s\S]*?)<\/Expires>/g;

function lineAt(source: string, offset: number): number {
  return source.slice(0, offset).split('\n').length;
}

/** The sentence around `offset` in `text`, on one line, for the writer to find. */
function sentenceAround(text: string, offset: number): string {
  const start = Math.max(text.lastIndexOf('. ', offset) + 1, text.lastIndexOf('\n', offset) + 1);
  const stops = ['. ', '.\n', '\n']
    .map((stop) => text.indexOf(stop, offset))
    .filter((at) => at >= 0);
  const end = stops.length > 0 ? Math.min(...stops) + 1 : text.length;
  return text
    .slice(start, end)
    .replace(/<[^>]+>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

function isoOf(match: RegExpMatchArray): string {
  if (match[4]) return match[4];
  const month = MONTHS.split('|').indexOf(String(match[2])) + 1;
  return `${match[3]}-${String(month).padStart(2, '0')}-${String(match[1]).padStart(2, '0')}`;
}

/**
 * Inside each `<Expires rule="…">` mark, every sentence that names an end day other than the
 * rule's; and each mark of a rule after its first in one section (from one heading to the next),
 * whose note the reader would see again.
 */
function ruleMarkFindings(file: string, source: string): Finding[] {
  const findings: Finding[] = [];
  const seen = new Set<string>();
  const headings = [...source.matchAll(/^#{1,6} .*$/gm)].map((heading) => heading.index);
  for (const mark of source.matchAll(MARK)) {
    const rule = RULE_ATTRIBUTE.exec(mark[1] ?? '')?.[1];
    const end = rule === undefined ? undefined : ruleById(rule)?.end;
    if (rule === undefined || end === undefined) continue;
    const markLine = lineAt(source, mark.index);
    const section = headings.filter((at) => at < mark.index).length;
    if (seen.has(`${rule} ${section}`))
      findings.push({
        file,
        line: markLine,
        kind: 'repeated',
        message: `a second <Expires rule="${rule}"> in this section: the reader would see its note twice; mark its words once`,
      });
    seen.add(`${rule} ${section}`);
    const text = mark[2] ?? '';
    const textStart = mark.index + mark[0].indexOf('>') + 1;
    for (const day of text.matchAll(WRITTEN_DAY)) {
      const before = text.slice(Math.max(0, day.index - 30), day.index);
      if (!END_WORDS.test(before) || isoOf(day) === end) continue;
      findings.push({
        file,
        line: lineAt(source, textStart + day.index),
        kind: 'other-end',
        message: `"${sentenceAround(text, day.index)}" names ${day[0]} as an end, inside a mark of "${rule}", which src/data/entry-rules.ts says ends on ${toLongDate(parseDay(end) as Date)}: rewrite it (<RuleEnd rule="${rule}" /> writes the rule's end)`,
      });
    }
  }
  return findings;
}

/** The data file's mistakes (src/data/entry-rules.ts), as findings. */
export function entryRuleFindings(): Finding[] {
  return entryRuleProblems().map((problem) => ({
    file: 'src/data/entry-rules.ts',
    line: 1,
    kind: 'invalid' as const,
    message: problem.replace(/^src\/data\/entry-rules\.ts: /, ''),
  }));
}

/** The front matter's `expires`: the day the title, description and excerpt stop holding. */
function summaryExpiry({file, frontMatter, lineOf}: Article, today: Date): Finding[] {
  const day = frontMatter.expires === undefined ? undefined : parseDay(frontMatter.expires);
  if (day === undefined) return [];
  return calendarFinding({file, line: lineOf('expires')}, day, today, MARKED_SUMMARY);
}

/** An article whose `last_update.date` is more than six months old. */
function reviewDue({file, frontMatter, lineOf}: Article, today: Date): Finding[] {
  const day = parseDay(frontMatter.last_update.date);
  if (day === undefined || addMonths(day, REVIEW_AFTER_MONTHS) >= today) return [];
  return [
    {
      file,
      line: lineOf('last_update'),
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
  const days = expiryMarksOf(source).flatMap(({read}) => ('day' in read ? [read.day] : []));
  return days.sort()[0];
}

/**
 * What the text's marks say as of `today` (China's day, see chinaDay): facts that have ended or
 * end soon, marks that cannot be read, and a rule's mark that names another end or repeats.
 */
export function checkMarks(file: string, source: string, today: Date): Finding[] {
  return [...expiryMarks(file, source, today), ...ruleMarkFindings(file, source)];
}

/**
 * The calendar's findings for one article as of `today`: a review that is due, a summary that has
 * ended or ends soon, and its marks (checkMarks).
 */
export function checkArticle(article: Article, today: Date): Finding[] {
  return [
    ...reviewDue(article, today),
    ...summaryExpiry(article, today),
    ...checkMarks(article.file, article.source, today),
  ];
}

/**
 * An article as read, as findings: its mistakes (plugins/articles) when it has any, and its
 * marks when its text reads; the calendar of its front matter once the front matter passes.
 */
export function articleFindings(read: ArticleRead, today: Date): Finding[] {
  if (read.article !== undefined) return checkArticle(read.article, today);
  const mistakes = read.problems.map(({line, message}) => ({
    file: read.file,
    line,
    kind: 'invalid' as const,
    message,
  }));
  const marks = read.source === undefined ? [] : checkMarks(read.file, read.source, today);
  return [...mistakes, ...marks];
}

/** Findings that fail `npm run check-content`; the rest are reminders. */
export function isFailure(finding: Finding): boolean {
  return finding.kind !== 'ending' && finding.kind !== 'review';
}

export function formatFinding({file, line, kind, message}: Finding): string {
  return `${file}:${line}: ${kind}: ${message}`;
}
