import {createHash} from 'node:crypto';
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

/** What the home teaser and /blogs need of a post, and nothing more: it ships on every page. */
export interface BlogSummary {
  slug: string;
  title: string;
  excerpt: string;
  /** URL of the hero image. */
  image: string;
  /** YYYY/MM/DD */
  date: string;
}

/** The parts of a blog plugin post this module reads. */
export interface PostInput {
  /** Absolute path of the post's Markdown file. */
  sourcePath: string;
  frontMatter: Record<string, unknown>;
  /** ISO date the blog plugin resolved (it sorts by this). */
  date: string | Date;
}

/** A hero image to copy into the build, and the hashed URL it will have there. */
export interface HeroAsset {
  from: string;
  /** Path under the build directory, without a leading slash. */
  to: string;
}

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const REQUIRED_TEXT = ['slug', 'title', 'description', 'image', 'excerpt'] as const;

export class FrontMatterError extends Error {
  override name = 'FrontMatterError';
}

function describe(sourcePath: string, siteDir: string): string {
  return path.relative(siteDir, sourcePath).split(path.sep).join('/');
}

/**
 * Checks the front matter every post must carry and throws one error naming the file and every
 * problem in it, so a writer fixes them all in one go.
 */
export function validateFrontMatter(post: PostInput, siteDir: string): void {
  const file = describe(post.sourcePath, siteDir);
  const fm = post.frontMatter;
  const problems: string[] = [];
  for (const field of REQUIRED_TEXT) {
    const value = fm[field];
    if (value === undefined || value === null) problems.push(`"${field}" is missing`);
    else if (typeof value !== 'string' || value.trim() === '') {
      problems.push(`"${field}" must be non-empty text`);
    }
  }
  const {date, slug, image, excerpt, image_alt: imageAlt} = fm;
  if (imageAlt !== undefined && (typeof imageAlt !== 'string' || imageAlt.trim() === '')) {
    problems.push('"image_alt", when given, must be non-empty text describing the image');
  }
  if (date === undefined || date === null) problems.push('"date" is missing');
  else if (
    !(date instanceof Date && !Number.isNaN(date.getTime())) &&
    !(typeof date === 'string' && DATE.test(date) && !Number.isNaN(Date.parse(date)))
  ) {
    problems.push(`"date" must be a date like 2025-06-17, got ${JSON.stringify(date)}`);
  }
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
    if (!image.startsWith('./'))
      problems.push(`"image" must be a file beside the post, like ./hero.svg`);
    else if (!existsSync(path.resolve(path.dirname(post.sourcePath), image))) {
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

/** `2025-06-17T…` → `2025/06/17`, in UTC like the blog plugin's own dates. */
export function formatDate(date: string | Date): string {
  const iso = (date instanceof Date ? date : new Date(date)).toISOString();
  return iso.slice(0, 10).replaceAll('-', '/');
}

export function heroAsset(post: PostInput): HeroAsset {
  const from = path.resolve(path.dirname(post.sourcePath), String(post.frontMatter.image));
  const hash = createHash('sha256').update(readFileSync(from)).digest('hex').slice(0, 8);
  const slug = String(post.frontMatter.slug);
  return {from, to: `assets/blog/${slug}-${hash}${path.extname(from)}`};
}

/**
 * Validated summaries, newest first. Posts on the same day keep their order by the time of day in
 * their `date` (the blog plugin sorts the same way, so feeds and cards agree).
 */
export function toSummaries(
  posts: readonly PostInput[],
  siteDir: string,
): {summaries: BlogSummary[]; heroes: HeroAsset[]} {
  posts.forEach((post) => validateFrontMatter(post, siteDir));
  const sorted = [...posts].sort((a, b) => new Date(b.date).getTime() - new Date(a.date).getTime());
  const heroes = sorted.map(heroAsset);
  const summaries = sorted.map((post, index) => ({
    slug: String(post.frontMatter.slug),
    title: String(post.frontMatter.title),
    excerpt: String(post.frontMatter.excerpt),
    image: `/${heroes[index]?.to ?? ''}`,
    date: formatDate(post.date),
  }));
  return {summaries, heroes};
}
