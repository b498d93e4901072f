import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {logger} from '@docusaurus/logger';
import type {BlogContent, BlogPost} from '@docusaurus/plugin-content-blog';
import type {ParseFrontMatter, Plugin} from '@docusaurus/types';
import type {BlogSummary} from '../../contracts/plugin-data';
import {isoDay, toDisplayDate} from '../../src/lib/dates';
import {
  articleProblems,
  articleText,
  duplicateSlugs,
  expiresOf,
  formatProblem,
  frontMatterLine,
  type ArticleProblem,
  reviewedOn,
} from './front-matter';

/** The articles among a build's routes, sorted: every page under `/blog/`. */
export function articlePaths(routesPaths: string[]): string[] {
  return routesPaths.filter((route) => route.startsWith('/blog/')).sort();
}

/** A listed post's summary and the hero file beside it. */
export interface ListedPost extends BlogSummary {
  /** Absolute path of the front matter's `image`. */
  heroFile: string;
}

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

function relativeFile(sourcePath: string, siteDir: string): string {
  return path.relative(siteDir, sourcePath).split(path.sep).join('/');
}

/**
 * The site's `markdown.parseFrontMatter`: an article (`blog/…/index.mdx`) is checked against the
 * rules (./front-matter.ts) as the blog plugin first reads it, before the plugin's own checks and
 * anything else, so a writer's mistakes are the build's first lines, one each with its file and
 * line; any other Markdown is read as usual. The file's bytes are read again: the plugin's text
 * has already turned bytes that are not UTF-8 into U+FFFD.
 */
export function checkedFrontMatter(siteDir: string, today: Date): ParseFrontMatter {
  const blogDir = path.join(siteDir, 'blog') + path.sep;
  return async (params) => {
    const {filePath, fileContent: source} = params;
    const sourcePath = path.resolve(siteDir, filePath);
    if (sourcePath.startsWith(blogDir) && /\/index\.mdx?$/.test(sourcePath)) {
      const file = relativeFile(sourcePath, siteDir);
      const read = articleText(readFileSync(sourcePath));
      const problems =
        'problem' in read ? [read.problem] : articleProblems({sourcePath, source}, siteDir, today);
      failWith(problems.map((problem) => formatProblem(file, problem)));
    }
    return params.defaultParseFrontMatter(params);
  };
}

/**
 * Throws one error with a line per mistake, having logged them: Docusaurus prints a failed
 * build's error under its own stack, and the writer's lines must come first.
 */
function failWith(mistakes: readonly string[]): void {
  if (mistakes.length === 0) return;
  for (const line of mistakes) logger.error(line);
  throw new FrontMatterError(mistakes.join('\n'));
}

function readSource(sourcePath: string): string {
  return existsSync(sourcePath) ? readFileSync(sourcePath, 'utf8') : '';
}

/** A related slug that no listed article has: the card would link nowhere. */
function unknownRelated(
  post: BlogPost,
  source: string,
  listedSlugs: ReadonlySet<unknown>,
): ArticleProblem[] {
  const related = (post.metadata.frontMatter.related ?? []) as string[];
  const unknown = related.filter((slug) => !listedSlugs.has(slug));
  if (unknown.length === 0) return [];
  return [
    {
      line: frontMatterLine(source, 'related'),
      field: 'related',
      message: `"related" names ${unknown.map((slug) => `"${slug}"`).join(', ')}, which no listed article has as its slug`,
    },
  ];
}

/** A validated day as YYYY-MM-DD. */
function validatedDay(day: Date | undefined): string {
  if (day === undefined) throw new Error('A validated post has its days');
  return isoDay(day);
}

/**
 * The listed posts in the blog plugin's order (newest first; posts of the same day by the time in
 * their `date`), with what the cards need, each post's front matter having passed its rules
 * (checkedFrontMatter). Throws one error with a line per mistake across posts, before the
 * framework's "Duplicate routes found!": a slug that another post has, a related guide that is
 * not listed.
 */
export function listedPosts(blogPosts: readonly BlogPost[], siteDir: string): ListedPost[] {
  const sourcePath = ({metadata}: BlogPost) => metadata.source.replace(/^@site/, siteDir);
  const listedSlugs = new Set(
    blogPosts
      .filter((post) => !post.metadata.unlisted)
      .map((post) => post.metadata.frontMatter.slug),
  );
  const articles = blogPosts.map((post) => ({
    post,
    file: relativeFile(sourcePath(post), siteDir),
    source: readSource(sourcePath(post)),
  }));
  failWith([
    ...duplicateSlugs(articles).map(({article, problem}) => formatProblem(article.file, problem)),
    ...articles.flatMap(({post, file, source}) =>
      unknownRelated(post, source, listedSlugs).map((problem) => formatProblem(file, problem)),
    ),
  ]);
  return blogPosts
    .filter((post) => !post.metadata.unlisted)
    .map((post) => ({
      permalink: post.metadata.permalink,
      title: post.metadata.title,
      excerpt: String(post.metadata.frontMatter.excerpt),
      date: toDisplayDate(post.metadata.date),
      reviewed: validatedDay(reviewedOn(post.metadata.frontMatter)),
      ...(expiresOf(post.metadata.frontMatter) && {
        expires: validatedDay(expiresOf(post.metadata.frontMatter)),
      }),
      ...(typeof post.metadata.frontMatter.group === 'string' && {
        group: post.metadata.frontMatter.group,
      }),
      heroFile: path.resolve(
        path.dirname(sourcePath(post)),
        String(post.metadata.frontMatter.image),
      ),
    }));
}

/**
 * A module mapping each permalink to its hero's URL. It requires the hero through the same loader
 * as the MDX loader's `assets.image`, so the bundler emits each hero once, under one name, for
 * both the article and the cards.
 */
export function heroesModule(posts: readonly ListedPost[], fileLoader: string): string {
  const entries = posts.map(
    ({permalink, heroFile}) =>
      `  ${JSON.stringify(permalink)}: require(${JSON.stringify(fileLoader + heroFile)}).default,`,
  );
  return `export default {\n${entries.join('\n')}\n};\n`;
}

/** The blog plugin's posts, validated and listed (see listedPosts); fails without the blog. */
export function blogPostsOf(
  allContent: Parameters<NonNullable<Plugin['allContentLoaded']>>[0]['allContent'],
  siteDir: string,
): ListedPost[] {
  const blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
  if (!blog) throw new Error('blog-summaries needs the blog plugin');
  return listedPosts(blog.blogPosts, siteDir);
}
