/** Articles for unit tests: one complete article in the fixtures' site, and the model of it. */
import path from 'node:path';
import {type Article, type ArticleRead, createArticles, readArticle} from '../../plugins/articles';

/** A site whose one article folder has its hero (`./hero.svg`). */
export const SITE = path.join(__dirname, 'fixtures');
export const FILE = 'blog/2025-07-01-good-post/index.md';
export const SOURCE_PATH = path.join(SITE, FILE);
/** The build's day in China these articles are read on. */
export const TODAY = new Date('2026-11-28T00:00:00Z');

/** The review's line in `changes`, newest first. */
export const CHANGES = [
  'changes:',
  '  - date: 2025-08-01',
  '    what: Checked every fact against its source.',
];

/** A complete front matter, a field a line. */
export const FRONT_MATTER = [
  'slug: good-post',
  'title: "A good post"',
  "description: 'What the post is about, for search results and for sharing it.'",
  'date: 2025-07-01',
  'image: ./hero.svg',
  "excerpt: 'Shown on the cards.'",
  'last_update:',
  '  date: 2025-08-01',
  ...CHANGES,
];

/** An article's source with these front-matter lines and this body. */
export function sourceOf(lines: readonly string[] = FRONT_MATTER, body = 'Text.'): string {
  return `---\n${lines.join('\n')}\n---\n\n${body}\n`;
}

/** The fixture article read from this source, at this path. */
export function read(source: string, sourcePath = SOURCE_PATH, today = TODAY): ArticleRead {
  return readArticle(sourcePath, source, {siteDir: SITE, today});
}

/** The model of a source that passes the rules; a test fails on its first problem otherwise. */
export function articleOf(source: string, today = TODAY): Article {
  const {article, problems} = read(source, SOURCE_PATH, today);
  if (article === undefined) throw new Error(`not an article: ${JSON.stringify(problems)}`);
  return article;
}

/** The model over the fixture site, reading these sources (by path) instead of the disk. */
export function articlesOver(sources: Readonly<Record<string, string | Buffer>>, today = TODAY) {
  const reads: string[] = [];
  const articles = createArticles({
    siteDir: SITE,
    today,
    readBytes: (sourcePath) => {
      reads.push(sourcePath);
      const source = sources[sourcePath];
      if (source === undefined) throw new Error(`ENOENT: ${sourcePath}`);
      return Buffer.from(source);
    },
  });
  return {articles, reads};
}

/** A blog post as the plugin hands it over, of the fixture article. */
export function postOf(metadata: Record<string, unknown> = {}) {
  return {
    metadata: {
      source: `@site/${FILE}`,
      permalink: '/blog/good-post',
      title: 'A good post',
      description: 'What the post is about, for search results and for sharing it.',
      date: new Date('2025-07-01T00:00:00Z'),
      unlisted: false,
      ...metadata,
    },
  };
}
