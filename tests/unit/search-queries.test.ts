/**
 * What travellers type, against the built guides (run `npm run build` first; npm test does): the
 * queries of tests/unit/search-queries.yaml, each with the guide and section that answers it. At
 * least 95% must be right at first; when not, the failure names every query that moved and how
 * to accept a better answer. The file's own reading: search-queries-file.test.ts.
 *
 * Each is judged among the guides the file names: a guide a writer has just added, which no line
 * names yet, may rightly come first for some (a rail guide for "高铁"), and is judged once the
 * file names it. `npx tsx scripts/search-queries.ts` shows what it took, against every guide.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {
  SEARCH_QUERIES,
  builtSearchDocuments,
  checkQueries,
  movedQueries,
  namedGuides,
  shareRight,
  type QueryResult,
} from '../../scripts/search-queries';

const BUILD = path.resolve(__dirname, '../../build');

describe("travellers' queries on the built guides", () => {
  let results: QueryResult[];

  beforeAll(async () => {
    if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
      throw new Error(`No production build in ${BUILD}: run "npm run build" first.`);
    }
    results = checkQueries(await builtSearchDocuments(BUILD), SEARCH_QUERIES, namedGuides());
  });

  it('asks at least 40 questions, 5 of them with no answer, of guides the build has', () => {
    expect(SEARCH_QUERIES.length).toBeGreaterThanOrEqual(40);
    expect(SEARCH_QUERIES.filter((query) => query.slug === null).length).toBeGreaterThanOrEqual(5);
    // A row naming a guide or section the build lacks is out of date, not a miss.
    const stale = SEARCH_QUERIES.filter(({slug}) => slug !== null).filter(
      ({slug}) => !existsSync(path.join(BUILD, 'blog', `${slug}.html`)),
    );
    expect(stale).toEqual([]);
  });

  it('finds the right guide and section first for at least 95% of them', () => {
    // When it fails, the received text names every query that moved and how to accept it.
    expect(shareRight(results) >= 0.95 || movedQueries(results)).toBe(true);
  });

  it('marks every answer of a query no guide answers as only the closest', () => {
    expect(results.filter((result) => result.slug === null && !result.right)).toEqual([]);
  });
});
