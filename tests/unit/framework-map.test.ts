import {frameworkMap, indexUrlIn} from '../../plugins/lean-client/framework-map';

const js = (file: string) => ({js: [{file: `assets/js/${file}`}]});
const manifest = {
  origins: {
    post: ['5', '10'],
    postData: ['11'],
    postContent: ['12'],
    home: ['13'],
  },
  assets: {'5': js('common.js'), '10': js('10.js'), '11': js('11.js'), '12': js('12.js'), '13': {}},
};
const input = {
  baseUrl: '/',
  routesChunkNames: {
    '/blog/a-d90': {
      __comp: 'post',
      __context: {data: {meta: 'postData'}},
      items: [{content: 'postContent'}],
    },
    // `config` has no chunk of its own: main.js holds it.
    '/-e5f': {__comp: 'home', config: 'config'},
  },
  manifest,
  searchFiles: ['assets/js/314.js', 'assets/js/common.js'],
  searchIndex: 'search-index.json?_=ab12',
};

describe('framework.json', () => {
  test("names the index, each route's chunks (found at any depth), then the search's", () => {
    const index = '/search-index.json?_=ab12';
    expect(frameworkMap(input)).toEqual({
      // common.js is named once.
      '/blog/a': [index, ...['common', '10', '11', '12', '314'].map((f) => `/assets/js/${f}.js`)],
      '/': [index, '/assets/js/314.js', '/assets/js/common.js'],
    });
  });

  test('stops the build when the generated files no longer name any route chunk', () => {
    const renamed = {...input, manifest: {...manifest, origins: {}}};
    expect(() => frameworkMap(renamed)).toThrow(/no route chunk found/);
  });

  test('stops the build when no chunk holds the search', () => {
    expect(() => frameworkMap({...input, searchFiles: []})).toThrow(/no chunk holds the search/);
  });

  test("reads the index URL from the search worker's code, for one search context", () => {
    const worker = 'let o=[],n=["en"],a="search-index{dir}.json?_=c19b1fe0"';
    expect(indexUrlIn(worker)).toBe('search-index.json?_=c19b1fe0');
    expect(() => indexUrlIn('let a="search-index.json"')).toThrow(/no search index URL/);
  });
});
