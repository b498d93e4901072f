/**
 * What travellers type into the site search, each with the guide and section that answers it, as
 * tests/unit/search-queries.yaml lists them: the search's own test
 * (tests/unit/search-queries.test.ts) and a figure of `npm run bench`, both on the built guides.
 *
 * `npx tsx scripts/search-queries.ts [--accept [query…]]`, after `npm run build`: lists each query
 * whose first result is not the one expected; with `--accept`, writes what came first into the
 * file as the expected answer, for the queries named (every moved one when none is).
 */
import {readFileSync, writeFileSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {isMap, isScalar, parseDocument} from 'yaml';
import {searchDocument} from '../build-steps/search';
import {articlePaths} from '../plugins/blog-summaries/summaries';
import {buildIndex, search, type Hit} from '../src/lib/search/engine';
import type {SearchDocument} from '../src/lib/search/protocol';
import {sitemapPaths} from './build-files';

export interface SearchQuery {
  query: string;
  /** The guide that answers, or null when none does. */
  slug: string | null;
  /** Its section's anchor; '' for the guide's top. */
  anchor: string;
}

/** The file a writer edits: one `query: slug#anchor` (or `none`) a line. */
const QUERIES_FILE = path.resolve(__dirname, '../tests/unit/search-queries.yaml');
/** What the file says where no guide answers a query. */
const NONE = 'none';
const ANSWER = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:#(.*))?$/;

/** The queries of a queries file's text; throws one line, with the line, on a mistake. */
export function parseQueries(text: string, file = QUERIES_FILE): SearchQuery[] {
  const document = parseDocument(text);
  const [error] = document.errors;
  if (error) throw new Error(`${file}:${error.linePos?.[0].line ?? 1}: ${error.message}`);
  if (!isMap(document.contents)) throw new Error(`${file}: write one "query: slug#anchor" a line`);
  return document.contents.items.map(({key, value}) => {
    const query = isScalar(key) ? String(key.value) : '';
    const answer = isScalar(value) ? String(value.value) : '';
    const match = ANSWER.exec(answer);
    if (query.trim() === '' || (answer !== NONE && !match)) {
      const line = text.slice(0, isScalar(key) ? key.range[0] : 0).split('\n').length;
      throw new Error(
        `${file}:${line}: write "query: guide-slug#section-anchor", the guide's slug alone, or "${NONE}", got "${query}: ${answer}"`,
      );
    }
    return answer === NONE || !match
      ? {query, slug: null, anchor: ''}
      : {query, slug: match[1] ?? '', anchor: match[2] ?? ''};
  });
}

export const SEARCH_QUERIES: readonly SearchQuery[] = parseQueries(
  readFileSync(QUERIES_FILE, 'utf8'),
);

/** A query's expected answer as the file writes it. */
function answerOf({slug, anchor}: SearchQuery): string {
  return slug === null ? NONE : anchor ? `${slug}#${anchor}` : slug;
}

export interface QueryResult extends SearchQuery {
  /** The first result, as `slug#anchor`, or "nothing" / "… (closest matches only)". */
  got: string;
  /** The first result as the file writes an answer (`none` for nothing or closest matches). */
  gotAnswer: string;
  right: boolean;
}

/** The guides a queries file names as an answer. */
export function namedGuides(queries: readonly SearchQuery[] = SEARCH_QUERIES): Set<string> {
  return new Set(queries.flatMap(({slug}) => slug ?? []));
}

/**
 * Each query against the guides, and whether its first result is the expected one. With
 * `among`, a query is judged by its first result among those guides (slugs): the order of the
 * others, as every guide's words weigh it, and not where a guide left out comes.
 */
export function checkQueries(
  documents: SearchDocument[],
  queries: readonly SearchQuery[] = SEARCH_QUERIES,
  among?: ReadonlySet<string>,
): QueryResult[] {
  const index = buildIndex(documents);
  const judged = (hit: Hit) => among?.has(hit.document.url.replace(/^\/blog\//, '')) ?? true;
  return queries.map((expected) => {
    const first = search(index, expected.query, documents.length).find(judged);
    const found =
      first && `${first.document.url.replace(/^\/blog\//, '')}#${first.section?.id ?? ''}`;
    const got = !found ? 'nothing' : `${found}${first.weak ? ' (closest matches only)' : ''}`;
    const gotAnswer = !found || first.weak ? NONE : found.replace(/#$/, '');
    const right =
      expected.slug === null ? gotAnswer === NONE : got === `${expected.slug}#${expected.anchor}`;
    return {...expected, got, gotAnswer, right};
  });
}

/**
 * Every query whose first result moved, one line each with what was expected and what came
 * first, and how to accept a better answer; empty when none moved.
 */
export function movedQueries(results: readonly QueryResult[]): string {
  const moved = results.filter((result) => !result.right);
  if (moved.length === 0) return '';
  return [
    `${moved.length} of ${results.length} queries in ${path.relative(process.cwd(), QUERIES_FILE)} moved:`,
    ...moved.map(
      (result) => `  '${result.query}': expected ${answerOf(result)}, got ${result.got}`,
    ),
    'Where what came first answers the query better, edit its line in that file, or run',
    `  npx tsx scripts/search-queries.ts --accept '<query>'   (every moved query without one)`,
    'Where it does not, the guides or the search need the fix.',
  ].join('\n');
}

/**
 * The queries file's text with what came first as the expected answer of each moved query of
 * `accept` (every moved one when empty); comments and order stay.
 */
export function acceptAnswers(
  text: string,
  results: readonly QueryResult[],
  accept: readonly string[] = [],
): string {
  const document = parseDocument(text);
  const unknown = accept.filter((query) => !results.some((result) => result.query === query));
  if (unknown.length > 0) throw new Error(`No such query: ${unknown.join(', ')}`);
  const moved = results.filter(
    (result) => !result.right && (accept.length === 0 || accept.includes(result.query)),
  );
  if (!isMap(document.contents)) return text;
  for (const pair of document.contents.items) {
    const result = moved.find(({query}) => isScalar(pair.key) && String(pair.key.value) === query);
    if (result && isScalar(pair.value)) pair.value.value = result.gotAnswer;
  }
  return document.toString({lineWidth: 0});
}

/** The share of queries whose first result is right, from 0 to 1. */
export function shareRight(results: readonly QueryResult[]): number {
  return results.filter((result) => result.right).length / Math.max(1, results.length);
}

/** The guides of a build, as its search reads them (the sitemap's articles). */
export async function builtSearchDocuments(buildDir: string): Promise<SearchDocument[]> {
  const sitemap = await readFile(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return Promise.all(
    articlePaths(sitemapPaths(sitemap)).map(async (route) =>
      searchDocument(await readFile(path.join(buildDir, `${route}.html`), 'utf8'), route),
    ),
  );
}

async function main(): Promise<void> {
  const {values, positionals} = parseArgs({
    options: {accept: {type: 'boolean', default: false}},
    allowPositionals: true,
  });
  const build = path.resolve(__dirname, '../build');
  const results = checkQueries(await builtSearchDocuments(build));
  console.log(movedQueries(results) || `All ${results.length} queries come first as expected.`);
  if (!values.accept) return;
  const text = readFileSync(QUERIES_FILE, 'utf8');
  writeFileSync(QUERIES_FILE, acceptAnswers(text, results, positionals));
  console.log(
    `Accepted into ${path.relative(process.cwd(), QUERIES_FILE)}: check it with git diff.`,
  );
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  });
}
