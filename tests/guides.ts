/**
 * The guides of a site's blog/ as the article model reads them (plugins/articles), for tests that
 * must hold however many guides there are and whichever of them marks a fact to end: which guides
 * exist, and which facts each marks with `<Expires>`, as the freshness check reads them (a rule's
 * end from src/data/entry-rules.ts, as the build takes it).
 */
import path from 'node:path';
import {createArticles} from '../plugins/articles';
import {expiryMarksOf} from '../plugins/freshness/check';
import {chinaDay} from '../src/lib/dates';

const ROOT = path.resolve(__dirname, '..');

export interface Guide {
  slug: string;
  /** Its source, relative to the site: `blog/2025-06-17-taobao-guide/index.mdx`. */
  file: string;
  source: string;
  /** Each `<Expires>` of its text, in the order written. */
  marks: Mark[];
}

interface Mark {
  /** The rule of `<Expires rule="…">`; none for `<Expires on="…">`. */
  rule?: string;
  /** The last day the fact holds, YYYY-MM-DD. */
  lastDay: string;
  /** Its 1-based line in the source. */
  line: number;
}

/** Every guide in `siteDir`'s blog/, by file (oldest folder first); fails on one that does not pass its rules. */
export function guidesOf(siteDir: string = ROOT): Guide[] {
  return createArticles({siteDir, today: chinaDay(new Date())})
    .all()
    .map(({file, article, problems}) => {
      if (article === undefined) throw new Error(`${file}: ${JSON.stringify(problems)}`);
      const marks = expiryMarksOf(article.source).map(({rule, line, read}) => {
        // check-content refuses such a mark; a test needs the day.
        if ('problem' in read) throw new Error(`${file}:${line}: ${read.problem}`);
        return {...(rule !== undefined && {rule}), lastDay: read.day, line};
      });
      return {slug: article.frontMatter.slug, file, source: article.source, marks};
    });
}

/** The day the guide's first marked fact to end ends (its notice names it), if it marks one. */
export function firstLastDay(guide: Guide): string | undefined {
  return guide.marks.map(({lastDay}) => lastDay).sort()[0];
}

/**
 * The guide whose marked fact ends first, the oldest of them on a tie, with that day: the guide
 * a test of ended facts reads, whichever it is.
 */
export function firstToEnd(guides: readonly Guide[] = guidesOf()): {guide: Guide; lastDay: string} {
  const [first] = guides
    .flatMap((guide) => {
      const lastDay = firstLastDay(guide);
      return lastDay === undefined ? [] : [{guide, lastDay}];
    })
    .sort((a, b) => a.lastDay.localeCompare(b.lastDay));
  if (first === undefined)
    throw new Error('No guide marks a fact with <Expires>: a test needs one');
  return first;
}

/** The guides that mark a fact of `rule`. */
export function guidesMarking(rule: string, guides: readonly Guide[] = guidesOf()): Guide[] {
  return guides.filter(({marks}) => marks.some((mark) => mark.rule === rule));
}
