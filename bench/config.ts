/** Every knob of `npm run bench` in one place: limits, ports, browser flags, budgets. */
import path from 'node:path';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../playwright.config';

export const ROOT = path.resolve(__dirname, '..');
export const BUILD_DIR = path.join(ROOT, 'build');
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');

export {CHROMIUM_PATH};
/**
 * Every host name resolves to nothing, so a page can only reach the loopback server under test,
 * never another origin (which is counted, and must be 0), and the browser sends nothing outside.
 */
const LOOPBACK_ONLY = '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1';
/** For Playwright, which adds its own headless flag. */
export const BROWSER_ARGS: readonly string[] = [...CHROMIUM_ARGS, LOOPBACK_ONLY];
/** For Lighthouse's chrome-launcher. */
export const LIGHTHOUSE_CHROME_FLAGS: readonly string[] = ['--headless', ...BROWSER_ARGS];

/** Loopback only; the ports this benchmark may listen on. */
export const HOST = '127.0.0.1';
export const PORT_RANGE = {from: 4300, to: 4399} as const;

/** The path requested to measure the not-found page; it must not exist in the build. */
export const NOT_FOUND_PATH = '/this-page-does-not-exist';

export const LIMITS = {
  /** The whole command: past this it stops everything it started and fails. */
  totalMs: 22 * 60_000,
  /**
   * Desktop Lighthouse rounds are dropped when they would end the command past this (mobile keeps
   * its three unless the total limit itself is at risk).
   */
  targetMs: 20 * 60_000,
  buildMs: 5 * 60_000,
  serverStartMs: 60_000,
  pageLoadMs: 30_000,
  networkIdleMs: 10_000,
  /** One Lighthouse run; past it the run counts as failed and Chrome is restarted. */
  lighthouseRunMs: 120_000,
  /** Time kept back for the load tests when planning Lighthouse runs. */
  loadReserveMs: 100_000,
} as const;

export const LIGHTHOUSE_RUNS = 3;

export const LOAD = {
  connections: 50,
  durationSeconds: 10,
  warmupSeconds: 2,
  /** Seconds before autocannon gives up on one request. */
  timeoutSeconds: 10,
} as const;

/** The budgets every build must meet; `npm run bench` prints each as MET or MISSED. */
export const BUDGETS = {
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1_500,
  /** LCP over the LCP of the same build with every script removed, same rounds. */
  lcpRatioToNoScripts: 1.15,
  fcpMs: 800,
  tbtMs: 50,
  /** TBT over the TBT of the same build with every script removed, same rounds (mobile). */
  tbtOverNoScriptsMs: 10,
  cls: 0.01,
  /** Script a reader fetches: no interaction, 5 s, the service worker and prefetches included. */
  jsBytes: 15 * 1024,
  /** From the tap on the search box to the first result, Lighthouse's mobile network and CPU. */
  searchWarmMs: 1_000,
  searchColdMs: 3_000,
  /** What "Save all guides" downloads, headers included. */
  saveAllBytes: 300 * 1024,
  /** All CSS of a first visit, unless no more than `renderBlockingCssBytes` of it blocks paint. */
  cssBytes: 10 * 1024,
  renderBlockingCssBytes: 6 * 1024,
  /**
   * A page's response, headers included, within TCP's initial congestion window (10 segments of
   * 1,460 B): past it, the rest of the HTML waits a round trip, and so does the first paint.
   */
  firstWindowBytes: 10 * 1460,
  otherOrigins: 0,
  coldBuildMs: 30_000,
  htmlThroughputRatio: 3,
} as const;
