import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {logger} from '@docusaurus/logger';
import type {BlogContent, BlogPost} from '@docusaurus/plugin-content-blog';
import type {Plugin} from '@docusaurus/types';
import type {BlogSummary} from '../../contracts/plugin-data';
import {toDisplayDate} from '../../src/lib/dates';
import {
  articleProblems,
  expiresOf,
  formatProblem,
  frontMatterLine,
  type ArticleInput,
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
 * Checks a post against the front-matter rules (./front-matter.ts) and throws one error with a
 * line per mistake, each naming the file and line, so a writer fixes them all in one go.
 */
export function validateFrontMatter(post: ArticleInput, siteDir: string): void {
  const problems = articleProblems(post, siteDir);
  if (problems.length === 0) return;
  const file = relativeFile(post.sourcePath, siteDir);
  throw new FrontMatterError(problems.map((problem) => formatProblem(file, problem)).join('\n'));
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
      line: frontMatterLine(source, 'related') ?? 1,
      field: 'related',
      message: `"related" names ${unknown.map((slug) => `"${slug}"`).join(', ')}, which no listed article has as its slug`,
    },
  ];
}

/** A validated day as YYYY-MM-DD. */
function isoDay(day: Date | undefined): string {
  if (day === undefined) throw new Error('A validated post has its days');
  return day.toISOString().slice(0, 10);
}

/**
 * Every post validated, then the listed ones in the blog plugin's order (newest first; posts of
 * the same day by the time in their `date`), with what the cards need. Throws one error with a
 * line per mistake of every post.
 */
export function listedPosts(blogPosts: readonly BlogPost[], siteDir: string): ListedPost[] {
  const sourcePath = ({metadata}: BlogPost) => metadata.source.replace(/^@site/, siteDir);
  const listedSlugs = new Set(
    blogPosts
      .filter((post) => !post.metadata.unlisted)
      .map((post) => post.metadata.frontMatter.slug),
  );
  const mistakes = blogPosts.flatMap((post) => {
    const input = {
      sourcePath: sourcePath(post),
      source: readSource(sourcePath(post)),
      frontMatter: post.metadata.frontMatter,
    };
    const problems = [
      ...articleProblems(input, siteDir),
      ...unknownRelated(post, input.source, listedSlugs),
    ];
    const file = relativeFile(input.sourcePath, siteDir);
    return problems.map((problem) => formatProblem(file, problem));
  });
  if (mistakes.length > 0) throw new FrontMatterError(mistakes.join('\n'));
  return blogPosts
    .filter((post) => !post.metadata.unlisted)
    .map((post) => ({
      permalink: post.metadata.permalink,
      title: post.metadata.title,
      excerpt: String(post.metadata.frontMatter.excerpt),
      date: toDisplayDate(post.metadata.date),
      reviewed: isoDay(reviewedOn(post.metadata.frontMatter)),
      ...(expiresOf(post.metadata.frontMatter) && {
        expires: isoDay(expiresOf(post.metadata.frontMatter)),
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
  try {
    return listedPosts(blog.blogPosts, siteDir);
  } catch (error) {
    // Docusaurus prints a failed plugin's error under its own stack; the writer's lines go first.
    if (error instanceof FrontMatterError) {
      for (const line of error.message.split('\n')) logger.error(line);
    }
    throw error;
  }
}
