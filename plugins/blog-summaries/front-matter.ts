/**
 * The rules of an article's front matter and images, in one place: the build (blog-summaries,
 * freshness) and `npm run check-content` read them from here. The front matter is read with its
 * lines (yaml) and checked against one schema (Joi); each mistake is one problem with its line,
 * the field, the rule and the fix, in words a writer acts on.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import type {OnBrokenMarkdownImagesFunction} from '@docusaurus/types';
import Joi from 'joi';
import {isMap, isNode, isScalar, isSeq, LineCounter, parseDocument} from 'yaml';
import {BLOG_GROUPS} from '../../src/data/blog-groups';
import {isoDay, parseDay, utcDay} from '../../src/lib/dates';

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
  /** Its text: the front matter is read from it, with its lines. */
  source: string;
}

/** The only slug rule: kebab-case, and the folder is `<YYYY-MM-DD>-<slug>`. */
export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** How many related guides an article may name. */
export const MAX_RELATED = 3;
/** The cards show the excerpt whole up to this length. */
export const MAX_EXCERPT = 220;

const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

type FieldPath = readonly (string | number)[];

/** A rule's message, and where under the checked field it points when not at the field itself. */
class Rule extends Error {
  constructor(
    message: string,
    readonly at: FieldPath = [],
  ) {
    super(message);
  }
}

/** One message for each of Joi's error types. */
const all = (message: string, ...types: string[]) =>
  Object.fromEntries(types.map((type) => [type, message]));

/** A required text field: missing, empty and not text each say what to write in it. */
const text = (field: string, what: string) =>
  Joi.string()
    .empty(null)
    .pattern(/\S/)
    .required()
    .messages({
      'any.required': `"${field}" is missing: add ${what}`,
      'string.base': `"${field}" must be text: write ${what}`,
      ...all(`"${field}" is empty: write ${what}`, 'string.empty', 'string.pattern.base'),
    });

/**
 * A day written as text (YAML 1.2 leaves 2026-02-30 as text, where YAML 1.1 would silently move
 * it to 2 March): a day the calendar lacks is named; anything else not matching `pattern` gets
 * `wrong`, given the value as JSON.
 */
const writtenDay = (label: string, pattern: RegExp, wrong: (got: string) => string) =>
  Joi.any().custom((value: unknown) => {
    const written = typeof value === 'string' ? /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0] : undefined;
    if (written !== undefined && !parseDay(written)) {
      throw new Rule(
        `${label} is ${written}, which is not a day of the calendar: write a real day as YYYY-MM-DD`,
      );
    }
    if (typeof value !== 'string' || !pattern.test(value) || Number.isNaN(Date.parse(value))) {
      throw new Rule(wrong(JSON.stringify(value)));
    }
    return value;
  });

/** A check of non-blank text only (the text rule reports the rest), given the article's path. */
const onText = (check: (value: string, sourcePath: string) => void) =>
  function (value: unknown, helpers: Joi.CustomHelpers): unknown {
    if (typeof value === 'string' && /\S/.test(value)) {
      check(value, (helpers.prefs.context as {sourcePath: string}).sourcePath);
    }
    return value;
  };

function slugMatchesFolder(slug: string, sourcePath: string): void {
  const folder = path.basename(path.dirname(sourcePath));
  if (!SLUG.test(slug))
    throw new Rule(`"slug" must be kebab-case, like taobao-guide, got "${slug}"`);
  if (!folder.endsWith(`-${slug}`)) {
    throw new Rule(
      `"slug" must match the folder name <YYYY-MM-DD>-${slug}, got folder "${folder}": rename one of them`,
    );
  }
}

/** Only `./…` paths go through the bundler (see heroesModule): a URL would ship unhashed. */
function heroBesidePost(image: string, sourcePath: string): void {
  if (!image.startsWith('./')) {
    throw new Rule(`"image" must be a file beside the post, like ./hero.svg, got "${image}"`);
  }
  if (!existsSync(path.resolve(path.dirname(sourcePath), image))) {
    throw new Rule(
      `"image" ${image} does not exist: put the file beside index.mdx or correct the path`,
    );
  }
}

/** The longest line a change may be: the "What changed" list and the feeds show it whole. */
export const MAX_CHANGE = 200;
const CHANGES = `"changes" must list what each review changed, newest first: "changes:" then "  - date: 2026-11-25" and "    what: Checked every fact against its source."`;

/** One line of `changes`: the day of a review and what it changed, in one line of text. */
const CHANGE = Joi.object({
  date: writtenDay(
    'the change\'s "date"',
    DAY,
    (got) => `the change's "date" must be the review's day like 2026-11-25, got ${got}`,
  )
    .empty(null)
    .required()
    .messages({
      'any.required': `the change has no "date": add the review's day, like "- date: 2026-11-25"`,
    }),
  what: Joi.string()
    .empty(null)
    .pattern(/\S/)
    .pattern(/^[^\r\n]*$/, 'one line')
    .max(MAX_CHANGE)
    .required()
    .messages({
      'any.required': `the change has no "what": add what the review changed, like "  what: Checked every fact against its source."`,
      'string.base': `the change's "what" must be text: one line of what the review changed`,
      ...all(
        `the change's "what" is empty: write what the review changed (even "Checked every fact; nothing changed.")`,
        'string.empty',
        'string.pattern.base',
      ),
      'string.pattern.name': `the change's "what" must be one line: write it on the "what:" line, without | or > and line breaks`,
      'string.max': `the change's "what" is {#value.length} characters; keep it to ${MAX_CHANGE}, one short sentence`,
    }),
}).messages({
  'object.base': CHANGES,
  'object.unknown':
    'a change has only "date" and "what", not "{#key}": correct or remove that line',
});

/**
 * The changes in order, newest first: none after the review day, and the newest one of that day,
 * so the page's "What changed", the feeds and `dateModified` tell one story. Only when every
 * change's day reads; their own rules report the rest.
 */
function newestFirst(changes: readonly {date?: unknown}[], helpers: Joi.CustomHelpers): unknown {
  const [{last_update: review}] = helpers.state.ancestors as [{last_update?: {date?: unknown}}];
  const reviewed = typeof review?.date === 'string' ? review.date : '';
  const days = changes.map(({date}) => (typeof date === 'string' ? date : ''));
  if (!parseDay(reviewed) || days.length === 0 || !days.every((day) => parseDay(day))) {
    return changes;
  }
  const late = days.findIndex((day) => day > reviewed);
  if (late !== -1) {
    throw new Rule(
      `the change's "date" ${days[late]} is after last_update.date ${reviewed}: a change is made at a review, so date it on or before the last one`,
      [late, 'date'],
    );
  }
  const early = days.findIndex((day, index) => index > 0 && day > (days[index - 1] ?? day));
  if (early !== -1) {
    throw new Rule(
      `"changes" must list the newest first: move this change of ${days[early]} above the one of ${days[early - 1]}`,
      [early, 'date'],
    );
  }
  if (days[0] !== reviewed) {
    throw new Rule(
      `the newest change is of ${days[0]}, but last_update.date is ${reviewed}: add a line for the ${reviewed} review first (even "Checked every fact; nothing changed.")`,
      [0, 'date'],
    );
  }
  return changes;
}

const REVIEW =
  '"last_update" must give the day the facts were last checked, as YYYY-MM-DD with no time: "last_update:" then "  date: 2026-11-25"';

/** A review day no later than the build's day in China (`today` in the validation's context). */
function notAfterToday(value: unknown, helpers: Joi.CustomHelpers): unknown {
  const {today} = helpers.prefs.context as {today: Date};
  // Only a real day: writtenDay reports anything else.
  if (typeof value === 'string' && parseDay(value) && value > isoDay(today)) {
    throw new Rule(
      `"last_update.date" ${value} is after today, ${isoDay(today)} in China: give the day the facts were checked, not a day to come`,
    );
  }
  return value;
}
const RELATED = `"related" must list 1 to ${MAX_RELATED} article slugs, like [taobao-guide, gotcha-vs-rest]`;
const TEXT_TYPES = ['string.base', 'string.empty', 'string.pattern.base'];

/** The front matter's schema; keys in the order a writer reads the problems of one line. */
const SCHEMA = Joi.object({
  slug: text('slug', 'the folder\'s name after its date, like "slug: taobao-guide"').custom(
    onText(slugMatchesFolder),
  ),
  title: text('title', 'the article\'s title, like title: "How to Use Taobao"'),
  description: text(
    'description',
    "the text for search results and sharing, like description: '…' (120-160 characters read best, at least 50)",
  ),
  image: text('image', 'the hero beside the post, like "image: ./hero.svg" (1200x630)').custom(
    onText(heroBesidePost),
  ),
  excerpt: text(
    'excerpt',
    `one or two sentences for the cards, like excerpt: '…' (at most ${MAX_EXCERPT} characters)`,
  )
    .max(MAX_EXCERPT)
    .messages({
      'string.max': `"excerpt" is {#value.length} characters; keep it to ${MAX_EXCERPT} for the cards`,
    }),
  // The blog plugin would fall back to the folder's date: a post must say when it was published.
  date: writtenDay('"date"', DATE, (got) => `"date" must be a date like 2025-06-17, got ${got}`)
    .empty(null)
    .required()
    .messages({
      'any.required': '"date" is missing: add the day it was published, like "date: 2025-06-17"',
    }),
  // Without it the blog plugin would ask git, which knows when a file changed, not when its
  // facts were checked.
  last_update: Joi.object({
    date: writtenDay('"last_update.date"', DAY, () => REVIEW)
      .empty(null)
      .required()
      .custom(notAfterToday),
  })
    .unknown(true)
    .required()
    .messages(all(REVIEW, 'any.required', 'object.base')),
  changes: Joi.array()
    .items(CHANGE)
    .min(1)
    .empty(null)
    .required()
    .custom(newestFirst)
    .messages({
      'any.required': `"changes" is missing: ${CHANGES.slice(CHANGES.indexOf('list'))}`,
      ...all(CHANGES, 'array.base', 'array.min'),
    }),
  expires: writtenDay(
    '"expires"',
    DAY,
    (got) =>
      `"expires" must be the last day the title, description and excerpt hold, like "expires: 2026-12-31", got ${got}`,
  ),
  image_alt: Joi.string()
    .pattern(/\S/)
    .messages(
      all('"image_alt", when given, must be non-empty text describing the image', ...TEXT_TYPES),
    ),
  related: Joi.array()
    .items(Joi.string().pattern(SLUG).invalid(Joi.ref('...slug')))
    .min(1)
    .max(MAX_RELATED)
    .unique()
    .messages({
      ...all(RELATED, 'array.base', 'array.min', 'array.max', ...TEXT_TYPES),
      'any.invalid': '"related" must not name the article itself',
      'array.unique': '"related" names a slug twice',
    }),
  group: Joi.string()
    .valid(...BLOG_GROUPS.map(({id}) => id))
    .messages(
      all(
        `"group" must be one of ${BLOG_GROUPS.map(({id}) => id).join(', ')} (the headings /blogs lists guides under: ${BLOG_GROUPS.map(({heading}) => heading).join(', ')}), or left out`,
        'any.only',
        'string.base',
      ),
    ),
  tags: Joi.array()
    .items(Joi.string().pattern(/\S/))
    .messages(
      all('"tags" must be a list of words, like [visas, payments]', 'array.base', ...TEXT_TYPES),
    ),
  ...Object.fromEntries(
    ['draft', 'unlisted', 'hide_table_of_contents'].map((field) => [
      field,
      Joi.boolean()
        .strict()
        .messages({'boolean.base': `"${field}" must be true or false`}),
    ]),
  ),
})
  .unknown(true)
  .messages({'object.base': 'the front matter must be fields, one a line, like "title: …"'});

/** The closing `---`'s index among the source's lines, or 0 without front matter. */
function frontMatterEnd(lines: readonly string[]): number {
  const end = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  return end === -1 ? 0 : end;
}

/**
 * An article's front matter as YAML: its value, the line of a field's key in the article's
 * source (the nearest enclosing field's, or the front matter's end, when it is missing), and the
 * first error of YAML that cannot be read, as a problem.
 */
function readFrontMatter(source: string) {
  const lines = source.split(/\r?\n/);
  const end = frontMatterEnd(lines);
  const lineCounter = new LineCounter();
  const document = parseDocument(lines.slice(1, end).join('\n'), {lineCounter});
  // The YAML starts on the article's second line.
  const lineAt = (offset = 0) => lineCounter.linePos(offset).line + 1;
  const lineOf = (field: FieldPath): number => {
    let [node, line]: [unknown, number] = [document.contents, end + 1];
    for (const key of field) {
      const pair =
        isMap(node) && node.items.find((item) => isScalar(item.key) && item.key.value === key);
      const child: unknown = pair ? pair.key : isSeq(node) ? node.items[key as number] : undefined;
      if (!isNode(child)) break;
      line = lineAt(child.range?.[0]);
      node = pair ? pair.value : child;
    }
    return line;
  };
  const problems: ArticleProblem[] = document.errors.slice(0, 1).map((error) => ({
    line: lineAt(error.pos[0]),
    field: '',
    message: `the front matter (between the two --- lines) cannot be read: ${error.message.split(' at line')[0]}`,
  }));
  let data: unknown = {};
  if (problems.length === 0) {
    try {
      data = document.toJS() ?? {};
    } catch (error) {
      // An alias bomb (aliases nested until the value is millions of nodes) and the like.
      problems.push({
        line: 2,
        field: '',
        message: `the front matter (between the two --- lines) cannot be read: ${error instanceof Error ? error.message : String(error)}; write each field's value out rather than with & and * aliases`,
      });
    }
  }
  return {data, lineOf, problems};
}

/** The line of a front-matter field (`expires`, `last_update.date`) in an article's source. */
export function frontMatterLine(source: string, field: string): number {
  return readFrontMatter(source).lineOf(field.split('.'));
}

/** A calendar day: YAML's Date at UTC midnight, or `YYYY-MM-DD` text; anything else undefined. */
function dayOf(value: unknown): Date | undefined {
  if (typeof value === 'string') return parseDay(value);
  if (!(value instanceof Date) || Number.isNaN(value.getTime())) return undefined;
  return utcDay(value).getTime() === value.getTime() ? value : undefined;
}

/**
 * An article's front matter as data (its days as text), or `{}` when its YAML cannot be read
 * (articleProblems says why): the checks outside the build read it without the framework.
 */
export function parseFrontMatter(source: string): Record<string, unknown> {
  const {data} = readFrontMatter(source);
  return typeof data === 'object' && data !== null ? (data as Record<string, unknown>) : {};
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
  return dayOf((frontMatter.last_update as {date?: unknown} | null | undefined)?.date);
}

/** Every mistake of the front matter against the schema, one problem each, on its field's line. */
function frontMatterProblems({sourcePath, source}: ArticleInput, today: Date): ArticleProblem[] {
  const {data, lineOf, problems} = readFrontMatter(source);
  if (problems.length > 0) return problems;
  const {error} = SCHEMA.validate(data, {abortEarly: false, context: {sourcePath, today}});
  const entries = new Set<string>();
  return (error?.details ?? []).flatMap(({path: field, message, context}) => {
    const thrown: unknown = context?.error;
    const rule = thrown instanceof Rule ? thrown : undefined;
    // One line for a malformed entry of a list of fields (a change): its first mistake.
    const entry = field.slice(0, 2).join('.');
    if (field.length > 2 && typeof field[1] === 'number' && entries.has(entry)) return [];
    entries.add(entry);
    const at = [...field, ...(rule?.at ?? [])];
    return [{line: lineOf(at), field: at.join('.'), message: rule?.message ?? message}];
  });
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
  {sourcePath, source}: ArticleInput,
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
 * Every mistake of one article's front matter and images, one problem each (a rule broken twice
 * on one line once), so a writer fixes them all in one go. `today` is the build's day in China,
 * after which no review can have happened.
 */
export function articleProblems(
  article: ArticleInput,
  siteDir: string,
  today: Date,
): ArticleProblem[] {
  const problems = [
    ...frontMatterProblems(article, today),
    ...inlineImageProblems(article, siteDir),
  ];
  return problems
    .filter(
      (problem, index) =>
        problems.findIndex(
          ({line, message}) => line === problem.line && message === problem.message,
        ) === index,
    )
    .sort((a, b) => a.line - b.line);
}

/** The most bytes an article's source may have: some six times the longest guide's (35 KB in November 2026). */
export const MAX_ARTICLE_BYTES = 200 * 1024;

const UTF8 = new TextDecoder('utf-8', {fatal: true});

/**
 * An article's text from its file's bytes, or the one problem that stops it being read: more
 * than MAX_ARTICLE_BYTES, or bytes that are not UTF-8, which Node would publish as U+FFFD (�).
 * Line by line, as a newline byte is never part of a longer UTF-8 character, to name the line.
 */
export function articleText(bytes: Uint8Array): {source: string} | {problem: ArticleProblem} {
  if (bytes.length > MAX_ARTICLE_BYTES) {
    const size = (count: number) => `${Math.ceil(count / 1024)} KB`;
    const message = `the article is ${size(bytes.length)}, over the ${size(MAX_ARTICLE_BYTES)} an article may be: split it into two articles that link each other`;
    return {problem: {line: 1, field: '', message}};
  }
  let start = 0;
  for (let line = 1; start <= bytes.length; line += 1) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    try {
      UTF8.decode(bytes.subarray(start, end));
    } catch {
      const message =
        'this line has bytes that are not UTF-8 (the file was saved in another encoding), which would show as �: save the file as UTF-8 and check the line';
      return {problem: {line, field: '', message}};
    }
    start = end + 1;
  }
  return {source: new TextDecoder().decode(bytes)};
}

/**
 * Each article whose slug an earlier one (by file) already has, as a problem on its slug's line:
 * the blog would put both at one address.
 */
export function duplicateSlugs<T extends {file: string; source: string}>(
  articles: readonly T[],
): {article: T; problem: ArticleProblem}[] {
  const firstWith = new Map<unknown, string>();
  return [...articles]
    .sort((a, b) => a.file.localeCompare(b.file))
    .flatMap((article) => {
      const {slug} = parseFrontMatter(article.source);
      const earlier = firstWith.get(slug);
      if (typeof slug !== 'string') return [];
      if (earlier === undefined) {
        firstWith.set(slug, article.file);
        return [];
      }
      const message = `"slug" ${slug} is ${earlier}'s too, and both would be /blog/${slug}: give this article a slug of its own, and its folder the same name`;
      return [
        {article, problem: {line: frontMatterLine(article.source, 'slug'), field: 'slug', message}},
      ];
    });
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
