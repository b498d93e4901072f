/**
 * The guides of a site's blog/ as their writers left them, for tests that must hold however many
 * guides there are and whichever of them marks a fact to end: which guides exist, and which
 * facts each marks with `<Expires>`, read from the sources, with a rule's end from
 * src/data/entry-rules.ts as the build takes it.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {ruleById} from '../src/data/entry-rules';

export const ROOT = path.resolve(__dirname, '..');

export interface Guide {
  slug: string;
  /** Its source, relative to the site: `blog/2025-06-17-taobao-guide/index.mdx`. */
  file: string;
  source: string;
  /** Each `<Expires>` of its text, in the order written. */
  marks: Mark[];
}

export interface Mark {
  /** The rule of `<Expires rule="…">`; none for `<Expires on="…">`. */
  rule?: string;
  /** The last day the fact holds, YYYY-MM-DD. */
  lastDay: string;
  /** Its 1-based line in the source. */
  line: number;
}

const MARK = /<Expires\b([^>]*)>/g;

function marksOf(source: string): Mark[] {
  return [...source.matchAll(MARK)].map((match) => {
    const attributes = match[1] ?? '';
    const rule = /\brule\s*=\s*["']([^"']+)["']/.exec(attributes)?.[1];
    const lastDay =
      rule === undefined
        ? /\bon\s*=\s*["'](\d{4}-\d{2}-\d{2})["']/.exec(attributes)?.[1]
        : ruleById(rule)?.end;
    const line = source.slice(0, match.index).split('\n').length;
    // check-content refuses such a mark; a test needs the day.
    if (lastDay === undefined) throw new Error(`A mark on line ${line} has no last day`);
    return {rule, lastDay, line};
  });
}

/** Every guide in `siteDir`'s blog/, oldest folder first. */
export function guidesOf(siteDir: string = ROOT): Guide[] {
  const blog = path.join(siteDir, 'blog');
  return readdirSync(blog, {withFileTypes: true})
    .filter((entry) => entry.isDirectory())
    .map(({name}) => name)
    .sort()
    .flatMap((folder) => {
      const file = ['index.mdx', 'index.md']
        .map((index) => `blog/${folder}/${index}`)
        .find((candidate) => existsSync(path.join(siteDir, candidate)));
      if (file === undefined) return [];
      const source = readFileSync(path.join(siteDir, file), 'utf8');
      const slug = /^slug:\s*["']?([a-z0-9-]+)/m.exec(source)?.[1];
      if (slug === undefined) throw new Error(`${file} has no slug`);
      return [{slug, file, source, marks: marksOf(source)}];
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
