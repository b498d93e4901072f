/**
 * Links to a guide's section whose anchor the page does not have, found in the guides' sources
 * with their lines: Docusaurus's own check (`onBrokenAnchors: 'throw'`) names only the page a
 * wrong anchor is on, after a whole build.
 *
 * The anchors are the ones that check knows of, computed as Docusaurus 3.10 computes them:
 * - a Markdown heading's (`##` to `######`, or underlined), from its text with github-slugger and
 *   its numbering of repeats ("Cash", "Cash" → `cash`, `cash-1`), one slugger per page that an
 *   `#` heading feeds but which gives no anchor; or the heading's own, written last in it as
 *   `{/* #custom-id *\/}` (or `\{#custom-id\}`), which the slugger neither changes nor counts;
 * - the `id` of a `<Link>`, and the anchors a component names (`COMPONENT_ANCHORS`).
 * An `id` written on any other element (`<span id="…">`, `<a id="…">`, `<h2 id="…">`) is plain
 * HTML to MDX: the check does not see it, refuses a link to it, and so does this module, saying
 * why.
 */
import {decodeHTMLStrict} from 'entities';
import GithubSlugger from 'github-slugger';
import {COUNTRIES} from '../../src/data/entry-rules';

/** One article as its source holds it. */
export interface SectionLinkArticle {
  /** The file relative to the site, as a writer opens it: `blog/2025-06-17-taobao-guide/index.mdx`. */
  file: string;
  /** The whole MDX text, front matter included, so that lines count from the file's first. */
  source: string;
  /** The front matter's slug: the article is at `/blog/<slug>`. */
  slug: string;
}

/** A link the build would refuse, and what to write instead. */
export interface WrongSectionLink {
  file: string;
  /** 1-based line of the link's address. */
  line: number;
  message: string;
}

/**
 * Anchors that components render and report to the build's check themselves
 * (`useBrokenLinks().collectAnchor`, src/components/EntryRules), by the component that does it.
 */
const COMPONENT_ANCHORS: Readonly<Record<string, readonly string[]>> = {
  PassportAnswer: COUNTRIES.map((country) => country.id),
  OpenToEveryPassport: ['open-to-every-passport'],
};

/** How many of the closest anchors a message names. */
const SUGGESTIONS = 3;
/** Any absolute address resolves against it, as the build's check resolves a page's links. */
const ORIGIN = 'https://site.invalid';
const EXTERNAL = /^(?:[a-z][a-z\d+.-]*:|\/\/)/i;
const MARKDOWN_FILE = /\.mdx?$/i;

/**
 * Every link in the articles to a section that is not there, with its file and line: to a guide
 * (`/blog/slug#a`, `/blog/slug/#a`, `./slug#a`, `../2025-06-17-slug/index.mdx#a`), in the same
 * article (`#a`), and a relative link that names a guide but leads elsewhere (`../slug#a` resolves
 * to `/slug`). Markdown links, reference definitions and the `href`/`to` of `<a>` and `<Link>`
 * count; code (fenced or inline), comments and the front matter do not. The message names the
 * closest anchors the page has and where a writer sees them.
 *
 * Pure: it reads nothing but its argument, so that the build and `npm run check-content` report
 * the same lines.
 */
export function wrongSectionLinks(articles: readonly SectionLinkArticle[]): WrongSectionLink[] {
  const pages = new Map(articles.map((article) => [pagePath(article.slug), pageOf(article)]));
  const byFile = new Map(articles.map((article) => [article.file, article]));
  return articles.flatMap((article) =>
    linksIn(article.source)
      .sort((a, b) => a.line - b.line)
      .flatMap(({address, line}) => {
        const message = checkLink(address, article, pages, byFile);
        return message ? [{file: article.file, line, message}] : [];
      }),
  );
}

/** The anchors a link to the article may name: its headings' in order, then those of `<Link id>` and components. */
export function sectionAnchors(source: string): string[] {
  return [...anchorsOf(source).known];
}

interface Page {
  path: string;
  /** The anchors the build's check knows of. */
  known: Set<string>;
  /** Headings' anchors with their lines, to name the section above an unseen id. */
  headings: {anchor: string; line: number}[];
  /** Ids written on elements the check does not see, with the element's name and line. */
  unseen: Map<string, {element: string; line: number}>;
}

function pagePath(slug: string): string {
  return `/blog/${slug.replace(/^\/+|\/+$/g, '')}`;
}

function pageOf(article: SectionLinkArticle): Page {
  return {path: pagePath(article.slug), ...anchorsOf(article.source)};
}

/** The source with what never renders as a link or heading (front matter, code, comments) blanked. */
function visibleLines(source: string): string[] {
  const lines = source.split('\n');
  let index = 0;
  if (lines[0]?.trimEnd() === '---') {
    const end = lines.findIndex((line, at) => at > 0 && line.trimEnd() === '---');
    index = end < 0 ? 0 : end + 1;
    for (let at = 0; at < index; at++) lines[at] = '';
  }
  let fence: {char: string; length: number} | undefined;
  for (; index < lines.length; index++) {
    const line = lines[index] as string;
    const marker = /^[\s>]*(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      const closes =
        marker?.[1]?.[0] === fence.char &&
        marker[1].length >= fence.length &&
        marker[2]?.trim() === '';
      lines[index] = '';
      if (closes) fence = undefined;
    } else if (marker?.[1] && !(marker[1][0] === '`' && marker[2]?.includes('`'))) {
      fence = {char: marker[1][0] as string, length: marker[1].length};
      lines[index] = '';
    }
  }
  return blankComments(lines.join('\n')).split('\n');
}

/** `{/* … *\/}` and `<!-- … -->` as spaces, newlines kept, so lines keep their numbers. */
function blankComments(text: string): string {
  return text.replace(/\{\s*\/\*[\s\S]*?\*\/\s*\}|<!--[\s\S]*?-->/g, (comment) =>
    comment.replace(/[^\n]/g, ' '),
  );
}

/** Inline code as spaces, so that `[a](#b)` in backticks is no link. */
function blankInlineCode(text: string): string {
  return text.replace(/(`+)(?:(?!\n[ \t]*\n)[\s\S])*?[^`]\1(?!`)/g, (code) =>
    code.replace(/[^\n]/g, ' '),
  );
}

// Anchors ------------------------------------------------------------------------------------

const ATX_HEADING =
  /^(?:[ \t]*>)*[ \t]*(?:(?:[-*+]|\d{1,9}[.)])[ \t]+)*(#{1,6})(?:[ \t]+(.*?))?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** A line that can be a paragraph's, which an underline turns into a heading. */
const PARAGRAPH_LINE = /^ {0,3}(?![-*+](?:\s|$)|\d{1,9}[.)](?:\s|$)|[>#<|{:]|import\s|export\s)\S/;
/** A heading's own id, written last in it: `{/* #custom-id *\/}` (one comment, nothing else). */
const COMMENT_ID = /\{\s*\/\*((?:(?!\*\/)[\s\S])*)\*\/\s*\}$/;
/** Docusaurus's "classic" id, `\{#custom-id\}` once MDX has read the escapes. */
const CLASSIC_ID = /\s*\{#((?:.(?!\{#|\}))*.)\}$/;

interface Heading {
  depth: number;
  line: number;
  /** What the writer wrote between the `#`s, or above the underline. */
  content: string;
}

function anchorsOf(source: string): Omit<Page, 'path'> {
  const original = source.split('\n');
  const lines = visibleLines(source);
  const slugger = new GithubSlugger();
  const known = new Set<string>();
  const headings: Page['headings'] = [];
  // The blog drops an article's first heading when it is an `#` one above any thematic break
  // (the title) before the slugger runs; a later `#` heading is counted but gets no anchor.
  let titlePossible = true;
  lines.forEach((line, index) => {
    const heading = headingAt(lines, original, index);
    if (!heading) {
      if (THEMATIC_BREAK.test(line)) titlePossible = false;
      return;
    }
    const isTitle = titlePossible && heading.depth === 1;
    titlePossible = false;
    if (isTitle) return;
    const anchor = headingAnchor(heading.content, slugger);
    // An `#` heading, and one without text, render no anchor.
    if (heading.depth === 1 || anchor === '') return;
    known.add(anchor);
    headings.push({anchor, line: heading.line});
  });
  const unseen: Page['unseen'] = new Map();
  const text = blankInlineCode(lines.join('\n'));
  for (const match of text.matchAll(/<([A-Za-z][\w.]*)\b([^>]*)>/g)) {
    const [, element = '', attributes = ''] = match;
    const id = /\bid\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/.exec(attributes);
    const value = id?.[1] ?? id?.[2] ?? id?.[3];
    if (value !== undefined) {
      if (element === 'Link') known.add(value);
      else unseen.set(value, {element, line: lineAt(text, match.index)});
    }
    for (const anchor of COMPONENT_ANCHORS[element] ?? []) known.add(anchor);
  }
  return {known, headings, unseen};
}

/** The heading at this line, `## Text` or underlined; `lines` has code and comments blanked. */
function headingAt(lines: string[], original: string[], index: number): Heading | undefined {
  if (ATX_HEADING.test(lines[index] as string)) {
    const [, hashes = '', content = ''] = ATX_HEADING.exec(original[index] as string) ?? [];
    const withoutClosing = content.replace(/(?:^|[ \t]+)#+$/, '');
    return {depth: hashes.length, line: index + 1, content: withoutClosing};
  }
  const underline = SETEXT_UNDERLINE.exec(lines[index] as string);
  if (!underline || index === 0 || !PARAGRAPH_LINE.test(lines[index - 1] as string)) {
    return undefined;
  }
  let first = index - 1;
  while (first > 0 && PARAGRAPH_LINE.test(lines[first - 1] as string)) first--;
  const content = original.slice(first, index).join('\n').trim();
  return {depth: underline[1]?.startsWith('=') ? 1 : 2, line: first + 1, content};
}

/**
 * The heading's anchor: its own id when it ends with one, else its text (as mdast-util-to-string
 * reads it) through the page's slugger.
 */
function headingAnchor(content: string, slugger: GithubSlugger): string {
  const comment = COMMENT_ID.exec(content.trim());
  const first = comment?.[1]?.trim().split(' ')[0];
  if (first?.startsWith('#') && first.length > 1) return first.slice(1);
  const text = inlineText(content.trim());
  const classic = CLASSIC_ID.exec(text);
  if (classic?.[1]) return classic[1].trim();
  return slugger.slug(text);
}

/**
 * The text MDX gives an inline run: code as written, links and images by their text, JSX tags
 * dropped around their children, an expression by its source, escapes and character references
 * resolved. Emphasis marks are dropped where they pair; the slugger drops `*` and `~`
 * wherever they are.
 */
function inlineText(markdown: string): string {
  const kept: string[] = [];
  const keep = (text: string) => `\uE000${kept.push(text) - 1}\uE001`;
  let text = markdown
    .replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) =>
      keep(/^ .*[^ ].* $/s.test(code) ? code.slice(1, -1) : code),
    )
    .replace(/\\([!-/:-@[-`{-~])/g, (_, character: string) => keep(character))
    .replace(/\{([^{}]*)\}/g, (_, expression: string) => keep(expression))
    .replace(/<\/?[A-Za-z][\w.:-]*(?:\s[^<>]*)?\/?>/g, '');
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(/!?\[([^[\]]*)\](?:\((?:[^()]|\([^()]*\))*\)|\[[^\]]*\])/g, '$1');
  }
  return text
    .replace(
      /(?<!:):([A-Za-z][\w-]*)(?![\w:-])(?:\[([^\]]*)\])?(?:\{[^}]*\})?/g,
      (_, _name, label = '') => String(label),
    )
    .replace(/(?<![\p{L}\p{N}_])(_+)(?=\S)(.+?)(?<=\S)\1(?![\p{L}\p{N}_])/gu, '$2')
    .replace(/&(?:#\d+|#x[\da-f]+|[a-z][a-z\d]*);/gi, (reference) => decodeHTMLStrict(reference))
    .replace(/\uE000(\d+)\uE001/g, (_, at: string) => kept[Number(at)] as string);
}

// Links --------------------------------------------------------------------------------------

interface Link {
  address: string;
  line: number;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let at = text.indexOf('\n'); at >= 0 && at < index; at = text.indexOf('\n', at + 1)) line++;
  return line;
}

/** Every address a link in the source points to, with its line. */
function linksIn(source: string): Link[] {
  const text = blankInlineCode(visibleLines(source).join('\n'));
  const links: Link[] = [];
  const add = (address: string | undefined, index: number) => {
    if (address) links.push({address: address.replace(/^<|>$/g, ''), line: lineAt(text, index)});
  };
  // The address of `[text](address "title")`, and not of an image's `![alt](src)`.
  const markdown = /(!?)\[(?:[^[\]]|\[[^[\]]*\])*\]\(\s*(<[^>\n]*>|(?:[^\s()]|\([^\s()]*\))+)/g;
  for (const match of text.matchAll(markdown)) {
    if (match[1] !== '!') add(match[2], match.index + match[0].length - (match[2]?.length ?? 0));
  }
  for (const match of text.matchAll(/^ {0,3}\[(?!\^)[^\]]+\]:[ \t]*(<[^>\n]*>|\S+)/gm)) {
    add(match[1], match.index + match[0].length - (match[1]?.length ?? 0));
  }
  const jsx =
    /<(?:a|Link)\b[^>]*?\b(?:href|to)\s*=\s*(?:"([^"]*)"|'([^']*)'|\{\s*["'`]([^"'`]*)["'`]\s*\})/g;
  for (const match of text.matchAll(jsx)) add(match[1] ?? match[2] ?? match[3], match.index);
  return links;
}

/** Why the build refuses the link, or undefined when it leads to a section that is there. */
function checkLink(
  address: string,
  article: SectionLinkArticle,
  pages: ReadonlyMap<string, Page>,
  byFile: ReadonlyMap<string, SectionLinkArticle>,
): string | undefined {
  if (EXTERNAL.test(address)) return undefined;
  const here = pagePath(article.slug);
  const [pathPart = ''] = address.split(/[?#]/);
  let url: URL;
  try {
    url = new URL(address, `${ORIGIN}${here}`);
  } catch {
    return undefined;
  }
  const hash = url.hash.slice(1);
  let target: Page | undefined;
  if (MARKDOWN_FILE.test(pathPart)) {
    const file = markdownFileTarget(pathPart, article.file, byFile);
    target = file && pages.get(pagePath(file.slug));
  } else {
    const path = safeDecode(url.pathname).replace(/(.)\/+$/, '$1');
    target = pages.get(path);
    if (!target && !/^[/#?]/.test(address)) return misdirected(address, path, hash, pages);
  }
  if (!target || hash === '' || hasAnchor(target, hash)) return undefined;
  return missingAnchor(address, hash, target, target.path === here);
}

/** The article a link to a Markdown file names, resolved as the build resolves it. */
function markdownFileTarget(
  pathname: string,
  from: string,
  byFile: ReadonlyMap<string, SectionLinkArticle>,
): SectionLinkArticle | undefined {
  const relative = safeDecode(pathname);
  const folder = from.split('/').slice(0, -1).join('/');
  const bases = relative.startsWith('/')
    ? ['blog', '']
    : /^\.\.?\//.test(relative)
      ? [folder]
      : [folder, 'blog', ''];
  for (const base of bases) {
    const found = byFile.get(normalizePath(`${base}/${relative}`));
    if (found) return found;
  }
  return undefined;
}

function normalizePath(path: string): string {
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '' && part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function hasAnchor(page: Page, hash: string): boolean {
  return page.known.has(hash) || page.known.has(safeDecode(hash));
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A relative link that names a guide by its slug but resolves to another address. */
function misdirected(
  address: string,
  path: string,
  hash: string,
  pages: ReadonlyMap<string, Page>,
): string | undefined {
  const page = pages.get(pagePath(path.split('/').at(-1) ?? ''));
  if (!page) return undefined;
  const fix = `${page.path}${address.includes('#') ? address.slice(address.indexOf('#')) : ''}`;
  const leads = `the link ${address} leads to ${path}, which is no page`;
  if (!hash || hasAnchor(page, hash)) return `${leads}: write ${fix}`;
  const wanted = safeDecode(hash);
  return `${leads}; the guide is ${page.path}, and it has no #${wanted} either: ${whatToLink(page, wanted)}`;
}

function missingAnchor(address: string, hash: string, page: Page, samePage: boolean): string {
  const wanted = safeDecode(hash);
  const where = samePage ? 'this article' : page.path;
  return `the link ${address} names no section of ${where}: ${whatToLink(page, wanted)}`;
}

/**
 * How far an anchor is from the one wanted: the words they share count first (a writer shortens
 * "common-scams-and-how-to-avoid-them" to "common-scams"), then the edit distance.
 */
function closeness(wanted: string, anchor: string): number {
  const words = new Set(anchor.split('-'));
  const shared = wanted.split('-').filter((word) => words.has(word) || anchor.startsWith(word));
  return editDistance(wanted, anchor) - 100 * shared.length;
}

/** The anchors closest to the one wanted, or why an id on the page does not count. */
function whatToLink(page: Page, wanted: string): string {
  const unseen = page.unseen.get(wanted);
  if (unseen) {
    const section = page.headings.filter((heading) => heading.line < unseen.line).at(-1);
    const instead = section ? `link the section it is in, #${section.anchor}, or ` : '';
    return (
      `#${wanted} belongs to an element there (<${unseen.element} id>), which the build's anchor check does not see (it sees headings): ` +
      `${instead}end a heading with {/* #${wanted} */} to give it that anchor`
    );
  }
  const closest = [...page.known]
    .map((anchor) => ({anchor, distance: closeness(wanted, anchor)}))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, SUGGESTIONS)
    .map(({anchor}) => `#${anchor}`);
  if (closest.length === 0) return 'it has no section to link';
  return (
    `its closest anchors are ${listed(closest)} (a section's anchor ends the address of the # ` +
    `that shows beside its heading when you point at it; "On this page" links to each ## section)`
  );
}

function listed(items: string[]): string {
  return items.length < 2 ? items.join('') : `${items.slice(0, -1).join(', ')} or ${items.at(-1)}`;
}

/** Levenshtein's distance: how many characters to add, drop or change to turn one into the other. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, index) => index);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const change = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min(change, (previous[j] as number) + 1, (current[j - 1] as number) + 1));
    }
    previous = current;
  }
  return previous[b.length] as number;
}
