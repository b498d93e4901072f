/**
 * The service worker (bundled into `/sw.js` by ./index.ts): keeps the pages a visitor reads for
 * offline reading, saves all the guides on request with the search, and shows the site's offline
 * page for an address that was never saved.
 * - Pages: network first, falling back to the saved copy when the network fails or stalls for
 *   NETWORK_TIMEOUT_SECONDS; every page read online is saved as it is read, under its path alone
 *   (a link shared in WeChat adds `?from=singlemessage`), and only when the answer is that page
 *   whole (`isWholePage`): a redirect, a maintenance page or an API's JSON is shown, never saved.
 * - Hashed assets (`/assets/`, whose names change with their content): from the device once
 *   fetched; past ASSETS_KEPT of them, the least recently used go (a deploy's leftovers first).
 *   Other files (images in `/img/`, the search with the guides' text, the web app manifest):
 *   from the device, refreshed in the background.
 * - A new deploy installs a new worker, which takes over at once; as pages come from the network
 *   first, the visitor's next navigation shows the new page with its own assets.
 */
import {clientsClaim} from 'workbox-core';
import {ExpirationPlugin} from 'workbox-expiration';
import {cleanupOutdatedCaches, matchPrecache, precacheAndRoute} from 'workbox-precaching';
import type {WorkboxPlugin} from 'workbox-core/types';
import {registerRoute, setCatchHandler} from 'workbox-routing';
import {CacheFirst, NetworkFirst, StaleWhileRevalidate} from 'workbox-strategies';
import {SEARCH_SCRIPT_PATH} from '../../src/lib/search/protocol';
import {savedBytes} from './size';
import {
  MANIFEST_PATH,
  OFFLINE_PAGE,
  type OfflineGuides,
  type WorkerState,
} from '../../contracts/offline-worker';

/** The parts of the worker's global scope used here (the DOM typings lack the worker's). */
interface WorkerScope {
  __WB_MANIFEST: {url: string; revision: string | null}[];
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(
    type: 'message',
    listener: (event: {
      data: unknown;
      source: {url: string; postMessage(state: WorkerState): void} | null;
      waitUntil(work: Promise<unknown>): void;
    }) => void,
  ): void;
}
declare const self: WorkerScope;

/** Written into the bundle at build time: the guides and the files they show. */
declare const OFFLINE_GUIDES: OfflineGuides;

const PAGES = 'pages';
const FILES = 'files';
const NETWORK_TIMEOUT_SECONDS = 3;
/** About two deploys' worth of scripts, stylesheets and article images. */
const ASSETS_KEPT = 150;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();
void self.skipWaiting();
clientsClaim();

/** The pages cache's rules, for every page read: one key per path, whole pages only. */
const WHOLE_PAGES: WorkboxPlugin = {
  cacheKeyWillBeUsed: ({request}) => Promise.resolve(pageKey(request.url)),
  cacheWillUpdate: async ({request, response}) =>
    (await isWholePage(response, pageKey(request.url))) ? response : null,
  // A page read is kept whole: its images below the fold too, read or not.
  cacheDidUpdate: async ({request}) => {
    await keepFilesOf(request.url);
  },
};

registerRoute(
  ({request}) => request.mode === 'navigate',
  new NetworkFirst({
    cacheName: PAGES,
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [WHOLE_PAGES],
  }),
);
registerRoute(
  ({url, sameOrigin}) => sameOrigin && url.pathname.startsWith('/assets/'),
  new CacheFirst({
    cacheName: FILES,
    plugins: [new ExpirationPlugin({maxEntries: ASSETS_KEPT, purgeOnQuotaError: true})],
  }),
);
registerRoute(
  ({url, sameOrigin}) =>
    sameOrigin &&
    (url.pathname.startsWith('/img/') ||
      url.pathname === SEARCH_SCRIPT_PATH ||
      url.pathname === MANIFEST_PATH),
  new StaleWhileRevalidate({cacheName: FILES}),
);
setCatchHandler(async ({request}) =>
  request.mode === 'navigate'
    ? ((await matchPrecache(OFFLINE_PAGE)) ?? Response.error())
    : Response.error(),
);

self.addEventListener('message', (event) => {
  const reply = (state: WorkerState) => event.source?.postMessage(state);
  if (event.data === 'status') {
    // The page that installed this worker was loaded before it: keep that one too.
    const url = event.source?.url;
    const keepIt = url === undefined ? Promise.resolve() : keepPage(url).catch(() => undefined);
    event.waitUntil(keepIt.then(status).then(reply));
  }
  if (event.data === 'save') event.waitUntil(saveGuides(reply));
});

/** A page's key in the pages cache: its address without query or hash. */
function pageKey(url: string): string {
  const {origin, pathname} = new URL(url, self.location.href);
  return origin + pathname;
}

/** The path a page names as its own in `<link rel="canonical">` (unquoted in the built HTML). */
function canonicalPath(html: string): string | undefined {
  const link = /<link\b[^>]*\brel=["']?canonical\b[^>]*>/i.exec(html)?.[0];
  const href = link && /\bhref=["']?([^"'\s>]+)/i.exec(link)?.[1];
  if (!href) return undefined;
  // Not URL.canParse: Safari has it only from 17, and iPhones on iOS 16 still visit.
  try {
    return new URL(href, self.location.href).pathname;
  } catch {
    return undefined;
  }
}

/**
 * Whether an answer is this site's whole page for the page at `key`: only such an answer may
 * replace a saved copy. A redirect, an error, a maintenance page, a feed, JSON, or a page cut
 * short is not.
 */
async function isWholePage(response: Response, key: string): Promise<boolean> {
  const type = response.headers.get('Content-Type') ?? '';
  if (response.status !== 200 || response.redirected || response.type !== 'basic') return false;
  if (!type.startsWith('text/html')) return false;
  // The minifier drops the optional `</html>`: a whole page of this build ends with `</body>`.
  const html = await response
    .clone()
    .text()
    .catch(() => '');
  return /<\/(?:body|html)>\s*$/i.test(html) && canonicalPath(html) === new URL(key).pathname;
}

/** The paths of the pages saved on this device (under their own paths: readable offline). */
async function savedPaths(): Promise<string[]> {
  const requests = await (await caches.open(PAGES)).keys();
  return requests
    .filter((request) => request.url === pageKey(request.url))
    .map((request) => new URL(request.url).pathname);
}

function describe(savedCount: number): string {
  const total = OFFLINE_GUIDES.guides.length;
  if (savedCount === total) return `All ${total} guides are saved on this device.`;
  if (savedCount === 0) return `Save the ${total} guides to read them with no connection.`;
  return `${savedCount} of ${total} guides are saved on this device.`;
}

async function status(): Promise<WorkerState> {
  const saved = await savedPaths();
  const count = OFFLINE_GUIDES.guides.filter((guide) => saved.includes(guide)).length;
  return {text: describe(count), busy: false, saved};
}

/** Bytes a fetch cost on the wire (headers included), as the worker's resource timing saw it. */
function wireBytes(url: string): number | undefined {
  const entries = performance.getEntriesByName(new URL(url, self.location.href).href);
  const entry = entries.at(-1) as PerformanceResourceTiming | undefined;
  return entry?.transferSize;
}

/** Fetches a file into the files cache; returns what it cost. */
async function downloadFile(url: string): Promise<number> {
  const response = await fetch(url, {cache: 'no-cache'});
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  const size = savedBytes(response);
  await (await caches.open(FILES)).put(url, response);
  return size(wireBytes(url));
}

/** The images and stylesheets a saved page shows that are not saved yet, saved. */
async function keepFilesOf(key: string): Promise<number> {
  const page = await caches.match(key, {cacheName: PAGES});
  if (!page) return 0;
  // A worker runs only where scripts do, so what `<noscript>` links is never shown.
  const html = (await page.text()).replace(/<noscript>[\s\S]*?<\/noscript>/g, '');
  // Attribute values in the built HTML may be quoted or not (the build minifies it).
  const urls = new Set(
    [...html.matchAll(/\b(?:src|href)=["']?(\/(?:assets|img)\/[^"'\s>]+)/g)].map(
      (match) => match[1] ?? '',
    ),
  );
  const files = await caches.open(FILES);
  const costs = await Promise.all(
    [...urls].map(async (url) => ((await files.match(url)) ? 0 : downloadFile(url))),
  );
  return costs.reduce((sum, cost) => sum + cost, 0);
}

/**
 * Fetches a page afresh and, if the answer is that page whole, saves it with what it shows.
 * Returns what that cost, or undefined when the answer was something else (the
 * saved copy, if any, stays); throws when the connection fails.
 */
async function savePage(path: string): Promise<number | undefined> {
  const key = pageKey(path);
  const response = await fetch(key, {cache: 'no-cache'});
  if (!(await isWholePage(response, key))) return undefined;
  const size = savedBytes(response);
  await (await caches.open(PAGES)).put(key, response);
  return (await size(wireBytes(key))) + (await keepFilesOf(key));
}

/** Saves a page and what it shows, unless it is saved already. */
async function keepPage(url: string): Promise<void> {
  if (await caches.match(pageKey(url), {cacheName: PAGES})) return;
  await savePage(url);
}

/** Saves every guide, the blog index and the search, telling the page how far it got. */
async function saveGuides(reply: (state: WorkerState) => void): Promise<void> {
  const {guides, pages} = OFFLINE_GUIDES;
  let bytes = 0;
  let done = 0;
  let missed = 0;
  const progress = (text: string, busy: boolean) =>
    void savedPaths().then((saved) => reply({text, busy, saved}));
  const size = () => `${Math.round(bytes / 1024)} KB`;
  progress(`Saving ${guides.length} guides…`, true);
  try {
    // Afresh, so that the copies are today's.
    for (const path of [...pages, ...guides]) {
      const cost = await savePage(path);
      bytes += cost ?? 0;
      if (!guides.includes(path)) continue;
      if (cost === undefined) {
        missed += 1;
        continue;
      }
      done += 1;
      progress(`Saved ${done} of ${guides.length} guides (${size()})…`, true);
    }
    // Then the search, afresh too, so that it works offline on every guide and finds today's text.
    bytes += await downloadFile(SEARCH_SCRIPT_PATH);
    progress(
      missed === 0
        ? `All ${guides.length} guides are saved on this device (${size()}).`
        : `Saved ${done} of ${guides.length} guides (${size()}); ${missed} could not be saved just now. Try again later.`,
      false,
    );
  } catch {
    progress(
      `Saving stopped after ${done} of ${guides.length} guides: the connection failed. Try again when you are online.`,
      false,
    );
  }
}
