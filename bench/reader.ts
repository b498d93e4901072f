/**
 * The views of a visitor on a bad network that Lighthouse does not take: in Chromium at phone
 * size, with Lighthouse's mobile network and CPU (its `mobileSlow4G` settings, as DevTools
 * throttling applies them: request latency, throughput, 4× slower CPU):
 * - the searcher: from the tap on the search box (typing "taobao" at once) to the first result
 *   on screen, with a cold cache (worker blocked: everything over the throttled network), and
 *   with the framework in the worker's cache (a search made on another page first, the HTTP cache
 *   then cleared, so only the worker has the files);
 * - the offline repeat view: FCP of a page read before, reloaded with no connection;
 * - "Save all guides": what it downloads (headers included), as the worker reports it, after a
 *   visit to /blogs.
 */
import {chromium, type Browser, type BrowserContext, type Page} from '@playwright/test';
import {BROWSER_ARGS, CHROMIUM_PATH} from './config';
import {onCleanup} from './processes';
import {median} from './util';

export interface ReaderViews {
  runs: number;
  searchColdMs: number[];
  searchWarmMs: number[];
  offlineFcpMs: number[];
  saveAllBytes: number[];
}

export const SEARCH = {from: '/blog/china-different-world', warmFrom: '/blogs', query: 'taobao'};
const RESULT = /How to Use Taobao/;

async function throttled(page: Page): Promise<void> {
  // An ES module: imported, not required (see lighthouse.ts).
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

function phone(browser: Browser, serviceWorkers: 'allow' | 'block'): Promise<BrowserContext> {
  return browser.newContext({
    viewport: {width: 390, height: 844},
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
    serviceWorkers,
  });
}

/** Taps the search box, types at once, and returns the page's time from the tap to a result. */
async function timeSearch(page: Page): Promise<number> {
  await page.evaluate((pattern) => {
    const times = {tap: 0, result: 0};
    Object.assign(window, {searchTimes: times});
    addEventListener('pointerdown', () => (times.tap ||= performance.now()), true);
    const banner = document.querySelector('header');
    new MutationObserver((_, observer) => {
      if (!new RegExp(pattern).test(banner?.textContent ?? '')) return;
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

async function workerKept(page: Page, route: string): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(async (url) => (await caches.match(url)) !== undefined, route);
}

async function searchCold(browser: Browser, origin: string): Promise<number> {
  const context = await phone(browser, 'block');
  try {
    const page = await context.newPage();
    await throttled(page);
    await page.goto(origin + SEARCH.from);
    return await timeSearch(page);
  } finally {
    await context.close();
  }
}

async function searchWarm(browser: Browser, origin: string): Promise<number> {
  const context = await phone(browser, 'allow');
  try {
    const first = await context.newPage();
    await first.goto(origin + SEARCH.warmFrom);
    await workerKept(first, SEARCH.warmFrom);
    await timeSearch(first);
    const page = await context.newPage();
    await page.goto(origin + SEARCH.from);
    await throttled(page);
    return await timeSearch(page);
  } finally {
    await context.close();
  }
}

async function offlineFcp(browser: Browser, origin: string): Promise<number> {
  const context = await phone(browser, 'allow');
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/blog/taobao-guide`);
    await workerKept(page, '/blog/taobao-guide');
    await context.setOffline(true);
    await throttled(page);
    await page.reload();
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const paint = list.getEntriesByName('first-contentful-paint')[0];
            if (paint) resolve(paint.startTime);
          }).observe({type: 'paint', buffered: true});
        }),
    );
  } finally {
    await context.close();
  }
}

async function saveAll(browser: Browser, origin: string): Promise<number> {
  const context = await phone(browser, 'allow');
  try {
    const page = await context.newPage();
    await page.goto(`${origin}/blogs`);
    await workerKept(page, '/blogs');
    const control = page.getByRole('region', {name: 'Read offline'});
    await control.getByRole('button', {name: 'Save all guides for offline'}).click();
    const status = control.locator('output');
    await status.filter({hasText: /^All \d+ guides are saved on this device \(/}).waitFor();
    const kilobytes = /\((\d+) KB\)/.exec((await status.textContent()) ?? '')?.[1];
    return Number(kilobytes) * 1024;
  } finally {
    await context.close();
  }
}

export async function measureReaderViews(
  origin: string,
  runs: number,
  log: (message: string) => void,
): Promise<ReaderViews> {
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: [...BROWSER_ARGS]});
  const removeCleanup = onCleanup(() => browser.close());
  const views: ReaderViews = {
    runs,
    searchColdMs: [],
    searchWarmMs: [],
    offlineFcpMs: [],
    saveAllBytes: [],
  };
  try {
    for (let run = 1; run <= runs; run += 1) {
      log(`reader views: run ${run} of ${runs}`);
      views.searchColdMs.push(await searchCold(browser, origin));
      views.searchWarmMs.push(await searchWarm(browser, origin));
      views.offlineFcpMs.push(await offlineFcp(browser, origin));
      views.saveAllBytes.push(await saveAll(browser, origin));
    }
    return views;
  } finally {
    removeCleanup();
    await browser.close();
  }
}

export function readerMedians(views: ReaderViews) {
  return {
    searchColdMs: median(views.searchColdMs),
    searchWarmMs: median(views.searchWarmMs),
    offlineFcpMs: median(views.offlineFcpMs),
    saveAllBytes: median(views.saveAllBytes),
  };
}
