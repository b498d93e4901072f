/**
 * `npx tsx bench/tail-held.ts`: does an article's first screen paint from the first round trip
 * alone? Serves build/ with each article's page (brotli) cut after what fits TCP's first window
 * (scripts/first-screen.ts) and the rest held back for HOLD_MS, and reports when Chromium, at
 * phone size, painted (FCP, LCP) against when the page's last byte arrived. Lighthouse's
 * simulated FCP and LCP count a document's every byte, so a guide longer than one round trip
 * reads slower there however early its first screen paints; this shows what a browser does.
 */
import {readFileSync, statSync} from 'node:fs';
import {createServer} from 'node:http';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {articleRoutes, FIRST_ROUND_TRIP_BYTES} from '../scripts/first-screen';
import {freePort} from '../scripts/free-port';
import {BROWSER_ARGS, CHROMIUM_PATH, PHONE, ROOT} from './util';

const BUILD = path.join(ROOT, 'build');
const HOLD_MS = 1500;
/** About what the page's response headers take of the first window. */
const HEADER_BYTES = 1000;
const TYPES: Record<string, string> = {
  '.css': 'text/css',
  '.js': 'text/javascript',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

function serve(articles: ReadonlySet<string>) {
  return createServer((request, response) => {
    const {pathname} = new URL(request.url ?? '/', 'http://localhost');
    if (articles.has(pathname)) {
      const body = readFileSync(path.join(BUILD, `${pathname}.html.br`));
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-encoding': 'br',
      });
      const first = FIRST_ROUND_TRIP_BYTES - HEADER_BYTES;
      response.write(body.subarray(0, first));
      setTimeout(() => response.end(body.subarray(first)), HOLD_MS);
      return;
    }
    const file = path.join(BUILD, pathname);
    if (!file.startsWith(BUILD) || !statSync(file, {throwIfNoEntry: false})?.isFile()) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
    });
    response.end(readFileSync(file));
  });
}

async function main(): Promise<void> {
  const routes = articleRoutes(BUILD);
  const port = await freePort();
  const server = serve(new Set(routes));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: BROWSER_ARGS});
  console.log(`First window ${FIRST_ROUND_TRIP_BYTES} B; the rest of each page held ${HOLD_MS} ms`);
  console.log('route                                        page B  FCP ms  LCP ms  last byte ms');
  try {
    for (const route of routes) {
      const page = await browser.newPage(PHONE);
      await page.addInitScript(() => {
        const paints: Record<string, number> = {};
        Object.assign(window, {paints});
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) paints[entry.name || 'lcp'] = entry.startTime;
        }).observe({type: 'paint', buffered: true});
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) paints.lcp = entry.startTime;
        }).observe({type: 'largest-contentful-paint', buffered: true});
      });
      await page.goto(`http://127.0.0.1:${port}${route}`, {waitUntil: 'load'});
      const {paints, responseEnd} = await page.evaluate(() => ({
        paints: (window as unknown as {paints: Record<string, number>}).paints,
        responseEnd:
          (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)
            ?.responseEnd ?? NaN,
      }));
      const bytes = statSync(path.join(BUILD, `${route}.html.br`)).size;
      const cells = [paints['first-contentful-paint'], paints.lcp, responseEnd].map((value) =>
        String(Math.round(value ?? NaN)).padStart(6),
      );
      console.log(`${route.padEnd(44)} ${String(bytes).padStart(6)}  ${cells.join('  ')}`);
      await page.close();
    }
  } finally {
    await browser.close();
    server.close();
  }
}

void main();
