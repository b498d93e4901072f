/**
 * What only a scripted browser measures (Playwright, Chromium at phone size):
 * - bytes of a first visit: each route once in a fresh context (empty cache), left alone for 5 s
 *   as a reader who only reads; every response (the service worker's and prefetches included) at
 *   its encoded size from Chromium (`responseBodySize`), summed by kind; the page's own response
 *   with its headers, and the part of it an article's first screen needs, which should fit TCP's
 *   first window (scripts/first-screen.ts); requests to other origins;
 * - the reader views, with Lighthouse's mobile network and CPU (`mobileSlow4G`, applied as
 *   DevTools throttling): search from the tap on the box (typing "taobao") to the first result,
 *   with a cold cache (worker blocked) and with the search in the worker's cache (a search on
 *   another page first); FCP of a page read before, reloaded offline; what "Save all guides"
 *   downloads, as the page reports it.
 */
import {brotliCompressSync} from 'node:zlib';
import {chromium, type Browser, type Page, type Request} from '@playwright/test';
import {firstScreenBytes} from '../scripts/first-screen';
import {renderBlockingCss} from './render-blocking-css';
import {BROWSER_ARGS, CHROMIUM_PATH, log, PHONE, sum} from './util';

const KINDS = ['html', 'css', 'js', 'images', 'other'] as const;
type Kind = (typeof KINDS)[number];
interface Response {
  url: string;
  kind: Kind;
  status: number;
  encoding?: string;
  bytes: number;
  /** Chromium gave no size: the body brotli-compressed here instead. */
  estimated?: true;
}
export type RouteBytes = Awaited<ReturnType<typeof measureRoute>>;

function kindOf(request: Request, type: string): Kind {
  const resource = request.resourceType();
  if (type.includes('text/html') || resource === 'document') return 'html';
  if (type.includes('text/css') || resource === 'stylesheet') return 'css';
  if (type.includes('javascript') || resource === 'script') return 'js';
  return type.startsWith('image/') || resource === 'image' ? 'images' : 'other';
}

async function record(request: Request): Promise<Response | undefined> {
  const response = await request.response();
  if (!response) return undefined;
  const headers = await response.allHeaders();
  const base = {
    url: request.url(),
    kind: kindOf(request, headers['content-type'] ?? ''),
    status: response.status(),
  };
  const encoding = headers['content-encoding'];
  // A repeat request answered from the memory cache moved no body: Chromium says minus the headers.
  const sizes = await request.sizes().catch(() => undefined);
  if (sizes) return {...base, encoding, bytes: Math.max(0, sizes.responseBodySize)};
  return {
    ...base,
    encoding,
    bytes: brotliCompressSync(await response.body()).length,
    estimated: true,
  };
}

async function measureRoute(browser: Browser, origin: string, route: string) {
  const context = await browser.newContext({...PHONE, serviceWorkers: 'allow'});
  try {
    const page = await context.newPage();
    const started = Date.now();
    const pending: Promise<Response | undefined>[] = [];
    const otherOrigins: string[] = [];
    const failed: string[] = [];
    // On the context: the service worker's requests are not the page's.
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!['data:', 'blob:'].includes(url.protocol) && url.origin !== origin)
        otherOrigins.push(url.href);
    });
    context.on('requestfinished', (request) => pending.push(record(request)));
    context.on('requestfailed', (request) =>
      failed.push(`${request.url()} ${request.failure()?.errorText}`),
    );
    const response = await page.goto(origin + route, {waitUntil: 'load', timeout: 30_000});
    await page
      .waitForLoadState('networkidle', {timeout: 10_000})
      .catch(() => log(`${route}: not network-idle in 10 s`));
    await page.waitForTimeout(Math.max(0, 5_000 - (Date.now() - started)));
    const responses = (await Promise.all(pending)).filter((entry) => entry !== undefined);
    const bytes = Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        sum(responses.filter((r) => r.kind === kind).map((r) => r.bytes)),
      ]),
    ) as Record<Kind, number>;
    const page0 = await response?.request().sizes();
    const html = (await response?.text()) ?? '';
    return {
      route,
      status: response?.status() ?? null,
      requests: responses.length,
      bytes,
      total: sum(Object.values(bytes)),
      renderBlockingCss: renderBlockingCss(html, responses),
      /** The page's own response, headers and body, as transferred. */
      documentBytes: page0 ? page0.responseHeadersSize + page0.responseBodySize : null,
      /** What its first screen needs, headers included (scripts/first-screen.ts). */
      firstScreenBytes: page0 ? firstScreenBytes(html, page0.responseHeadersSize) : null,
      otherOrigins,
      failed,
      responses: responses.map((entry) => ({...entry, url: entry.url.replace(origin, '')})),
    };
  } finally {
    await context.close();
  }
}

async function withBrowser<T>(use: (browser: Browser) => Promise<T>): Promise<T> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: BROWSER_ARGS,
    handleSIGINT: false,
  });
  try {
    return await use(browser);
  } finally {
    await browser.close();
  }
}

export const measureBytes = (origin: string, routes: readonly string[]): Promise<RouteBytes[]> =>
  withBrowser(async (browser) => {
    const results: RouteBytes[] = [];
    for (const route of routes) results.push(await measureRoute(browser, origin, route));
    return results;
  });

export const SEARCH = {from: '/blog/china-different-world', warmFrom: '/blogs', query: 'taobao'};
const RESULT = /How to Use Taobao/;

async function throttle(page: Page): Promise<void> {
  const {throttling} = await import('lighthouse/core/config/constants.js');
  const slow = throttling.mobileSlow4G;
  const session = await page.context().newCDPSession(page);
  await session.send('Network.enable');
  await session.send('Network.clearBrowserCache');
  await session.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: slow.requestLatencyMs,
    downloadThroughput: (slow.downloadThroughputKbps * 1024) / 8,
    uploadThroughput: (slow.uploadThroughputKbps * 1024) / 8,
  });
  await session.send('Emulation.setCPUThrottlingRate', {rate: slow.cpuSlowdownMultiplier});
}

/** Taps the search box, types at once, and returns the page's own time from tap to result. */
async function timeSearch(page: Page): Promise<number> {
  await page.evaluate((pattern) => {
    const times = {tap: 0, result: 0};
    Object.assign(window, {searchTimes: times});
    addEventListener('pointerdown', () => (times.tap ||= performance.now()), true);
    new MutationObserver((_, observer) => {
      if (!new RegExp(pattern).test(document.querySelector('header')?.textContent ?? '')) return;
      times.result = performance.now();
      observer.disconnect();
    }).observe(document.body, {childList: true, subtree: true, characterData: true});
  }, RESULT.source);
  await page.getByRole('banner').getByLabel('Search').tap();
  await page.keyboard.type(SEARCH.query);
  await page.getByRole('banner').getByText(RESULT).first().waitFor({timeout: 60_000});
  return page.evaluate(() => {
    const {tap, result} = (window as unknown as {searchTimes: {tap: number; result: number}})
      .searchTimes;
    return result - tap;
  });
}

/** Opens `route` in a fresh phone context and, with the worker on, waits until it keeps the page. */
async function visit(
  browser: Browser,
  origin: string,
  route: string,
  worker: boolean,
): Promise<Page> {
  const context = await browser.newContext({...PHONE, serviceWorkers: worker ? 'allow' : 'block'});
  const page = await context.newPage();
  if (!worker) await throttle(page);
  await page.goto(origin + route);
  if (!worker) return page;
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(async (url) => (await caches.match(url)) !== undefined, route);
  return page;
}

const VIEWS = {
  searchColdMs: async (browser: Browser, origin: string) =>
    timeSearch(await visit(browser, origin, SEARCH.from, false)),
  searchWarmMs: async (browser: Browser, origin: string) => {
    const first = await visit(browser, origin, SEARCH.warmFrom, true);
    await timeSearch(first);
    const page = await first.context().newPage();
    await page.goto(origin + SEARCH.from);
    await throttle(page);
    return timeSearch(page);
  },
  offlineFcpMs: async (browser: Browser, origin: string) => {
    const page = await visit(browser, origin, '/blog/taobao-guide', true);
    await page.context().setOffline(true);
    await throttle(page);
    await page.reload();
    return page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const paint = list.getEntriesByName('first-contentful-paint')[0];
            if (paint) resolve(paint.startTime);
          }).observe({type: 'paint', buffered: true});
        }),
    );
  },
  saveAllBytes: async (browser: Browser, origin: string) => {
    const page = await visit(browser, origin, '/blogs', true);
    const control = page.getByRole('region', {name: 'Read offline'});
    await control.getByRole('button', {name: 'Save all guides for offline'}).click();
    const status = control
      .locator('output')
      .filter({hasText: /^All \d+ guides are saved on this device \(/});
    await status.waitFor();
    return Number(/\((\d+) KB\)/.exec((await status.textContent()) ?? '')?.[1]) * 1024;
  },
};
export type ReaderViews = Record<keyof typeof VIEWS, number[]>;

export const measureReaderViews = (origin: string, runs: number): Promise<ReaderViews> =>
  withBrowser(async (browser) => {
    const views: ReaderViews = {
      searchColdMs: [],
      searchWarmMs: [],
      offlineFcpMs: [],
      saveAllBytes: [],
    };
    for (let run = 1; run <= runs; run += 1) {
      log(`reader views: run ${run} of ${runs}`);
      for (const [name, view] of Object.entries(VIEWS) as [
        keyof ReaderViews,
        (typeof VIEWS)['searchColdMs'],
      ][]) {
        const contextsBefore = new Set(browser.contexts());
        try {
          views[name].push(await view(browser, origin));
        } finally {
          for (const context of browser.contexts())
            if (!contextsBefore.has(context)) await context.close();
        }
      }
    }
    return views;
  });
