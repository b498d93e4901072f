import {existsSync} from 'node:fs';
import path from 'node:path';
import type {BlogPost} from '@docusaurus/plugin-content-blog';
import {toDisplayDate} from '../../src/lib/dates';

/**
 * What the home teaser and /blogs need of a post, and nothing more: it ships on every page. The
 * hero's URL is not here: the bundler names it (see `heroesModule`).
 */
export interface BlogSummary {
  permalink: string;
  title: string;
  excerpt: string;
  /** YYYY/MM/DD */
  date: string;
}

/** A listed post's summary and the hero file beside it. */
export interface ListedPost extends BlogSummary {
  /** Absolute path of the front matter's `image`. */
  heroFile: string;
}

/** The parts of a blog post that validation reads. */
export interface PostInput {
  /** Absolute path of the post's Markdown file. */
  sourcePath: string;
  frontMatter: Record<string, unknown>;
}

/** The only slug rule: kebab-case, and the folder is `<YYYY-MM-DD>-<slug>`. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const REQUIRED_TEXT = ['slug', 'title', 'description', 'image', 'excerpt'] as const;

/** How many related guides an article may name. */
export const MAX_RELATED = 3;

function isDate(value: unknown): boolean {
  return (
    (value instanceof Date && !Number.isNaN(value.getTime())) ||
    (typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)))
  );
}

function relatedProblems(related: unknown, ownSlug: unknown): string[] {
  if (
    !Array.isArray(related) ||
    related.length === 0 ||
    related.length > MAX_RELATED ||
    !related.every((entry) => typeof entry === 'string' && SLUG.test(entry))
  ) {
    return [
      `"related" must list 1 to ${MAX_RELATED} article slugs, like [taobao-guide, gotcha-vs-rest]`,
    ];
  }
  const problems: string[] = [];
  if (related.includes(ownSlug)) problems.push('"related" must not name the article itself');
  if (new Set(related).size !== related.length) problems.push('"related" names a slug twice');
  return problems;
}

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

/**
 * Checks the front matter every post must carry and throws one error naming the file and every
 * problem in it, so a writer fixes them all in one go.
 */
export function validateFrontMatter(post: PostInput, siteDir: string): void {
  const file = path.relative(siteDir, post.sourcePath).split(path.sep).join('/');
  const fm = post.frontMatter;
  const problems: string[] = [];
  for (const field of REQUIRED_TEXT) {
    const value = fm[field];
    if (value === undefined || value === null) problems.push(`"${field}" is missing`);
    else if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`"${field}" must be non-empty text`);
    }
  }
  const {date, slug, image, excerpt, image_alt: imageAlt, last_update: lastUpdate, related} = fm;
  if (imageAlt !== undefined && (typeof imageAlt !== 'string' || imageAlt.trim() === '')) {
    problems.push('"image_alt", when given, must be non-empty text describing the image');
  }
  // The blog plugin would fall back to the folder's date: a post must say when it was published.
  if (date === undefined || date === null) problems.push('"date" is missing');
  else if (!isDate(date)) {
    problems.push(`"date" must be a date like 2025-06-17, got ${JSON.stringify(date)}`);
  }
  // Without it the blog plugin would ask git, which knows when a file changed, not when its
  // facts were checked.
  const reviewed = (lastUpdate as {date?: unknown} | null | undefined)?.date;
  if (!isDate(reviewed)) {
    problems.push(
      `"last_update" must give the day the facts were last checked: "last_update:" then "  date: 2026-11-25"`,
    );
  }
  if (related !== undefined) problems.push(...relatedProblems(related, slug));
  if (typeof slug === 'string' && slug !== '') {
    if (!SLUG.test(slug)) problems.push(`"slug" must be kebab-case, got "${slug}"`);
    const folder = path.basename(path.dirname(post.sourcePath));
    if (!folder.endsWith(`-${slug}`)) {
      problems.push(
        `"slug" must match the folder name <YYYY-MM-DD>-${slug}, got folder "${folder}"`,
      );
    }
  }
  if (typeof image === 'string' && image !== '') {
    // Only `./…` paths go through the bundler (see heroesModule): a URL would ship unhashed.
    if (!image.startsWith('./')) {
      problems.push(`"image" must be a file beside the post, like ./hero.svg`);
    } else if (!existsSync(path.resolve(path.dirname(post.sourcePath), image))) {
      problems.push(`"image" ${image} does not exist`);
    }
  }
  if (typeof excerpt === 'string' && excerpt.length > 220) {
    problems.push(`"excerpt" is ${excerpt.length} characters; keep it to 220 for the cards`);
  }
  if (problems.length > 0) {
    throw new FrontMatterError(`${file}: ${problems.join('; ')}`);
  }
}

/**
 * Every post validated, then the listed ones in the blog plugin's order (newest first; posts of
 * the same day by the time in their `date`), with what the cards need.
 */
export function listedPosts(blogPosts: readonly BlogPost[], siteDir: string): ListedPost[] {
  const sourcePath = ({metadata}: BlogPost) => metadata.source.replace(/^@site/, siteDir);
  for (const post of blogPosts) {
    validateFrontMatter(
      {sourcePath: sourcePath(post), frontMatter: post.metadata.frontMatter},
      siteDir,
    );
  }
  const listedSlugs = new Set(
    blogPosts
      .filter((post) => !post.metadata.unlisted)
      .map((post) => post.metadata.frontMatter.slug),
  );
  for (const post of blogPosts) {
    const related = (post.metadata.frontMatter.related ?? []) as string[];
    const unknown = related.filter((slug) => !listedSlugs.has(slug));
    if (unknown.length > 0) {
      const file = path.relative(siteDir, sourcePath(post)).split(path.sep).join('/');
      throw new FrontMatterError(
        `${file}: "related" names ${unknown.map((slug) => `"${slug}"`).join(', ')}, which no listed article has as its slug`,
      );
    }
  }
  return blogPosts
    .filter((post) => !post.metadata.unlisted)
    .map((post) => ({
      permalink: post.metadata.permalink,
      title: post.metadata.title,
      excerpt: String(post.metadata.frontMatter.excerpt),
      date: toDisplayDate(post.metadata.date),
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
