/**
 * What travellers type, against the built guides (run `npm run build` first; npm test does): the
 * table in scripts/search-queries.ts, each query with the guide and section that answers it. At
 * least 95% must be right at first; the misses are listed when it fails.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {
  SEARCH_QUERIES,
  builtSearchDocuments,
  checkQueries,
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
    results = checkQueries(await builtSearchDocuments(BUILD));
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
    const misses = results
      .filter((result) => !result.right)
      .map(
        ({query, slug, anchor, got}) => `"${query}": ${got}, not ${slug ?? 'nothing'}#${anchor}`,
      );
    // The misses are in the message when it fails.
    expect({atLeast95: shareRight(results) >= 0.95, misses}).toMatchObject({atLeast95: true});
  });

  it('marks every answer of a query no guide answers as only the closest', () => {
    expect(results.filter((result) => result.slug === null && !result.right)).toEqual([]);
  });
});
