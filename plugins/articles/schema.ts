/**
 * The rules of an article's front matter, in words a writer acts on: one Joi schema, one message
 * for each of its error types, and the value it returns typed as contracts/article.ts says, with
 * every key of that type present in the schema (checked when the code compiles).
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import Joi from 'joi';
import type {ArticleFrontMatter} from '../../contracts/article';
import {BLOG_GROUPS} from '../../src/data/blog-groups';
import {isoDay, parseDay} from '../../src/lib/dates';
import type {ArticleProblem} from './problem';
import type {FieldPath} from './yaml';

/** The only slug rule: kebab-case, and the folder is `<YYYY-MM-DD>-<slug>`. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** How many related guides an article may name. */
const MAX_RELATED = 3;
/** The cards show the excerpt whole up to this length. */
const MAX_EXCERPT = 220;

/** A publication date: a day, or a moment of it (which orders posts of one day). */
const DATE = /^\d{4}-\d{2}-\d{2}(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

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
const MAX_CHANGE = 200;
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
const flag = (field: string) =>
  Joi.boolean()
    .strict()
    .messages({'boolean.base': `"${field}" must be true or false`});

const RELATED = `"related" must list 1 to ${MAX_RELATED} article slugs, like [taobao-guide, gotcha-vs-rest]`;
const TEXT_TYPES = ['string.base', 'string.empty', 'string.pattern.base'];

/**
 * The front matter's fields, keys in the order a writer reads the problems of one line: exactly
 * the keys of ArticleFrontMatter, no more and none missing.
 */
const FIELDS = {
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
  // The moment it was published, as the blog plugin reads a YAML timestamp: a day is its UTC
  // midnight, and text would be read again with a "Z" added.
  date: writtenDay('"date"', DATE, (got) => `"date" must be a date like 2025-06-17, got ${got}`)
    .empty(null)
    .required()
    .custom((value: string) => new Date(value))
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
  draft: flag('draft'),
  unlisted: flag('unlisted'),
  hide_table_of_contents: flag('hide_table_of_contents'),
} satisfies {[Field in keyof ArticleFrontMatter]-?: Joi.Schema};

/** The schema of the whole front matter; fields of the framework's own it does not name pass. */
const SCHEMA = Joi.object<ArticleFrontMatter>(FIELDS)
  .unknown(true)
  .messages({'object.base': 'the front matter must be fields, one a line, like "title: …"'});

/** A rule's message, or Joi's own, with where it points. */
function problemsOf(error: Joi.ValidationError, lineOf: (field: FieldPath) => number) {
  const entries = new Set<string>();
  return error.details.flatMap(({path: field, message, context}): ArticleProblem[] => {
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

/**
 * The front matter checked against the rules: the validated value, or every mistake, one
 * problem each on its field's line. `today` is the build's day in China, after which no review
 * can have happened; `sourcePath` is the article's file, beside which its hero must be.
 */
export function validateFrontMatter(
  data: unknown,
  lineOf: (field: FieldPath) => number,
  context: {sourcePath: string; today: Date},
): {value: ArticleFrontMatter; problems: []} | {value?: undefined; problems: ArticleProblem[]} {
  const result = SCHEMA.validate(data, {abortEarly: false, context});
  if (result.error === undefined) return {value: result.value, problems: []};
  return {problems: problemsOf(result.error, lineOf)};
}
