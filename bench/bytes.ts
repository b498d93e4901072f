/**
 * Bytes of a first visit: each route loaded once in a fresh Chromium context (empty cache) at
 * phone size and left alone for READER_MS, as a reader who only reads; every response recorded,
 * the service worker's own (it installs on the first visit) included, and its encoded (on-the-wire, brotli) body size summed by
 * kind. Sizes come from Chromium (`request.sizes().responseBodySize`); when Chromium cannot give
 * one, the body is brotli-compressed here at quality 11 instead, and the response says so.
 */
import {brotliCompressSync, constants as zlib} from 'node:zlib';
import {chromium, type Browser, type Request} from '@playwright/test';
import {BROWSER_ARGS, CHROMIUM_PATH, LIMITS} from './config';
import {onCleanup} from './processes';
import type {Route} from './routes';
import {renderBlockingCss} from './render-blocking-css';
import {sum} from './util';

export const KINDS = ['html', 'css', 'js', 'images', 'other'] as const;
export type Kind = (typeof KINDS)[number];

export interface ResponseRecord {
  url: string;
  kind: Kind;
  status: number;
  contentEncoding: string | null;
  /** Encoded body bytes, as transferred. */
  bytes: number;
  sizeMethod: 'chromium-responseBodySize' | 'brotli-q11-of-body';
  /** Served from the browser's memory cache: counted as 0 bytes. */
  fromCache?: boolean;
}

export interface RouteBytes {
  route: string;
  status: number | null;
  requests: number;
  bytes: Record<Kind, number>;
  total: number;
  /**
   * CSS the first paint waits for: the page's inline `<style>` (brotli) and the stylesheets its
   * head links for screens, not those loaded without blocking (`media="print"` switched later).
   */
  renderBlockingCss: number;
  /**
   * The page's own response as transferred, headers and body: what has to arrive before the
   * first paint, so it should fit in the first round trip (TCP's initial window).
   */
  documentBytes: number | null;
  /** Requests to any origin but the server's (all blocked; the budget is 0). */
  otherOriginRequests: string[];
  failedRequests: string[];
  responses: ResponseRecord[];
}

/** Same viewport as Playwright's phone project (tests/e2e). */
/** How long a reader stays without touching anything: whatever loads meanwhile counts. */
const READER_MS = 5_000;

const PHONE = {
  viewport: {width: 390, height: 844},
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
} as const;

function kindOf(request: Request, contentType: string): Kind {
  const type = contentType.toLowerCase();
  const resource = request.resourceType();
  if (type.includes('text/html') || resource === 'document') return 'html';
  if (type.includes('text/css') || resource === 'stylesheet') return 'css';
  if (type.includes('javascript') || resource === 'script') return 'js';
  if (type.startsWith('image/') || resource === 'image') return 'images';
  return 'other';
}

async function record(request: Request): Promise<ResponseRecord | undefined> {
  const response = await request.response();
  if (!response) return undefined;
  const headers = await response.allHeaders();
  const base = {
    url: request.url(),
    kind: kindOf(request, headers['content-type'] ?? ''),
    status: response.status(),
    contentEncoding: headers['content-encoding'] ?? null,
  };
  try {
    const sizes = await request.sizes();
    // A repeat request answered from the memory cache (a preloaded chunk requested again) moved
    // no body over the wire; Chromium reports it as minus the headers' size.
    const fromCache = sizes.responseBodySize < 0;
    return {
      ...base,
      bytes: Math.max(0, sizes.responseBodySize),
      sizeMethod: 'chromium-responseBodySize',
      ...(fromCache ? {fromCache} : {}),
    };
  } catch {
    const body = await response.body();
    const bytes = brotliCompressSync(body, {
      params: {[zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length},
    }).length;
    return {...base, bytes, sizeMethod: 'brotli-q11-of-body'};
  }
}

async function measureRoute(browser: Browser, origin: string, route: Route): Promise<RouteBytes> {
  const context = await browser.newContext({...PHONE, serviceWorkers: 'allow'});
  try {
    const page = await context.newPage();
    const started = Date.now();
    const pending: Promise<ResponseRecord | undefined>[] = [];
    const otherOriginRequests: string[] = [];
    const failedRequests: string[] = [];
    // On the context: the service worker's requests are not the page's.
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (url.protocol === 'data:' || url.protocol === 'blob:') return;
      if (url.origin !== origin) otherOriginRequests.push(request.url());
    });
    context.on('requestfinished', (request) => pending.push(record(request)));
    context.on('requestfailed', (request) => {
      failedRequests.push(`${request.url()} (${request.failure()?.errorText ?? 'failed'})`);
    });
    const response = await page.goto(origin + route.path, {
      waitUntil: 'load',
      timeout: LIMITS.pageLoadMs,
    });
    // Whatever the page fetches on its own after load belongs to the first visit too.
    await page.waitForLoadState('networkidle', {timeout: LIMITS.networkIdleMs}).catch(() => {
      console.error(`bench: ${route.path} was not network-idle within ${LIMITS.networkIdleMs} ms`);
    });
    await page.waitForTimeout(Math.max(0, READER_MS - (Date.now() - started)));
    const responses = (await Promise.all(pending)).filter(
      (entry): entry is ResponseRecord => entry !== undefined,
    );
    const bytes = Object.fromEntries(
      KINDS.map((kind) => [
        kind,
        sum(responses.filter((r) => r.kind === kind).map((r) => r.bytes)),
      ]),
    ) as Record<Kind, number>;
    return {
      route: route.path,
      status: response?.status() ?? null,
      requests: responses.length,
      bytes,
      total: sum(Object.values(bytes)),
      renderBlockingCss: renderBlockingCss((await response?.text()) ?? '', responses),
      documentBytes: await documentBytes(response?.request()),
      otherOriginRequests,
      failedRequests,
      responses: responses.map((entry) => ({...entry, url: shorten(entry.url, origin)})),
    };
  } finally {
    await context.close();
  }
}

async function documentBytes(request: Request | undefined): Promise<number | null> {
  const sizes = await request?.sizes().catch(() => undefined);
  return sizes ? sizes.responseHeadersSize + sizes.responseBodySize : null;
}

function shorten(url: string, origin: string): string {
  return url.startsWith(origin) ? url.slice(origin.length) : url;
}

export async function measureBytes(
  origin: string,
  routes: readonly Route[],
): Promise<RouteBytes[]> {
  const browser = await chromium.launch({executablePath: CHROMIUM_PATH, args: [...BROWSER_ARGS]});
  const removeCleanup = onCleanup(() => browser.close());
  try {
    const results: RouteBytes[] = [];
    for (const route of routes) results.push(await measureRoute(browser, origin, route));
    return results;
  } finally {
    removeCleanup();
    await browser.close();
  }
}
