/**
 * The travellers' queries as a writer keeps them (tests/unit/search-queries.yaml): read with the
 * line of a mistake, the moved ones named, a better answer accepted into the file with its
 * comments kept. The queries against the build: search-queries.test.ts.
 */
import {
  acceptAnswers,
  checkQueries,
  movedQueries,
  namedGuides,
  parseQueries,
  type QueryResult,
} from '../../scripts/search-queries';
import type {SearchDocument} from '../../src/lib/search/protocol';

const FILE = `# Payments
alipy: apps#alipay # a slip
'12306': apps

# Nothing answers these
xylophone: none
`;

const result = (query: string, got: string, right = false): QueryResult => ({
  ...parseQueries(FILE).find((entry) => entry.query === query)!,
  got,
  gotAnswer: got.replace(/#$/, ''),
  right,
});

describe("the travellers' queries file", () => {
  it('reads each query with its guide and section, the guide alone, or none', () => {
    expect(parseQueries(FILE)).toEqual([
      {query: 'alipy', slug: 'apps', anchor: 'alipay'},
      {query: '12306', slug: 'apps', anchor: ''},
      {query: 'xylophone', slug: null, anchor: ''},
    ]);
  });

  it('names the line of an answer that is no address, and of a query written twice', () => {
    expect(() => parseQueries('taxi: apps#taxis\ncab: Apps Guide\n', 'q.yaml')).toThrow(
      /^q\.yaml:2: write "query: guide-slug#section-anchor".*got "cab: Apps Guide"$/,
    );
    expect(() => parseQueries('taxi: apps\ntaxi: none\n', 'q.yaml')).toThrow(
      /^q\.yaml:2: .*unique/,
    );
  });

  it('names every query that moved, with what it expected and what came first, and how to accept', () => {
    const moved = movedQueries([
      result('alipy', 'apps#wechat'),
      result('12306', 'apps#', true),
      result('xylophone', 'apps#music'),
    ]);
    expect(moved).toContain('2 of 3 queries');
    expect(moved).toContain("'alipy': expected apps#alipay, got apps#wechat");
    expect(moved).toContain("'xylophone': expected none, got apps#music");
    expect(moved).not.toContain('12306');
    expect(moved).toContain("npx tsx scripts/search-queries.ts --accept '<query>'");
    expect(movedQueries([result('12306', 'apps#', true)])).toBe('');
  });

  it('accepts what came first into the file, for the queries named or every moved one', () => {
    const results = [result('alipy', 'apps#wechat'), result('xylophone', 'apps#music')];
    expect(acceptAnswers(FILE, results, ['alipy'])).toBe(
      FILE.replace('alipy: apps#alipay', 'alipy: apps#wechat'),
    );
    const all = acceptAnswers(FILE, results);
    expect(parseQueries(all).map(({query, slug, anchor}) => `${query} ${slug}#${anchor}`)).toEqual([
      'alipy apps#wechat',
      '12306 apps#',
      'xylophone apps#music',
    ]);
    expect(all).toContain('# Nothing answers these');
    expect(() => acceptAnswers(FILE, results, ['alipay'])).toThrow('No such query: alipay');
  });

  it('judges each query among the guides it names, where a guide no line names yet may come first', () => {
    const guide = (slug: string, heading: string, text: string): SearchDocument => ({
      url: `/blog/${slug}`,
      title: slug,
      description: '',
      sections: [{id: 'tickets', heading, text}],
    });
    const documents = [
      guide('apps', 'Booking', 'The 12306 app sells train tickets.'),
      guide('rail', '12306 train tickets', 'Book 12306 train tickets with a passport.'),
    ];
    const queries = parseQueries("'12306': apps#tickets\nxylophone: none\n");
    expect(namedGuides(queries)).toEqual(new Set(['apps']));
    const everyGuide = checkQueries(documents, queries);
    expect(everyGuide.map(({got, right}) => [got, right])).toEqual([
      ['rail#tickets', false],
      ['nothing', true],
    ]);
    const named = checkQueries(documents, queries, namedGuides(queries));
    expect(named.map(({got, right}) => [got, right])).toEqual([
      ['apps#tickets', true],
      ['nothing', true],
    ]);
  });
});
