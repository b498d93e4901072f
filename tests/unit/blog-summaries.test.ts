import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {BlogPost} from '@docusaurus/plugin-content-blog';
import {
  checkedFrontMatter,
  heroesModule,
  listedPosts,
} from '../../plugins/blog-summaries/summaries';

const siteDir = path.join(__dirname, 'fixtures');

const valid = {
  slug: 'good-post',
  title: 'A good post',
  description: 'What the post is about.',
  date: new Date('2025-07-01'),
  image: './hero.svg',
  excerpt: 'Shown on the cards.',
  last_update: {date: new Date('2025-08-01')},
};

describe('the front matter as the build reads it', () => {
  const defaultParseFrontMatter = jest.fn(() => Promise.resolve({frontMatter: {}, content: ''}));
  const source = '---\ntitle: [A, list]\n---\n\nText.\n';
  let site: string;
  let article: string;
  beforeEach(async () => {
    site = await mkdtemp(path.join(tmpdir(), 'front-matter-'));
    article = path.join(site, 'blog/2025-07-01-good-post/index.md');
    await mkdir(path.dirname(article), {recursive: true});
  });
  afterEach(() => rm(site, {recursive: true, force: true}));

  /** Reads the article with these bytes as the blog plugin does; the lines logged, in order. */
  async function parsed(bytes: string | Buffer) {
    await writeFile(article, bytes);
    const logged = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const fileContent = Buffer.from(bytes).toString('utf8');
    const result = checkedFrontMatter(
      site,
      new Date('2026-11-28T00:00:00Z'),
    )({
      filePath: article,
      fileContent,
      defaultParseFrontMatter,
    });
    await result.catch(() => undefined);
    const lines = logged.mock.calls.map(([line]) => String(line));
    logged.mockRestore();
    return {result, lines};
  }

  it('fails an article on its mistakes, each logged first with the file and line, before the blog plugin reads it', async () => {
    const {result, lines} = await parsed(source);
    await expect(result).rejects.toThrow(
      /^blog\/2025-07-01-good-post\/index\.md:2: invalid: "title" must be text: write the article's title/,
    );
    expect(defaultParseFrontMatter).not.toHaveBeenCalled();
    expect(lines[0]).toContain(
      'blog/2025-07-01-good-post/index.md:2: invalid: "title" must be text',
    );
  });

  it('fails an article with bytes that are not UTF-8 on their line, though the text it was given reads', async () => {
    const {result} = await parsed(
      Buffer.concat([Buffer.from('---\ntitle: Caf'), Buffer.from([0xe9, 0x0a])]),
    );
    await expect(result).rejects.toThrow(
      /^blog\/2025-07-01-good-post\/index\.md:2: invalid: this line has bytes that are not UTF-8/,
    );
  });

  it('reads any other Markdown as usual', async () => {
    const page = path.join(site, 'src/pages/privacy.mdx');
    const params = {filePath: page, fileContent: source, defaultParseFrontMatter};
    await expect(
      checkedFrontMatter(site, new Date('2026-11-28T00:00:00Z'))(params),
    ).resolves.toEqual({frontMatter: {}, content: ''});
  });
});

describe('listed posts', () => {
  /** A post as the blog plugin hands it over; only the fields listedPosts reads. */
  const blogPost = (metadata: Record<string, unknown>): BlogPost =>
    ({
      metadata: {
        source: '@site/blog/2025-07-01-good-post/index.md',
        permalink: '/blog/good-post',
        title: 'A good post',
        date: new Date('2025-07-01T00:00:00Z'),
        unlisted: false,
        frontMatter: valid,
        ...metadata,
      },
    }) as unknown as BlogPost;

  it("keeps the blog plugin's order and its permalink and title, and leaves out unlisted posts", () => {
    const posts = listedPosts(
      [
        blogPost({title: 'Newest', permalink: '/blog/newest'}),
        blogPost({title: 'Hidden', permalink: '/blog/hidden', unlisted: true}),
        blogPost({title: 'Oldest', permalink: '/blog/oldest'}),
      ],
      siteDir,
    );
    expect(posts.map(({title, permalink}) => [title, permalink])).toEqual([
      ['Newest', '/blog/newest'],
      ['Oldest', '/blog/oldest'],
    ]);
  });

  it('gives the cards the excerpt, the date as YYYY/MM/DD, the review day and the hero file from the front matter', () => {
    expect(listedPosts([blogPost({date: new Date('2025-06-13T10:00:00Z')})], siteDir)).toEqual([
      {
        permalink: '/blog/good-post',
        title: 'A good post',
        excerpt: 'Shown on the cards.',
        date: '2025/06/13',
        reviewed: '2025-08-01',
        heroFile: path.join(siteDir, 'blog/2025-07-01-good-post/hero.svg'),
      },
    ]);
  });

  it('gives the cards the last day the excerpt holds, when the post has one', () => {
    const post = blogPost({frontMatter: {...valid, expires: new Date('2026-12-31T00:00:00Z')}});
    expect(listedPosts([post], siteDir)[0]?.expires).toBe('2026-12-31');
  });

  it('gives /blogs the group the post names, when it names one', () => {
    const post = blogPost({frontMatter: {...valid, group: 'our-app'}});
    expect(listedPosts([post], siteDir)[0]?.group).toBe('our-app');
    expect(listedPosts([blogPost({})], siteDir)[0]).not.toHaveProperty('group');
  });

  it('fails naming the file when a related guide is not a listed article', () => {
    const posts = [blogPost({frontMatter: {...valid, related: ['hidden-post']}})];
    expect(() => listedPosts(posts, siteDir)).toThrow(
      'blog/2025-07-01-good-post/index.md:1: invalid: "related" names "hidden-post", which no listed article has as its slug',
    );
  });

  it('requires each hero through the given loader, keyed by permalink', () => {
    const code = heroesModule(listedPosts([blogPost({})], siteDir), '!file-loader!');
    expect(code).toContain(
      `"/blog/good-post": require(${JSON.stringify(`!file-loader!${path.join(siteDir, 'blog/2025-07-01-good-post/hero.svg')}`)}).default`,
    );
  });
});
