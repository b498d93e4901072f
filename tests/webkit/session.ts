/**
 * The set-up every WebKit test file shares: a display, WebKitWebDriver and the site served, started
 * before the file's (or the suite's) first test and stopped after its last, and browser windows
 * that close when the test that opened them ends.
 */
import {after, afterEach, before} from 'node:test';
import {serveSite, startWebKit, type Browser, type WebKit} from './webkit';

export type {Browser} from './webkit';

type Site = Awaited<ReturnType<typeof serveSite>>;

export interface WebKitSession {
  /** The site as served: its `url`, and `stop()` to take it off the network. */
  readonly site: Site;
  /** A new window at the narrowest width, on a fresh private profile, closed after the test. */
  open(options?: Parameters<WebKit['open']>[0]): Promise<Browser>;
}

/**
 * Call at the top of a file or inside a `describe`: `build` is the folder served (`build-waitlist`
 * for a product coming soon), `clock` the engine's time from the start (see startWebKit).
 */
export function webKitSession({build, clock}: {build?: string; clock?: Date} = {}): WebKitSession {
  let webkit: WebKit | undefined;
  let site: Site | undefined;
  let windows: Browser[] = [];

  const closeWindows = async () => {
    const open = windows;
    windows = [];
    for (const browser of open) await browser.deleteSession();
  };

  before(async () => {
    webkit = await startWebKit({clock});
    site = await serveSite(build);
  });
  afterEach(closeWindows);
  // Also after a start that failed half-way: what did start is stopped.
  after(async () => {
    await closeWindows();
    await site?.dispose();
    await webkit?.stop();
  });

  return {
    get site() {
      if (!site) throw new Error('The site is served from the first test on.');
      return site;
    },
    async open(options) {
      if (!webkit) throw new Error('WebKit runs from the first test on.');
      const browser = await webkit.open(options);
      windows.push(browser);
      return browser;
    },
  };
}
