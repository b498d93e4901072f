/**
 * The first-screen budget. What a phone needs to draw an article's first screen (the head with
 * its inline CSS, the header, the hero, the title and the intro) must arrive in the first round
 * trip: TCP's initial window of 10 segments of 1,460 B, response headers included. The rest of
 * the article follows in the same response, a round trip later, while the reader reads.
 *
 * The cut: the page's HTML up to the first `<h2` of the article's body (`#__blog-post-container`),
 * i.e. through the intro written before `{/* truncate *\/}`; a page that is not an article, or
 * an article without a section, counts whole. Its size: brotli at the build's setting (what the
 * server sends) of that prefix alone, plus the response's headers. `npm run check-content`, the
 * build and the bench (`bench/browser.ts`) all report this figure.
 */
import {existsSync, readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {brotliCompressSync} from 'node:zlib';
import {brotliOptions, ENCODING_SUFFIXES} from '../contracts/compression';
import {headersFor, parseHeadersFile, type HeaderRule} from '../contracts/headers-file';

/** TCP's initial window: 10 segments of 1,460 B; past it the rest waits a round trip. */
export const FIRST_ROUND_TRIP_BYTES = 10 * 1460;

const ARTICLE_BODY = /\bid="?__blog-post-container\b/;

function isArticle(html: string): boolean {
  return ARTICLE_BODY.test(html);
}

/** The HTML the first screen needs: through the article's intro, or the whole page. */
export function firstScreenHtml(html: string): string {
  const body = html.search(ARTICLE_BODY);
  if (body === -1) return html;
  const section = html.indexOf('<h2', body);
  return section === -1 ? html : html.slice(0, section);
}

/** The size of `text` compressed with brotli as the build compresses every page. */
export function brotliBytes(text: string): number {
  const body = Buffer.from(text);
  return brotliCompressSync(body, brotliOptions(body.length)).length;
}

/** The first screen's bytes on the wire: the response's headers and the HTML through the intro. */
export function firstScreenBytes(html: string, headerBytes: number): number {
  return headerBytes + brotliBytes(firstScreenHtml(html));
}

/**
 * The size of the status line and headers the bundled server (server/app.ts, on Node's HTTP/1.1)
 * sends with a page in brotli over plain HTTP, as Chromium counts them: `_headers`' rules for the
 * path without HSTS, then the server's own, each value as long as the real one.
 */
function pageHeaderBytes(rules: readonly HeaderRule[], urlPath: string, bodyBytes: number) {
  const headers: [string, string][] = [
    ...[...headersFor(rules, urlPath)].filter(([name]) => name !== 'strict-transport-security'),
    ['content-type', 'text/html; charset=utf-8'],
    ['etag', `"${'0'.repeat(27)}-br"`],
    ['vary', 'Accept-Encoding'],
    ['content-encoding', 'br'],
    ['content-length', String(bodyBytes)],
    ['Date', 'Fri, 27 Nov 2026 06:00:00 GMT'],
    ['Connection', 'keep-alive'],
    ['Keep-Alive', 'timeout=72'],
  ];
  const lines = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  return Buffer.byteLength(`HTTP/1.1 200 OK\r\n${lines}\r\n`);
}

/** An article's two figures, headers included: its first screen, and the whole page beside it. */
export interface PageFigures {
  /** The URL path, like `/blog/taobao-guide`. */
  route: string;
  /** Whether the page is an article, cut at its intro; any other page counts whole. */
  article: boolean;
  firstScreen: number;
  wholePage: number;
}

/** The figures of the page at `route` in a build (its `_headers`, `<route>.html` and `.br`). */
export function measurePage(buildDir: string, route: string): PageFigures {
  const rules = parseHeadersFile(readFileSync(path.join(buildDir, '_headers'), 'utf8'));
  const file = path.join(buildDir, `${route}.html`);
  const html = readFileSync(file, 'utf8');
  const br = file + ENCODING_SUFFIXES.br;
  const body = existsSync(br) ? readFileSync(br).length : brotliBytes(html);
  const headerBytes = pageHeaderBytes(rules, route, body);
  return {
    route,
    article: isArticle(html),
    firstScreen: firstScreenBytes(html, headerBytes),
    wholePage: headerBytes + body,
  };
}

const bytes = (value: number) => `${value.toLocaleString('en-GB')} B`;

/** `first screen 9,876 B of 14,600 B (whole page 14,040 B)`. */
export function describeFigures({firstScreen, wholePage}: PageFigures): string {
  return `first screen ${bytes(firstScreen)} of ${bytes(FIRST_ROUND_TRIP_BYTES)} (whole page ${bytes(wholePage)})`;
}

/** The articles among a build's pages under /blog, by route. */
export function articleRoutes(buildDir: string): string[] {
  return readdirSync(path.join(buildDir, 'blog'))
    .filter((name) => name.endsWith('.html'))
    .map((name) => `/blog/${name.slice(0, -'.html'.length)}`)
    .filter((route) => isArticle(readFileSync(path.join(buildDir, `${route}.html`), 'utf8')));
}

/** What a writer does about a first screen over budget. */
export function overBudgetMessage(figures: PageFigures): string {
  const over = figures.firstScreen - FIRST_ROUND_TRIP_BYTES;
  return `${describeFigures(figures)}: ${bytes(over)} over the first round trip: shorten the intro (the text before {/* truncate */}) or the front matter's title and image_alt`;
}
