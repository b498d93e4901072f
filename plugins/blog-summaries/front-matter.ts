/**
 * The rules of an article's front matter and images, in one place: the build (blog-summaries,
 * freshness) and `npm run check-content` read them from here. Each mistake is one problem with
 * its line, the field, the rule and the fix, in words a writer acts on.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import matter from '@11ty/gray-matter';
import type {OnBrokenMarkdownImagesFunction} from '@docusaurus/types';
import {parseDay, utcDay} from '../../src/lib/dates';

/** One mistake in an article's front matter or images. */
export interface ArticleProblem {
  /** 1-based line of the article's source: the field's, or the front matter's end when missing. */
  line: number;
  /** The front-matter field (`description`, `last_update.date`), or `image` for one in the text. */
  field: string;
  /** The rule and the fix. */
  message: string;
}

/** What the rules read of one article. */
export interface ArticleInput {
  /** Absolute path of the article's Markdown file. */
  sourcePath: string;
  /** Its text, for the lines, and for days YAML would silently move (2026-02-30 → 2 March). */
  source: string;
  frontMatter: Record<string, unknown>;
}

/** The only slug rule: kebab-case, and the folder is `<YYYY-MM-DD>-<slug>`. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** How many related guides an article may name. */
export const MAX_RELATED = 3;
/** The cards show the excerpt whole up to this length. */
export const MAX_EXCERPT = 220;

const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/** Each required text field, and what to write in it. */
const REQUIRED_TEXT = {
  slug: 'the folder\'s name after its date, like "slug: taobao-guide"',
  title: 'the article\'s title, like title: "How to Use Taobao"',
  description:
    "the text for search results and sharing, like description: '…' (120-160 characters read best, at least 50)",
  image: 'the hero beside the post, like "image: ./hero.svg" (1200x630)',
  excerpt: `one or two sentences for the cards, like excerpt: '…' (at most ${MAX_EXCERPT} characters)`,
} as const;

function frontMatterEnd(lines: readonly string[]): number {
  const end = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  return end === -1 ? 0 : end;
}

/** The line of a top-level field (`expires`) or one nested one level (`last_update.date`). */
function fieldLine(lines: readonly string[], field: string): number | undefined {
  const end = frontMatterEnd(lines);
  const [parent, child] = field.split('.') as [string, string?];
  const parentIndex = lines.findIndex(
    (text, index) => index < end && new RegExp(`^${parent}\\s*:`).test(text),
  );
  if (parentIndex === -1) return undefined;
  if (child === undefined) return parentIndex + 1;
  const childIndex = lines.findIndex(
    (text, index) =>
      index > parentIndex && index < end && new RegExp(`^\\s+${child}\\s*:`).test(text),
  );
  return childIndex === -1 ? parentIndex + 1 : childIndex + 1;
}

/** The line of a front-matter field in an article's source, like fieldLine. */
export function frontMatterLine(source: string, field: string): number | undefined {
  return fieldLine(source.split(/\r?\n/), field);
}

/** The day written on a field's line, as the writer typed it, before YAML reads it. */
function writtenDay(lines: readonly string[], line: number | undefined): string | undefined {
  if (line === undefined) return undefined;
  return /:\s*["']?(\d{4}-\d{2}-\d{2})/.exec(lines[line - 1] ?? '')?.[1];
}

function isDate(value: unknown): boolean {
  return (
    (value instanceof Date && !Number.isNaN(value.getTime())) ||
    (typeof value === 'string' && DATE.test(value) && !Number.isNaN(Date.parse(value)))
  );
}

/** A calendar day: YAML's Date at UTC midnight, or `YYYY-MM-DD` text; anything else undefined. */
function dayOf(value: unknown): Date | undefined {
  if (typeof value === 'string') return parseDay(value);
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return undefined;
  return utcDay(value).getTime() === value.getTime() ? value : undefined;
}

/**
 * An article's front matter, read by the library Docusaurus 3 reads it with: the checks outside
 * the build (check-content, and tests) then need none of the framework's own modules, some of
 * which are ES modules only from Docusaurus 4. The `{}` options turn off the library's cache, which
 * would hand every caller one shared object. Throws when the YAML cannot be read.
 */
export function parseFrontMatter(source: string): Record<string, unknown> {
  return matter(source, {}).data;
}

/**
 * The last day the post's title, description and excerpt hold (front matter `expires`), as a UTC
 * midnight; undefined when the post gives none. Read it only from a validated post: a malformed
 * value fails the build first (see articleProblems).
 */
export function expiresOf(frontMatter: Record<string, unknown>): Date | undefined {
  return dayOf(frontMatter.expires);
}

/** The day the post's facts were last checked (`last_update.date`), as a UTC midnight. */
export function reviewedOn(frontMatter: Record<string, unknown>): Date | undefined {
  const value = (frontMatter.last_update as {date?: unknown} | null | undefined)?.date;
  if (!isDate(value)) return undefined;
  return utcDay(value instanceof Date ? value : new Date(String(value)));
}

function textProblems(fm: Record<string, unknown>, missingLine: number, lines: readonly string[]) {
  return Object.entries(REQUIRED_TEXT).flatMap(([field, what]): ArticleProblem[] => {
    const value = fm[field];
    if (value === undefined || value === null) {
      return [{line: missingLine, field, message: `"${field}" is missing: add ${what}`}];
    }
    if (typeof value === 'string' && value.trim() !== '') return [];
    const line = fieldLine(lines, field) ?? missingLine;
    return [{line, field, message: `"${field}" is empty: write ${what}`}];
  });
}

function dayProblems(fm: Record<string, unknown>, missingLine: number, lines: readonly string[]) {
  const problems: ArticleProblem[] = [];
  const impossible = (field: string): ArticleProblem | undefined => {
    const line = fieldLine(lines, field);
    const written = writtenDay(lines, line);
    if (line === undefined || written === undefined || parseDay(written)) return undefined;
    return {
      line,
      field,
      message: `"${field}" is ${written}, which is not a day of the calendar: write a real day as YYYY-MM-DD`,
    };
  };
  // The blog plugin would fall back to the folder's date: a post must say when it was published.
  const date = impossible('date');
  if (date) problems.push(date);
  else if (fm.date === undefined || fm.date === null) {
    problems.push({
      line: missingLine,
      field: 'date',
      message: '"date" is missing: add the day it was published, like "date: 2025-06-17"',
    });
  } else if (!isDate(fm.date)) {
    problems.push({
      line: fieldLine(lines, 'date') ?? missingLine,
      field: 'date',
      message: `"date" must be a date like 2025-06-17, got ${JSON.stringify(fm.date)}`,
    });
  }
  // Without it the blog plugin would ask git, which knows when a file changed, not when its
  // facts were checked.
  const reviewed = impossible('last_update.date');
  if (reviewed) problems.push(reviewed);
  else if (reviewedOn(fm) === undefined) {
    problems.push({
      line: fieldLine(lines, 'last_update.date') ?? missingLine,
      field: 'last_update.date',
      message:
        '"last_update" must give the day the facts were last checked: "last_update:" then "  date: 2026-11-25"',
    });
  }
  const expires = impossible('expires');
  if (expires) problems.push(expires);
  else if (fm.expires !== undefined && expiresOf(fm) === undefined) {
    problems.push({
      line: fieldLine(lines, 'expires') ?? missingLine,
      field: 'expires',
      message: `"expires" must be the last day the title, description and excerpt hold, like "expires: 2026-12-31", got ${JSON.stringify(fm.expires)}`,
    });
  }
  return problems;
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

function otherProblems(
  {sourcePath, frontMatter: fm}: ArticleInput,
  lines: readonly string[],
): ArticleProblem[] {
  const at = (field: string) => fieldLine(lines, field) ?? 1;
  const problems: ArticleProblem[] = [];
  const {slug, image, excerpt, image_alt: imageAlt, related} = fm;
  if (imageAlt !== undefined && (typeof imageAlt !== 'string' || imageAlt.trim() === '')) {
    problems.push({
      line: at('image_alt'),
      field: 'image_alt',
      message: '"image_alt", when given, must be non-empty text describing the image',
    });
  }
  if (related !== undefined) {
    for (const message of relatedProblems(related, slug)) {
      problems.push({line: at('related'), field: 'related', message});
    }
  }
  if (typeof slug === 'string' && slug.trim() !== '') {
    const folder = path.basename(path.dirname(sourcePath));
    if (!SLUG.test(slug)) {
      problems.push({
        line: at('slug'),
        field: 'slug',
        message: `"slug" must be kebab-case, like taobao-guide, got "${slug}"`,
      });
    } else if (!folder.endsWith(`-${slug}`)) {
      problems.push({
        line: at('slug'),
        field: 'slug',
        message: `"slug" must match the folder name <YYYY-MM-DD>-${slug}, got folder "${folder}": rename one of them`,
      });
    }
  }
  if (typeof image === 'string' && image.trim() !== '') {
    // Only `./…` paths go through the bundler (see heroesModule): a URL would ship unhashed.
    if (!image.startsWith('./')) {
      problems.push({
        line: at('image'),
        field: 'image',
        message: `"image" must be a file beside the post, like ./hero.svg, got "${image}"`,
      });
    } else if (!existsSync(path.resolve(path.dirname(sourcePath), image))) {
      problems.push({
        line: at('image'),
        field: 'image',
        message: `"image" ${image} does not exist: put the file beside index.mdx or correct the path`,
      });
    }
  }
  if (typeof excerpt === 'string' && excerpt.length > MAX_EXCERPT) {
    problems.push({
      line: at('excerpt'),
      field: 'excerpt',
      message: `"excerpt" is ${excerpt.length} characters; keep it to ${MAX_EXCERPT} for the cards`,
    });
  }
  return problems;
}

const FENCE = /^\s*(```|~~~)/;
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)/g;

/** The file a Markdown image's address names, or undefined for a URL or a page anchor. */
function localImageFile(url: string, sourcePath: string, siteDir: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('#')) return undefined;
  const pathname = decodeURIComponent(url.replace(/[?#].*$/, ''));
  return pathname.startsWith('/')
    ? path.join(siteDir, 'static', pathname)
    : path.resolve(path.dirname(sourcePath), pathname);
}

/** Every `![…](./file)` of the text (outside code blocks) whose file does not exist. */
export function inlineImageProblems(
  {sourcePath, source}: Pick<ArticleInput, 'sourcePath' | 'source'>,
  siteDir: string,
): ArticleProblem[] {
  const lines = source.split(/\r?\n/);
  const problems: ArticleProblem[] = [];
  let inCode = false;
  lines.forEach((text, index) => {
    if (index <= frontMatterEnd(lines)) return;
    if (FENCE.test(text)) inCode = !inCode;
    if (inCode) return;
    for (const [, url = ''] of text.matchAll(MARKDOWN_IMAGE)) {
      const file = localImageFile(url, sourcePath, siteDir);
      if (file === undefined || existsSync(file)) continue;
      problems.push({line: index + 1, field: 'image', message: missingImageMessage(url)});
    }
  });
  return problems;
}

function missingImageMessage(url: string): string {
  return `the image ${url} does not exist: put the file beside the article (or under static/ for a /… path) or correct the path`;
}

/**
 * Every mistake of one article's front matter and images, one problem each, so a writer fixes
 * them all in one go.
 */
export function articleProblems(article: ArticleInput, siteDir: string): ArticleProblem[] {
  const lines = article.source.split(/\r?\n/);
  const missingLine = frontMatterEnd(lines) + 1;
  return [
    ...textProblems(article.frontMatter, missingLine, lines),
    ...dayProblems(article.frontMatter, missingLine, lines),
    ...otherProblems(article, lines),
    ...inlineImageProblems(article, siteDir),
  ].sort((a, b) => a.line - b.line);
}

/** `blog/…/index.mdx:12: invalid: "description" is missing: add …`, as every check prints one. */
export function formatProblem(file: string, {line, message}: ArticleProblem): string {
  return `${file}:${line}: invalid: ${message}`;
}

/**
 * The Markdown hook for an image whose file is missing, in any MDX page: the same one line as
 * check-content, where the framework's own message suggests switching the check off.
 */
export const brokenMarkdownImage: OnBrokenMarkdownImagesFunction = ({
  sourceFilePath,
  url,
  node,
}) => {
  const line = node.position?.start.line ?? 1;
  throw new Error(`${sourceFilePath}:${line}: invalid: ${missingImageMessage(url)}`);
};
