import {createHash} from 'node:crypto';
import {readdir, readFile, rename, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {load} from 'cheerio';
import postcss from 'postcss';
import {PurgeCSS, type ExtractorResultDetailed} from 'purgecss';
import {SEARCH_CLASS} from '../../src/lib/search/protocol';

/** States a visitor brings about, never there at the first paint: the full stylesheet has them. */
const USER_ACTION = /:(?:hover|active|focus|focus-visible|focus-within)\b/;

/**
 * What the page's markup offers selectors: its elements' tags, classes, ids and attributes, as an
 * HTML parser reads them (so a `>` in an attribute, a tag in a comment or an entity is read as a
 * browser reads it), with `<noscript>`'s markup as elements. PurgeCSS's default reads every word
 * of the page, so an article that says "menu" or "button" kept Infima's `.menu` and `.button`
 * rules. The theme script sets `data-theme` and `data-theme-choice` on `<html>` before the first
 * paint, so every value they can take counts.
 */
function markupSelectors(html: string): ExtractorResultDetailed {
  const tags = new Set<string>();
  const classes = new Set<string>();
  const ids = new Set<string>();
  const names = new Set(['data-theme', 'data-theme-choice']);
  const values = new Set(['light', 'dark', 'system']);
  const $ = load(html, {scriptingEnabled: false});
  for (const element of $('*:not(script, style)').toArray()) {
    if (!('attribs' in element)) continue;
    tags.add(element.tagName.toLowerCase());
    for (const [name, value] of Object.entries(element.attribs)) {
      const words = value.split(/\s+/).filter(Boolean);
      names.add(name);
      values.add(value);
      for (const word of words) values.add(word);
      if (name === 'class') for (const word of words) classes.add(word);
      if (name === 'id') ids.add(value);
    }
  }
  return {
    tags: [...tags],
    classes: [...classes],
    ids: [...ids],
    attributes: {names: [...names], values: [...values]},
    undetermined: [],
  };
}

/**
 * PurgeCSS over `pages` with the markup's selectors, each page read as a document of its own (one
 * `<html>` and `<body>` each, with their classes), leaving out what is left empty. Attribute
 * selectors on `dynamicAttributes` are kept whatever the markup has, as PurgeCSS keeps `open`, and
 * so is every selector naming one of `drawnClasses`.
 */
async function purged(
  css: string,
  pages: string[],
  dynamicAttributes: string[] = [],
  drawnClasses: string[] = [],
): Promise<string> {
  const [result] = await new PurgeCSS().purge({
    content: pages.map((raw) => ({raw, extension: 'html'})),
    css: [{raw: css}],
    variables: true,
    keyframes: true,
    fontFace: true,
    dynamicAttributes,
    safelist: {greedy: drawnClasses.map((name) => new RegExp(`^${name}$`))},
    extractors: [{extensions: ['html'], extractor: markupSelectors}],
  });
  const root = postcss.parse(result?.css ?? '');
  // Purging leaves rules whose custom properties no element reads empty, not removed.
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  root.walkAtRules((rule) => {
    if (rule.nodes?.length === 0) rule.remove();
  });
  return root.toString();
}

/**
 * The rules among `css` that the elements of `html` can use, in either colour scheme, with the
 * custom properties those rules read, less what cannot show at the first paint (print styles,
 * hover and focus states).
 */
export async function criticalRules(css: string, html: string): Promise<string> {
  // Print styles and hover and focus states go first, so the custom properties only they read
  // are purged too.
  const shown = postcss.parse(css);
  shown.walkAtRules('media', (rule) => {
    if (rule.params.trim() === 'print') rule.remove();
  });
  shown.walkRules((rule) => {
    const selectors = rule.selectors.filter((selector) => !USER_ACTION.test(selector));
    if (selectors.length === 0) rule.remove();
    else rule.selectors = selectors;
  });
  return purged(shown.toString(), [html]);
}

/** Attributes the page script sets on a page's elements (src/lib/page-script.ts). */
const SCRIPTED_ATTRIBUTES = ['hidden', 'disabled', 'data-submitted'];

/**
 * The rules among `css` that the elements of any of `pages` can use, in any state and medium, in
 * the order `css` has them (so they cascade as it does), with the search's results (drawn by
 * src/lib/search, which needs no framework): the stylesheet a reader needs, without what only the
 * framework draws (toasts) or what no page uses.
 */
export function pageRules(css: string, pages: string[]): Promise<string> {
  return purged(css, pages, SCRIPTED_ATTRIBUTES, Object.values(SEARCH_CLASS));
}

/** Where a page's markup is in its HTML, as the parser read it. */
interface Span {
  start: number;
  end: number;
}

/**
 * The page's first stylesheet link that loads without blocking the paint (`data-media`, written
 * by build-steps/page-template/ssr-template.ts), where it is in `html`, and the stylesheet it names.
 */
function deferredLink(html: string): (Span & {href: string}) | undefined {
  const link = load(html, {sourceCodeLocationInfo: true})('link[data-media]').first();
  const location = link.get(0)?.sourceCodeLocation;
  const href = link.attr('href');
  if (!location || !href?.endsWith('.css')) return undefined;
  return {start: location.startOffset, end: location.endOffset, href};
}

/**
 * After the build (the first of plugins/post-build's steps), puts in each page a `<style>` with
 * the rules its own elements use, so the first paint waits for no stylesheet, and points the
 * page's deferred stylesheet link (switched on by the page script, `media="print"` until then) at
 * a stylesheet of the rules any page can use (`pages.<hash>.css`, cached across pages): hover and
 * focus states, print styles, what the page script hides or disables, the search's results. The
 * full stylesheet, which also styles what only the framework draws (toasts), comes with the
 * framework when a visitor asks for it; the `<noscript>` link serves it to visitors without
 * JavaScript.
 */
export async function inlineCriticalCss(outDir: string): Promise<void> {
  const entries = await readdir(outDir, {recursive: true});
  const pages = await Promise.all(
    entries
      .filter((entry) => entry.endsWith('.html'))
      .map(async (entry) => {
        const file = path.join(outDir, entry);
        const html = await readFile(file, 'utf8');
        const link = deferredLink(html);
        if (!link) throw new Error(`critical-css: no deferred stylesheet link in ${entry}`);
        return {file, html, link, href: link.href};
      }),
  );
  for (const href of new Set(pages.map((page) => page.href))) {
    const css = await readFile(path.join(outDir, href), 'utf8');
    const linking = pages.filter((page) => page.href === href);
    const rules = await pageRules(
      css,
      linking.map((page) => page.html),
    );
    const hash = createHash('sha256').update(rules).digest('hex').slice(0, 8);
    const pagesHref = `${path.posix.dirname(href)}/pages.${hash}.css`;
    await writeFile(path.join(outDir, pagesHref), rules);
    for (const {file, html, link} of linking) {
      const style = `<style>${await criticalRules(css, html)}</style>`;
      const pagesLink = html.slice(link.start, link.end).replace(href, pagesHref);
      const output = html.slice(0, link.start) + style + pagesLink + html.slice(link.end);
      // plugins/social-cards reads the pages meanwhile: never let it see a half-written one.
      await writeFile(`${file}.tmp`, output);
      await rename(`${file}.tmp`, file);
    }
  }
}
