/**
 * Checks of the built site that need no browser: valid HTML, references that resolve, safe
 * external links, what crawlers read, and nothing loaded from another origin. Each returns the
 * problems it found, as sentences naming the page, so a failing test says what to fix.
 */
import {createHash} from 'node:crypto';
import {load, type CheerioAPI} from 'cheerio';
import {HtmlValidate, StaticConfigLoader} from 'html-validate';
import {resolveUrlPath} from '../../server/static-site';

const validator = new HtmlValidate(
  new StaticConfigLoader({
    extends: ['html-validate:standard', 'html-validate:a11y'],
    // Docusaurus's skip link sits in a div with role="region"; axe checks the landmarks.
    rules: {'prefer-native-element': ['error', {exclude: ['region']}]},
  }),
);

export async function htmlErrors(html: string, page: string): Promise<string[]> {
  // The minifier drops the optional </html> end tag, which the HTML standard allows.
  const source = /<\/html>\s*$/i.test(html) ? html : `${html}</html>`;
  const report = await validator.validateString(source, page);
  return report.results.flatMap((result) =>
    result.messages.map(
      (message) => `${page}: ${message.ruleId}: ${message.message} (${message.selector ?? ''})`,
    ),
  );
}

/** Element attributes that make the browser load something. */
const LOADING_REFERENCES: [selector: string, attribute: string][] = [
  ['script[src]', 'src'],
  ['img[src]', 'src'],
  ['source[src]', 'src'],
  ['iframe[src]', 'src'],
  ['video[src]', 'src'],
  ['audio[src]', 'src'],
  ['object[data]', 'data'],
  ['link[href]:not([rel~="canonical"]):not([rel~="alternate"])', 'href'],
];

export interface PageContext {
  page: string;
  $: CheerioAPI;
  siteOrigin: string;
}

function isExternal(reference: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(reference) || reference.startsWith('//');
}

/**
 * Internal links and loaded files that do not exist, `#anchors` with no target, and anything
 * loaded from another origin.
 */
export function brokenReferences(
  {page, $, siteOrigin}: PageContext,
  files: ReadonlySet<string>,
  idsOf: (file: string) => ReadonlySet<string>,
): string[] {
  const problems: string[] = [];
  const check = (reference: string, loads: boolean) => {
    if (reference === '' || reference.startsWith('data:') || reference.startsWith('mailto:'))
      return;
    if (isExternal(reference)) {
      const origin = new URL(reference, siteOrigin).origin;
      if (loads && origin !== siteOrigin)
        problems.push(`${page}: loads ${reference} from another origin`);
      return;
    }
    const url = new URL(reference, siteOrigin + page);
    const target = url.pathname === page ? page : resolveUrlPath(files, decodeURI(url.pathname));
    if (!target) {
      problems.push(`${page}: ${reference} does not exist`);
      return;
    }
    const anchor = decodeURIComponent(url.hash.slice(1));
    if (anchor && target.endsWith('.html') && !idsOf(target).has(anchor)) {
      problems.push(`${page}: ${reference} points to #${anchor}, which is not on that page`);
    }
  };
  $('a[href]').each((_, element) => check($(element).attr('href') ?? '', false));
  for (const [selector, attribute] of LOADING_REFERENCES) {
    $(selector).each((_, element) => check($(element).attr(attribute) ?? '', true));
  }
  $('[srcset]').each((_, element) => {
    for (const candidate of ($(element).attr('srcset') ?? '').split(',')) {
      check(candidate.trim().split(/\s+/)[0] ?? '', true);
    }
  });
  return problems;
}

/** External links must open in a new tab without handing the new page a window reference. */
export function unsafeExternalLinks({page, $, siteOrigin}: PageContext): string[] {
  return $('a[href^="http"]')
    .toArray()
    .filter((element) => new URL($(element).attr('href') ?? '').origin !== siteOrigin)
    .filter((element) => {
      const rel = ($(element).attr('rel') ?? '').split(/\s+/);
      return (
        $(element).attr('target') !== '_blank' ||
        !rel.includes('noopener') ||
        !rel.includes('noreferrer')
      );
    })
    .map(
      (element) =>
        `${page}: ${$(element).attr('href')} must open in a new tab with rel="noopener noreferrer"`,
    );
}

function meta($: CheerioAPI, key: string): string | undefined {
  return $(`meta[name="${key}"], meta[property="${key}"]`).attr('content');
}

function structuredData($: CheerioAPI): {types: string[]; problems: string[]} {
  const types: string[] = [];
  const problems: string[] = [];
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      const parsed = JSON.parse($(element).text()) as unknown;
      const items = (Array.isArray(parsed) ? parsed : [parsed]) as {
        '@type'?: unknown;
        '@graph'?: unknown;
      }[];
      for (const item of items.flatMap((entry) =>
        Array.isArray(entry['@graph']) ? (entry['@graph'] as typeof items) : [entry],
      )) {
        if (typeof item['@type'] === 'string') types.push(item['@type']);
      }
    } catch (error) {
      problems.push(`JSON-LD does not parse: ${String(error)}`);
    }
  });
  return {types, problems};
}

/**
 * The paths of the site's own URLs in a page's JSON-LD, wherever they are (an `@id`, a logo, a
 * breadcrumb, an action's target): crawlers follow them, so each must answer.
 */
export function structuredDataPaths($: CheerioAPI, siteOrigin: string): string[] {
  const paths = new Set<string>();
  const walk = (value: unknown): void => {
    if (typeof value === 'string') {
      if (value === siteOrigin || value.startsWith(`${siteOrigin}/`)) {
        paths.add(decodeURI(new URL(value).pathname));
      }
    } else if (value !== null && typeof value === 'object') {
      Object.values(value).forEach(walk);
    }
  };
  $('script[type="application/ld+json"]').each((_, element) => {
    try {
      walk(JSON.parse($(element).text()));
    } catch {
      // structuredData() reports it.
    }
  });
  return [...paths];
}

/** The structured data each kind of page must carry. */
function requiredStructuredData(route: string): string[] {
  if (route === '/') return ['Organization', 'WebSite', 'MobileApplication'];
  if (route.startsWith('/blog/')) return ['BlogPosting', 'BreadcrumbList'];
  return [];
}

/**
 * What a crawler or a chat app reads without running JavaScript: title, description, canonical
 * URL, sharing tags with absolute URLs, structured data; the not-found page must be noindex.
 */
export function crawlerProblems(
  {page, $, siteOrigin}: PageContext,
  route: string,
  cardExists: (path: string) => boolean,
): string[] {
  const problems: string[] = [];
  const need = (condition: boolean, problem: string) => {
    if (!condition) problems.push(`${page}: ${problem}`);
  };
  const notFound = route === '/404.html';
  need($('title').text().trim().length > 0, 'has no <title>');
  need((meta($, 'description') ?? '').length >= 50, 'has no meta description of 50+ characters');
  if (notFound) {
    need(/noindex/.test(meta($, 'robots') ?? ''), 'the not-found page must be noindex');
  } else {
    need(
      $('link[rel="canonical"]').attr('href') === siteOrigin + route,
      `canonical URL is not ${siteOrigin + route}`,
    );
    need(meta($, 'og:url') === siteOrigin + route, `og:url is not ${siteOrigin + route}`);
  }
  for (const key of ['og:title', 'og:description', 'twitter:card'])
    need(Boolean(meta($, key)), `has no ${key}`);
  for (const key of ['og:image', 'twitter:image']) {
    const url = meta($, key) ?? '';
    need(url.startsWith(`${siteOrigin}/`), `${key} is not an absolute URL on the site: "${url}"`);
    if (url.startsWith(`${siteOrigin}/`)) {
      need(
        cardExists(url.slice(siteOrigin.length)),
        `${key} ${url} is not a 1200×630 PNG in the build`,
      );
    }
  }
  const {types, problems: dataProblems} = structuredData($);
  problems.push(...dataProblems.map((problem) => `${page}: ${problem}`));
  for (const type of requiredStructuredData(route))
    need(types.includes(type), `has no ${type} structured data`);
  return problems;
}

/** Titles and descriptions that more than one page uses. */
export function duplicates(values: ReadonlyMap<string, string>, what: string): string[] {
  const pagesByValue = new Map<string, string[]>();
  for (const [page, value] of values)
    pagesByValue.set(value, [...(pagesByValue.get(value) ?? []), page]);
  return [...pagesByValue]
    .filter(([, pages]) => pages.length > 1)
    .map(([value, pages]) => `${pages.join(', ')} share the ${what} "${value}"`);
}

/** `url(...)` and `@import` in CSS that point to another origin. */
export function foreignCssReferences(css: string, file: string, siteOrigin: string): string[] {
  const references = [
    ...[...css.matchAll(/url\(\s*['"]?([^'")]+)/g)].map((match) => match[1] ?? ''),
    ...[...css.matchAll(/@import\s+['"]([^'"]+)/g)].map((match) => match[1] ?? ''),
  ];
  return references
    .filter((reference) => isExternal(reference) && !reference.startsWith('data:'))
    .filter((reference) => new URL(reference, siteOrigin).origin !== siteOrigin)
    .map((reference) => `${file}: refers to ${reference}`);
}

/**
 * Origins named in JavaScript that are neither the site, nor a link a visitor clicks, nor one of
 * the namespace and documentation URLs libraries carry and never fetch.
 */
export const NEVER_FETCHED_ORIGINS = [
  'http://www.w3.org', // SVG, XLink, MathML and XML namespaces
  'https://schema.org',
  'https://react.dev', // React's error-decoder links
  'http://fb.me',
  'https://github.com', // repository links in library comments and messages
  'https://docusaurus.io',
  'https://www.unicode.org',
  'https://webplatform.github.io',
  'http://localhost', // supabase-js's default for a missing URL
  'https://bit.ly', // a link in Workbox's console warning text (sw.js), never requested
];

export function foreignScriptOrigins(
  js: string,
  file: string,
  allowed: ReadonlySet<string>,
): string[] {
  const origins = new Set(
    [...js.matchAll(/https?:\/\/[a-z0-9.-]+/gi)].map((match) => match[0].toLowerCase()),
  );
  return [...origins]
    .filter((origin) => !allowed.has(origin))
    .map((origin) => `${file}: names ${origin}`);
}

export function parse(html: string): CheerioAPI {
  return load(html);
}

/** Script types a browser runs; JSON-LD and other data blocks are not scripts to a CSP. */
const RUN_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module']);

/** A CSP hash source of an inline script's or style's text, as browsers compute it. */
function hashSource(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/** The sources of a CSP directive, or of `default-src` where the policy does not give it. */
function sourcesOf(csp: string, directive: string): string[] {
  const directives = csp.split(';').map((part) => part.trim().split(/\s+/));
  const named = (name: string) => directives.find(([first]) => first === name)?.slice(1);
  return named(directive) ?? named('default-src') ?? [];
}

/**
 * Whether a source list runs an inline block with this hash: the hash is listed, or
 * 'unsafe-inline' is and no hash or nonce is (browsers ignore 'unsafe-inline' beside either).
 */
function runsInline(sources: readonly string[], hash: string | undefined): boolean {
  if (hash !== undefined && sources.includes(hash)) return true;
  const hashOrNonce = sources.some((source) => /^'(sha(256|384|512)|nonce)-/.test(source));
  return sources.includes("'unsafe-inline'") && !hashOrNonce;
}

/**
 * What is wrong between a Content-Security-Policy and the pages it is sent with: an inline
 * script, `<style>` or style attribute of a page that the policy does not let run (the browser
 * refuses it), and a hash the policy lists that no page's inline script or style has (the pages
 * changed after it was written).
 */
export function cspProblems(
  csp: string,
  pages: readonly {page: string; $: CheerioAPI}[],
): string[] {
  const scriptSources = sourcesOf(csp, 'script-src');
  const styleSources = sourcesOf(csp, 'style-src');
  const problems: string[] = [];
  const scriptHashes = new Set<string>();
  const styleHashes = new Set<string>();
  for (const {page, $} of pages) {
    for (const element of $('script:not([src])').toArray()) {
      if (!RUN_TYPES.has(($(element).attr('type') ?? '').trim().toLowerCase())) continue;
      const hash = hashSource($(element).text());
      scriptHashes.add(hash);
      if (!runsInline(scriptSources, hash))
        problems.push(`${page}: inline script ${hash} is refused`);
    }
    for (const element of $('style').toArray()) {
      const hash = hashSource($(element).text());
      styleHashes.add(hash);
      if (!runsInline(styleSources, hash)) problems.push(`${page}: <style> ${hash} is refused`);
    }
    if ($('[style]').length > 0 && !runsInline(styleSources, undefined)) {
      problems.push(`${page}: style attributes are refused (style-src needs 'unsafe-inline')`);
    }
  }
  const stale = (sources: string[], found: Set<string>, what: string) =>
    sources
      .filter((source) => source.startsWith("'sha") && !found.has(source))
      .map((source) => `the CSP lists ${source}, which no page's inline ${what} has`);
  return [
    ...problems,
    ...stale(scriptSources, scriptHashes, 'script'),
    ...stale(styleSources, styleHashes, 'style'),
  ];
}
