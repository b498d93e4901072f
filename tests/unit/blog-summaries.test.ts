import path from 'node:path';
import type {BlogPost} from '@docusaurus/plugin-content-blog';
import type {LoadContext} from '@docusaurus/types';
import {parseDocument} from 'yaml';
import {fail} from '../../plugins/articles';
import {heroesModule, listedPosts} from '../../plugins/blog-summaries/summaries';
import freshness, {describeEndedPosts, feedItemsOn} from '../../plugins/freshness';
import socialCards from '../../plugins/social-cards';
import {FILE, FRONT_MATTER, SITE, SOURCE_PATH, articlesOver, postOf, sourceOf} from './articles';

// The YAML parser, counted: each article's front matter is parsed once.
jest.mock('yaml', () => {
  const actual = jest.requireActual<typeof import('yaml')>('yaml');
  return {...actual, parseDocument: jest.fn(actual.parseDocument)};
});

/** A source of the article in the folder `<date>-<slug>`, with these lines replaced or added. */
function articleIn(folder: string, ...lines: string[]): [string, string] {
  const slug = folder.slice('YYYY-MM-DD-'.length);
  const fields = new Map(FRONT_MATTER.map((line) => [line.split(':')[0], line]));
  fields.set('slug', `slug: ${slug}`);
  const extra = lines.filter((line) => !fields.has(line.split(':')[0]));
  for (const line of lines)
    if (fields.has(line.split(':')[0])) fields.set(line.split(':')[0], line);
  return [path.join(SITE, 'blog', folder, 'index.md'), sourceOf([...fields.values(), ...extra])];
}

const postIn = (folder: string, metadata: Record<string, unknown> = {}) =>
  ({
    content: 'Text.',
    ...postOf({
      source: `@site/blog/${folder}/index.md`,
      permalink: `/blog/${folder.slice('YYYY-MM-DD-'.length)}`,
      ...metadata,
    }),
  }) as unknown as BlogPost;

/** The site's `parseFrontMatter` as the blog plugin and the MDX loader call it. */
function parse(articles: ReturnType<typeof articlesOver>['articles'], filePath: string) {
  const defaultParseFrontMatter = jest.fn(() => Promise.resolve({frontMatter: {}, content: ''}));
  const fileContent = '';
  return {
    result: articles.parseFrontMatter({filePath, fileContent, defaultParseFrontMatter}),
    defaultParseFrontMatter,
  };
}

describe('the front matter as the build reads it', () => {
  /** Reads the article with these bytes as the blog plugin does; the lines logged, in order. */
  async function parsed(bytes: string | Buffer) {
    const {articles} = articlesOver({[SOURCE_PATH]: bytes});
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const defaultParseFrontMatter = jest.fn(() => Promise.resolve({frontMatter: {}, content: ''}));
    const result = articles.parseFrontMatter({
      filePath: SOURCE_PATH,
      fileContent: Buffer.from(bytes).toString('utf8'),
      defaultParseFrontMatter,
    });
    await result.catch(() => undefined);
    const lines = logged.mock.calls.map(([line]) => String(line));
    logged.mockRestore();
    return {result, lines, defaultParseFrontMatter};
  }

  it('fails an article on its mistakes, each logged first with the file and line, before the blog plugin reads it', async () => {
    const {result, lines, defaultParseFrontMatter} = await parsed(
      '---\ntitle: [A, list]\n---\n\nText.\n',
    );
    await expect(result).rejects.toThrow(
      /^blog\/2025-07-01-good-post\/index\.md:2: invalid: "title" must be text: write the article's title/,
    );
    expect(defaultParseFrontMatter).not.toHaveBeenCalled();
    expect(lines[0]).toContain(`${FILE}:2: invalid: "title" must be text`);
  });

  it('fails an article with bytes that are not UTF-8 on their line, though the text it was given reads', async () => {
    const {result} = await parsed(
      Buffer.concat([Buffer.from('---\ntitle: Caf'), Buffer.from([0xe9, 0x0a])]),
    );
    await expect(result).rejects.toThrow(
      /^blog\/2025-07-01-good-post\/index\.md:2: invalid: this line has bytes that are not UTF-8/,
    );
  });

  it("hands the framework the schema's value and the text after the front matter, never its own reading", async () => {
    const [file, source] = articleIn('2025-07-01-good-post', 'tags: [visas]');
    const {articles} = articlesOver({[file]: source});
    const {result, defaultParseFrontMatter} = parse(articles, file);
    const {article} = articles.read(file);
    await expect(result).resolves.toEqual({
      frontMatter: article?.frontMatter,
      content: 'Text.',
    });
    expect(article?.frontMatter.date).toEqual(new Date('2025-07-01T00:00:00Z'));
    expect(defaultParseFrontMatter).not.toHaveBeenCalled();
  });

  it('reads any other Markdown as usual', async () => {
    const {articles} = articlesOver({});
    const {result, defaultParseFrontMatter} = parse(articles, path.join(SITE, 'src/pages/x.mdx'));
    await expect(result).resolves.toEqual({frontMatter: {}, content: ''});
    expect(defaultParseFrontMatter).toHaveBeenCalledTimes(1);
  });
});

describe('listed posts', () => {
  const sources = Object.fromEntries([
    articleIn('2025-08-01-newest'),
    articleIn('2025-07-15-hidden', 'unlisted: true'),
    articleIn('2025-06-01-oldest'),
    articleIn('2025-07-01-good-post', 'expires: 2026-12-31', 'group: our-app'),
  ]);
  const {articles} = articlesOver(sources);
  const posts = ['2025-08-01-newest', '2025-07-15-hidden', '2025-06-01-oldest'].map((folder) =>
    postIn(folder),
  );

  it("keeps the blog plugin's order and its permalink, and leaves out unlisted posts", () => {
    expect(listedPosts(posts, articles).map(({permalink}) => permalink)).toEqual([
      '/blog/newest',
      '/blog/oldest',
    ]);
  });

  it('gives the cards the title, excerpt, date as YYYY/MM/DD, review day and hero file from the model', () => {
    const post = postIn('2025-06-01-oldest', {date: new Date('2025-06-13T10:00:00Z')});
    expect(listedPosts([post], articles)).toEqual([
      {
        permalink: '/blog/oldest',
        title: 'A good post',
        excerpt: 'Shown on the cards.',
        date: '2025/06/13',
        reviewed: '2025-08-01',
        heroFile: path.join(SITE, 'blog/2025-06-01-oldest/hero.svg'),
      },
    ]);
  });

  it('gives the cards the last day the excerpt holds and the group, when the post names them', () => {
    const [post] = listedPosts([postIn('2025-07-01-good-post')], articles);
    expect(post).toMatchObject({expires: '2026-12-31', group: 'our-app'});
    expect(listedPosts([postIn('2025-08-01-newest')], articles)[0]).not.toHaveProperty('group');
  });

  it('fails naming the file and line when a related guide is not a listed article', () => {
    const [file, source] = articleIn('2025-07-01-good-post', 'related: [hidden]');
    const {articles: withRelated} = articlesOver({...sources, [file]: source});
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(() => listedPosts([...posts, postIn('2025-07-01-good-post')], withRelated)).toThrow(
      `${FILE}:13: invalid: "related" names "hidden", which no listed article has as its slug`,
    );
  });

  it('requires each hero through the given loader, keyed by permalink', () => {
    const code = heroesModule(
      listedPosts([postIn('2025-08-01-newest')], articles),
      '!file-loader!',
    );
    expect(code).toContain(
      `"/blog/newest": require(${JSON.stringify(`!file-loader!${path.join(SITE, 'blog/2025-08-01-newest/hero.svg')}`)}).default`,
    );
  });
});

describe('one reading of each article per build', () => {
  it('reads each file once and parses its YAML once, whatever reads it and however often', async () => {
    const folders = ['2025-08-01-newest', '2025-06-01-oldest', '2025-07-01-good-post'];
    const sources = Object.fromEntries(
      folders
        .map((folder) => articleIn(folder))
        .map(([file, source]) => [file, `${source}\n{/* truncate */}\n\nMore text.\n`]),
    );
    const {articles, reads} = articlesOver(sources);
    jest.mocked(parseDocument).mockClear();
    const buildDay = new Date('2026-11-28T00:00:00Z');
    const posts = folders.map((folder) => postIn(folder));
    // As the blog plugin reads each file, then the MDX loader for the client and the server, for
    // the post's page and (cut at the truncate marker) for the blog's list pages.
    for (const [file, source] of Object.entries(sources)) {
      for (const fileContent of [source, source, source, source.split('{/* truncate */}')[0]]) {
        await articles.parseFrontMatter({
          filePath: file,
          fileContent: fileContent ?? '',
          defaultParseFrontMatter: () => fail(['not an article']),
        });
      }
    }
    // Then every consumer: the blog's posts, the cards (what blog-summaries hands the pages), the
    // feeds, and the plugins that read the posts.
    listedPosts(posts, articles);
    await describeEndedPosts(buildDay, articles)({blogPosts: posts});
    await feedItemsOn(
      buildDay,
      articles,
    )({
      blogPosts: posts,
      defaultCreateFeedItems: () =>
        Promise.resolve(posts.map(({metadata}) => ({link: metadata.permalink, content: ''}))),
    } as unknown as Parameters<ReturnType<typeof feedItemsOn>>[0]);
    const allContent = {'docusaurus-plugin-content-blog': {default: {blogPosts: posts}}};
    const actions = {setGlobalData: jest.fn(), createData: jest.fn(() => Promise.resolve(''))};
    const context = {
      siteDir: SITE,
      siteConfig: {customFields: {buildDay: '2026-11-28'}},
    } as unknown as LoadContext;
    // The fixtures were last reviewed over six months ago: freshness warns of it, as builds do.
    const warned = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    for (const plugin of [freshness(context, articles), socialCards(context, articles)]) {
      await plugin.allContentLoaded?.({allContent, actions} as never);
    }
    warned.mockRestore();
    expect(reads.sort()).toEqual(Object.keys(sources).sort());
    expect(parseDocument).toHaveBeenCalledTimes(folders.length);
  });

  it('reads a file again when the text the framework was given has changed (npm run dev)', async () => {
    const [file, source] = articleIn('2025-07-01-good-post');
    const files = {[file]: source};
    const {articles, reads} = articlesOver(files);
    const read = (fileContent: string) =>
      articles.parseFrontMatter({
        filePath: file,
        fileContent,
        defaultParseFrontMatter: () => fail(['not an article']),
      });
    await read(source);
    files[file] = source.replace('A good post', 'A better post');
    const {frontMatter} = await read(files[file]);
    expect(frontMatter.title).toBe('A better post');
    expect(reads).toEqual([file, file]);
  });
});
