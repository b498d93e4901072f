/** @jest-environment node */
import path from 'node:path';
import type {BlogPost} from '@docusaurus/plugin-content-blog';
import type {ArticleInput} from '../../plugins/blog-summaries/front-matter';
import {
  FrontMatterError,
  heroesModule,
  listedPosts,
  validateFrontMatter,
} from '../../plugins/blog-summaries/summaries';

const siteDir = path.join(__dirname, 'fixtures');
const goodSource = path.join(siteDir, 'blog/2025-07-01-good-post/index.md');

function post(frontMatter: Record<string, unknown>, sourcePath = goodSource): ArticleInput {
  return {sourcePath, source: '', frontMatter};
}

const valid = {
  slug: 'good-post',
  title: 'A good post',
  description: 'What the post is about.',
  date: new Date('2025-07-01'),
  image: './hero.svg',
  excerpt: 'Shown on the cards.',
  last_update: {date: new Date('2025-08-01')},
};

describe('front matter validation', () => {
  it('accepts a post with every required field', () => {
    expect(() => validateFrontMatter(post(valid), siteDir)).not.toThrow();
  });

  it.each(['slug', 'title', 'description', 'date', 'image', 'excerpt'])(
    'fails in one line naming the file, "%s" and what to add when it is missing',
    (field) => {
      const {[field]: _omitted, ...rest} = valid as Record<string, unknown>;
      expect(() => validateFrontMatter(post(rest), siteDir)).toThrow(FrontMatterError);
      expect(() => validateFrontMatter(post(rest), siteDir)).toThrow(
        new RegExp(
          `^blog/2025-07-01-good-post/index\\.md:1: invalid: "${field}" is missing: add [^\\n]+$`,
        ),
      );
    },
  );

  it('rejects a date that is not a date', () => {
    expect(() => validateFrontMatter(post({...valid, date: 'last June'}), siteDir)).toThrow(
      /"date" must be a date like 2025-06-17, got "last June"/,
    );
  });

  it('rejects a slug that does not match the folder', () => {
    const source = path.join(siteDir, 'blog/2025-07-02-wrong-folder/index.md');
    expect(() => validateFrontMatter(post(valid, source), siteDir)).toThrow(
      /"slug" must match the folder name <YYYY-MM-DD>-good-post/,
    );
  });

  it('rejects an image that does not exist beside the post', () => {
    expect(() => validateFrontMatter(post({...valid, image: './missing.svg'}), siteDir)).toThrow(
      /"image" \.\/missing\.svg does not exist: put the file beside index.mdx or correct the path/,
    );
  });

  it('requires the day the facts were last checked', () => {
    expect(() => validateFrontMatter(post({...valid, last_update: undefined}), siteDir)).toThrow(
      /"last_update" must give the day the facts were last checked/,
    );
    expect(() =>
      validateFrontMatter(post({...valid, last_update: {date: 'recently'}}), siteDir),
    ).toThrow(/"last_update" must give the day/);
  });

  it.each([
    [[], /"related" must list 1 to 3 article slugs/],
    [['a', 'b', 'c', 'd'], /"related" must list 1 to 3 article slugs/],
    ['taobao-guide', /"related" must list 1 to 3 article slugs/],
    [['Taobao Guide'], /"related" must list 1 to 3 article slugs/],
    [['good-post'], /"related" must not name the article itself/],
    [['taobao-guide', 'taobao-guide'], /"related" names a slug twice/],
  ])('rejects related guides given as %j', (related, message) => {
    expect(() => validateFrontMatter(post({...valid, related}), siteDir)).toThrow(message);
  });

  it('lists every problem of a file, one line each', () => {
    expect(() => validateFrontMatter(post({image: './hero.svg'}), siteDir)).toThrow(
      /"slug" is missing.*\n.*"title" is missing.*\n.*"description" is missing.*\n.*"excerpt" is missing.*\n.*"date" is missing/,
    );
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

  it('fails naming the file when a related guide is not a listed article', () => {
    const posts = [blogPost({frontMatter: {...valid, related: ['hidden-post']}})];
    expect(() => listedPosts(posts, siteDir)).toThrow(
      'blog/2025-07-01-good-post/index.md:1: invalid: "related" names "hidden-post", which no listed article has as its slug',
    );
  });

  it('validates unlisted posts too', () => {
    const broken = blogPost({unlisted: true, frontMatter: {...valid, excerpt: undefined}});
    expect(() => listedPosts([broken], siteDir)).toThrow(
      /index.md:1: invalid: "excerpt" is missing/,
    );
  });

  it('requires each hero through the given loader, keyed by permalink', () => {
    const code = heroesModule(listedPosts([blogPost({})], siteDir), '!file-loader!');
    expect(code).toContain(
      `"/blog/good-post": require(${JSON.stringify(`!file-loader!${path.join(siteDir, 'blog/2025-07-01-good-post/hero.svg')}`)}).default`,
    );
  });
});
