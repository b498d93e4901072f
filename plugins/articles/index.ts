/**
 * The articles' one model. Each `blog/…/index.mdx` is read from disk once, its front matter parsed
 * once and checked against the writer's rules (./schema.ts), and the result, an `Article`, is what
 * every consumer reads: the blog plugin (through `parseFrontMatter`, so the framework and the
 * pages get the validated value), blog-summaries, freshness, social-cards, the feeds and
 * `npm run check-content`. Its days are text, `YYYY-MM-DD`; the publication `date`, which may give
 * a time, is a Date, as the blog plugin reads it.
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {logger} from '@docusaurus/logger';
import type {BlogContent, BlogPost} from '@docusaurus/plugin-content-blog';
import type {ParseFrontMatter, Plugin} from '@docusaurus/types';
import type {ArticleFrontMatter} from '../../contracts/article';
import {articleText} from './bytes';
import {inlineImageProblems} from './images';
import {type ArticleProblem, formatProblem} from './problem';
import {validateFrontMatter} from './schema';
import {splitSource} from './yaml';

export interface Article {
  /** The file as a writer opens it, relative to the site: `blog/2025-06-17-taobao-guide/index.mdx`. */
  file: string;
  /** Its absolute path. */
  sourcePath: string;
  /** Its whole text. */
  source: string;
  /** The text after the front matter. */
  content: string;
  frontMatter: ArticleFrontMatter;
  /** The absolute path of its hero, the front matter's `image` beside it. */
  heroFile: string;
  /** The line of a front-matter field (`related`, `last_update.date`) in the source. */
  lineOf: (field: string) => number;
}

/** An article as read: the model, or the problems that keep it from being one. */
export type ArticleRead =
  | {file: string; article: Article; problems: []}
  | {file: string; article?: undefined; problems: ArticleProblem[]; source?: string};

interface ReadOptions {
  siteDir: string;
  /** The build's day in China: no review can be after it. */
  today: Date;
}

/** The articles' folder, and the pattern of an article's file in it. */
const BLOG = 'blog';
const ARTICLE_FILE = /(^|\/)index\.mdx?$/;

function relativeFile(sourcePath: string, siteDir: string): string {
  return path.relative(siteDir, sourcePath).split(path.sep).join('/');
}

/** An article from its text: every mistake of its front matter and images, or the model. */
export function readArticle(
  sourcePath: string,
  source: string,
  {siteDir, today}: ReadOptions,
): ArticleRead {
  const file = relativeFile(sourcePath, siteDir);
  const split = splitSource(source);
  if (split.problems.length > 0) return {file, problems: split.problems, source};
  const checked = validateFrontMatter(split.data, split.lineOf, {sourcePath, today});
  const images = inlineImageProblems(source.split(/\r?\n/), split.bodyStart, sourcePath, siteDir);
  const problems = [...checked.problems, ...images]
    .filter(
      (problem, index, all) =>
        all.findIndex(({line, message}) => line === problem.line && message === problem.message) ===
        index,
    )
    .sort((a, b) => a.line - b.line);
  if (checked.value === undefined || problems.length > 0) return {file, problems, source};
  const lineOf = (field: string) => split.lineOf(field.split('.'));
  const frontMatter = checked.value;
  const heroFile = path.resolve(path.dirname(sourcePath), frontMatter.image);
  const article = {file, sourcePath, source, content: split.content, frontMatter, heroFile, lineOf};
  return {file, article, problems: []};
}

/** The blog plugin's truncate marker (its default), after which the list pages cut a post. */
const TRUNCATE = /^(?:<!--\s*truncate\s*-->|\{\/\*\s*truncate\s*\*\/\})/;

/**
 * Whether the framework's text is the file as read: all of it, or the part before the truncate
 * marker that the blog plugin hands the MDX loader for its list pages.
 */
function isReadingOf(text: string, read: string | undefined): boolean {
  if (read === undefined) return false;
  return text === read || (read.startsWith(text) && TRUNCATE.test(read.slice(text.length)));
}

/** Where the model reads a file's bytes (a test counts the reads). */
export type ReadBytes = (sourcePath: string) => Uint8Array;

/**
 * The articles of one site as of one day, each read once: the first consumer to ask reads it,
 * the rest get the same value. The blog plugin's text is compared, so a file saved while
 * `npm run dev` runs is read again.
 */
export function createArticles(options: ReadOptions & {readBytes?: ReadBytes}) {
  const {siteDir, readBytes = readFileSync} = options;
  const blogDir = path.join(siteDir, BLOG) + path.sep;
  const reads = new Map<string, {text: string | undefined; read: ArticleRead}>();

  /** The article at this absolute path; `text`, the blog plugin's, reads it again when it moved. */
  function read(sourcePath: string, text?: string): ArticleRead {
    const known = reads.get(sourcePath);
    if (known !== undefined && (text === undefined || isReadingOf(text, known.text))) {
      return known.read;
    }
    const bytes = articleText(readBytes(sourcePath));
    const file = relativeFile(sourcePath, siteDir);
    const entry =
      'problem' in bytes
        ? {text: undefined, read: {file, problems: [bytes.problem]} satisfies ArticleRead}
        : {text: bytes.source, read: readArticle(sourcePath, bytes.source, options)};
    reads.set(sourcePath, entry);
    return entry.read;
  }

  return {
    read,

    /** Every article under blog/, by file. */
    all(): ArticleRead[] {
      return readdirSync(path.join(siteDir, BLOG), {recursive: true, encoding: 'utf8'})
        .map((entry) => entry.split(path.sep).join('/'))
        .filter((entry) => ARTICLE_FILE.test(entry))
        .sort()
        .map((entry) => read(path.join(siteDir, BLOG, entry)));
    },

    /**
     * The article a blog post was made from, which `parseFrontMatter` validated as the blog
     * plugin read it (`source` is the post's `@site/…` path).
     */
    ofPost({metadata}: {metadata: {source: string}}): Article {
      const sourcePath = path.join(siteDir, metadata.source.replace(/^@site\//, ''));
      const {file, article, problems} = read(sourcePath);
      if (article === undefined) fail(problems.map((problem) => formatProblem(file, problem)));
      return article;
    },

    /**
     * The site's `markdown.parseFrontMatter`: an article is checked as the blog plugin first
     * reads it, before the plugin's own checks and anything else, so a writer's mistakes are the
     * build's first lines, one each with its file and line; the framework then gets the model's
     * validated front matter (a copy: it may change what it is given). Any other Markdown is
     * read as usual.
     */
    parseFrontMatter: (async (params) => {
      const sourcePath = path.resolve(siteDir, params.filePath);
      if (!sourcePath.startsWith(blogDir) || !ARTICLE_FILE.test(sourcePath)) {
        return params.defaultParseFrontMatter(params);
      }
      const {file, article, problems} = read(sourcePath, params.fileContent);
      if (article === undefined) fail(problems.map((problem) => formatProblem(file, problem)));
      return {frontMatter: structuredClone(article.frontMatter), content: article.content};
    }) satisfies ParseFrontMatter,
  };
}

export type Articles = ReturnType<typeof createArticles>;

class ArticleError extends Error {
  override name = 'ArticleError';
}

/**
 * Throws one error with a line per mistake, having logged them: Docusaurus prints a failed
 * build's error under its own stack, and the writer's lines must come first.
 */
export function fail(mistakes: readonly string[]): never {
  for (const line of mistakes) logger.error(line);
  throw new ArticleError(mistakes.join('\n'));
}

/** The blog plugin's posts, for a plugin's `allContentLoaded`; fails without the blog. */
export function blogPostsOf(
  allContent: Parameters<NonNullable<Plugin['allContentLoaded']>>[0]['allContent'],
): BlogPost[] {
  const blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
  if (!blog) throw new Error('the site needs the blog plugin: its posts are the articles');
  return blog.blogPosts;
}
