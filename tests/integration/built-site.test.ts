/**
 * Gates over every page of the production build (run `npm run build` first; npm test
 * does). Pages come from the sitemap plus the not-found page, so a new page is covered as soon as
 * it exists.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {site} from '../../src/data/site';
import {
  NEVER_FETCHED_ORIGINS,
  brokenReferences,
  crawlerProblems,
  cspProblems,
  duplicates,
  foreignCssReferences,
  foreignScriptOrigins,
  htmlErrors,
  parse,
  unsafeExternalLinks,
  type PageContext,
} from '../gates/site-checks';
import {headersFor, parseHeadersFile} from '../../contracts/headers-file';
import {DEPLOY_DIR} from '../../build-steps/host-configs';
import {pngSize, sitemapPaths} from '../../scripts/build-files';
import {resolveUrlPath} from '../../server/static-site';
import {guidesOf} from '../guides';

const BUILD = path.resolve(__dirname, '../../build');
if (!existsSync(path.join(BUILD, 'sitemap.xml'))) {
  throw new Error(`No production build in ${BUILD}: run "npm run build" first.`);
}
const siteOrigin = (process.env.SITE_URL || site.defaultUrl).replace(/\/+$/, '');
const files = new Set(
  readdirSync(BUILD, {recursive: true, encoding: 'utf8'}).map(
    (file) => `/${file.split(path.sep).join('/')}`,
  ),
);
const read = (file: string) => readFileSync(path.join(BUILD, file), 'utf8');
const routes = [...sitemapPaths(read('/sitemap.xml'), siteOrigin), '/404.html'];
const pages: PageContext[] = routes.map((route) => {
  const file = resolveUrlPath(files, route);
  if (!file) throw new Error(`The sitemap lists ${route}, which the build does not have`);
  return {page: route, $: parse(read(file)), siteOrigin};
});

const idsCache = new Map<string, Set<string>>();
function idsOf(file: string): Set<string> {
  let ids = idsCache.get(file);
  if (!ids) {
    const $ = parse(read(file));
    ids = new Set(
      $('[id]')
        .toArray()
        .map((element) => $(element).attr('id') ?? ''),
    );
    idsCache.set(file, ids);
  }
  return ids;
}

function isSocialCard(urlPath: string): boolean {
  if (!files.has(urlPath)) return false;
  const size = pngSize(readFileSync(path.join(BUILD, urlPath)));
  return size?.width === 1200 && size.height === 630;
}

it('covers every page: the sitemap lists the site’s pages', () => {
  expect(routes.length).toBeGreaterThanOrEqual(12);
  expect(routes).toEqual(
    expect.arrayContaining(['/', '/blogs', '/404.html', '/blog/taobao-guide']),
  );
});

it('every page is valid HTML', async () => {
  const errors = await Promise.all(pages.map(({page, $}) => htmlErrors($.html(), page)));
  expect(errors.flat()).toEqual([]);
});

it('every internal link and file resolves, every #anchor exists, and nothing loads from another origin', () => {
  expect(pages.flatMap((page) => brokenReferences(page, files, idsOf))).toEqual([]);
});

it('every external link opens in a new tab with rel="noopener noreferrer"', () => {
  expect(pages.flatMap(unsafeExternalLinks)).toEqual([]);
});

it('crawlers find each page’s title, description, canonical URL, sharing card and structured data', () => {
  expect(pages.flatMap((page) => crawlerProblems(page, page.page, isSocialCard))).toEqual([]);
});

it('the feeds carry no note after a marked fact, hidden or shown, before any has ended', () => {
  for (const feed of ['/blog/rss.xml', '/blog/atom.xml']) {
    const xml = read(feed);
    expect(xml).toMatch(/<(item|entry)>/);
    expect(xml).not.toContain('data-ended');
    expect(xml).not.toContain('announced to end');
  }
  // The guides do mark facts: the notes are in their pages, for the page script to show.
  const marking = guidesOf().filter(({marks}) => marks.length > 0);
  expect(marking.length).toBeGreaterThan(0);
  for (const {slug} of marking) expect(read(`/blog/${slug}.html`)).toContain('data-ended');
});

it('no two pages share a title or a description', () => {
  const titles = new Map(pages.map(({page, $}) => [page, $('title').text()]));
  const descriptions = new Map(
    pages.map(({page, $}) => [page, $('meta[name="description"]').attr('content') ?? '']),
  );
  expect([...duplicates(titles, 'title'), ...duplicates(descriptions, 'description')]).toEqual([]);
});

it('no stylesheet or script refers to another origin, except links a visitor clicks', () => {
  const clickable = new Set(
    pages.flatMap(({$}) =>
      $('a[href^="http"]')
        .toArray()
        .map((element) => new URL($(element).attr('href') ?? '').origin),
    ),
  );
  const allowed = new Set([siteOrigin, ...clickable, ...NEVER_FETCHED_ORIGINS]);
  const problems = [...files].flatMap((file) => {
    if (file.endsWith('.css')) return foreignCssReferences(read(file), file, siteOrigin);
    if (file.endsWith('.js')) return foreignScriptOrigins(read(file), file, allowed);
    return [];
  });
  expect(problems).toEqual([]);
});

it('no image is inlined as a data URI: it would ride in the HTML and again in the page’s script', () => {
  const inlined = pages.flatMap(({page, $}) =>
    $('img[src^="data:"], image[href^="data:"]')
      .toArray()
      .map((element) => `${page}: ${$(element).attr('alt') ?? '(no alt)'}`),
  );
  expect(inlined).toEqual([]);
});

it('no page carries the classic theme’s external-link sprite, and nothing draws its icon', () => {
  // build-steps/page-template/ssr-template.ts leaves the sprite out. If a page still has it, the theme
  // changed its markup; if a page or script draws the icon (`#theme-svg-external-link`), keep the
  // sprite.
  const carrying = [...files].filter(
    (file) =>
      (file.endsWith('.html') && read(file).includes('theme-svg-external-link')) ||
      (file.endsWith('.js') && read(file).includes('#theme-svg-external-link')),
  );
  expect(carrying).toEqual([]);
});

it('the search holds each article’s own text, not the blocks every article repeats', () => {
  // A search for "Alipay" listed every article's call to action when they were indexed.
  const search = read('/search.js');
  const articles = pages.filter(({page}) => page.startsWith('/blog/'));
  const repeated = articles.flatMap(({$}) =>
    $('article > :is(nav, section, aside)')
      .find('h2, summary')
      .toArray()
      .map((element) => $(element).text().trim()),
  );
  expect(new Set(repeated)).toEqual(
    new Set(['On this page', 'Related guides', 'Read offline', 'Read Chinese apps in English']),
  );
  expect([...new Set(repeated)].filter((heading) => search.includes(heading))).toEqual([]);
  const sections = articles.flatMap(({$}) =>
    $('article .markdown h2')
      .toArray()
      .map((element) => $(element).text().replace('\u200b', '').trim()),
  );
  expect(sections.length).toBeGreaterThan(articles.length);
  expect(sections.filter((heading) => !search.includes(JSON.stringify(heading)))).toEqual([]);
});

it('every host’s CSP runs each page’s final inline scripts and styles, and lists no other hash', () => {
  // Every HTML file of the build, as the post-build steps left it (critical CSS rewrites them
  // before the headers are written: plugins/post-build).
  const htmlPages = [...files]
    .filter((file) => file.endsWith('.html'))
    .map((file) => ({page: file, $: parse(read(file))}));
  const headerRules = parseHeadersFile(read('/_headers'));
  const policies = {
    _headers: htmlPages.map(({page}) =>
      headersFor(headerRules, page).get('content-security-policy'),
    ),
    'nginx.conf': [
      ...read(`/${DEPLOY_DIR}/nginx.conf`).matchAll(/Content-Security-Policy "([^"]*)"/g),
    ],
    Caddyfile: [...read(`/${DEPLOY_DIR}/Caddyfile`).matchAll(/Content-Security-Policy "([^"]*)"/g)],
  };
  const problems = Object.entries(policies).flatMap(([host, found]) => {
    const csps = new Set(found.map((csp) => (typeof csp === 'string' ? csp : csp?.[1])));
    expect([host, csps.size]).toEqual([host, 1]);
    return [...csps].flatMap((csp) => {
      expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')+;/);
      return cspProblems(csp ?? '', htmlPages).map((problem) => `${host}: ${problem}`);
    });
  });
  expect(problems).toEqual([]);
});
