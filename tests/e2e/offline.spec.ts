/**
 * Reading on the worst network: a reader runs no framework code, a searcher gets the search (and
 * no framework) on the first touch without losing a key, and the guides stay readable offline
 * through the service worker (plugins/offline). Chromium, with service workers allowed
 * (Playwright's default).
 */
import {cp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {Browser, BrowserContext, Page, TestInfo} from '@playwright/test';
import {createPgliteStorage, startServer, type ServerProcess} from '../integration/server-process';
import {
  ARTICLE_PAGES,
  EVERY_PAGE,
  NOT_FOUND_CONSOLE,
  SEARCHES,
  axeViolations,
  expect,
  expectFirstResult,
  searchTaobao,
  test,
} from './fixtures';
import {ALL_SAVED} from './journeys';

/** The framework's code: every script the build emits (the worker itself is `/sw.js`). */
const isFrameworkScript = (url: string) => new URL(url).pathname.startsWith('/assets/js/');
/** The framework's stylesheet (a reader's pages get `pages.<hash>.css`: build-steps/critical-css). */
const isFrameworkStylesheet = (url: string) =>
  /^\/assets\/css\/styles\.\w+\.css$/.test(new URL(url).pathname);

async function isSaved(page: Page, route: string): Promise<boolean> {
  return page.evaluate(async (url) => (await caches.match(url)) !== undefined, route);
}

/** The addresses (path and query) in the worker's cache of pages, sorted. */
async function savedPageAddresses(page: Page): Promise<string[]> {
  const addresses = await page.evaluate(async () =>
    (await (await caches.open('pages')).keys()).map(({url}) => {
      const {pathname, search} = new URL(url);
      return pathname + search;
    }),
  );
  return addresses.sort();
}

/** What a host may answer for a page instead of that page, and the heading a visitor then sees. */
const NOT_THE_PAGE = [
  {
    name: 'a redirect elsewhere',
    answer: {status: 301, headers: {location: '/blogs'}},
    heading: 'Travel and Life in China',
  },
  {
    name: 'a maintenance page',
    answer: {
      status: 200,
      contentType: 'text/html',
      body: '<html><body><h1>Down for maintenance</h1></body></html>',
    },
    heading: 'Down for maintenance',
  },
] as const;

/** The network answers `route` so, to the service worker's requests as well as the page's. */
async function answerWith(
  context: BrowserContext,
  route: string,
  answer: (typeof NOT_THE_PAGE)[number]['answer'],
): Promise<void> {
  await context.route(`**${route}`, (request) => request.fulfill(answer));
}

/** Waits until the service worker runs and has kept the page it was installed from. */
async function workerKeptPage(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  const route = new URL(page.url()).pathname;
  await expect.poll(() => isSaved(page, route)).toBe(true);
}

/** Every image of the page, lazy ones too, loaded and decoded (from wherever the page gets them). */
async function imagesShow(page: Page): Promise<void> {
  const count = await page.evaluate(() =>
    Promise.all(
      Array.from(document.images, async (image) => {
        image.loading = 'eager';
        await image.decode();
      }),
    ).then((images) => images.length),
  );
  expect(count).toBeGreaterThan(0);
}

test.describe('a reader', () => {
  for (const route of EVERY_PAGE) {
    test(`${route}: no framework script or stylesheet in 5 s, and the page script has run`, async ({
      page,
      watch,
    }) => {
      if (route === EVERY_PAGE.at(-1)) watch.expectErrors(NOT_FOUND_CONSOLE);
      const framework: string[] = [];
      page.on('request', (request) => {
        const url = request.url();
        if (isFrameworkScript(url) || isFrameworkStylesheet(url)) framework.push(url);
      });
      // The page's clock: five seconds pass at once, and the year is one the build cannot know.
      await page.clock.install({time: new Date('2031-05-04T10:00:00')});
      await page.goto(route);
      await page.clock.runFor(5000);
      await page.evaluate(() => navigator.serviceWorker.ready);
      expect(framework).toEqual([]);
      expect(await page.locator('html[data-has-hydrated="true"]').count()).toBe(0);
      await expect(page.getByRole('contentinfo')).toContainText('© 2031 Gotcha Labs');
    });
  }

  test('follows the contents, a link and the footer without the framework', async ({page}) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (isFrameworkScript(request.url())) scripts.push(request.url());
    });
    await page.goto('/blog/essential-apps-china-2025');
    const contents = page.getByRole('navigation', {name: 'On this page'});
    const summary = contents.locator('summary');
    if (await summary.isVisible()) await summary.click();
    const firstSection = contents.getByRole('link').filter({visible: true}).first();
    const sectionName = (await firstSection.textContent()) ?? '';
    await firstSection.click();
    await expect(page.getByRole('heading', {level: 2, name: sectionName})).toBeInViewport();
    await page.getByRole('contentinfo').getByRole('link', {name: 'Terms of Service'}).click();
    await expect(page).toHaveURL('/gotcha-screen-translator/terms-of-service');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Terms of Service');
    await page.getByRole('banner').getByRole('link', {name: 'Gotcha Labs'}).click();
    await expect(page).toHaveURL('/');
    expect(scripts).toEqual([]);
  });
});

test('a searcher who taps the box and types at once is offered the Taobao guide, styled', async ({
  page,
}, testInfo) => {
  await page.goto('/blog/china-different-world');
  const box = page.getByRole('banner').getByLabel('Search');
  if (testInfo.project.use.hasTouch) await box.tap();
  else await box.click();
  // Typed while the search is still on its way.
  await page.keyboard.type('taobao');
  const result = page
    .getByRole('banner')
    .getByText(/How to Use Taobao as a Foreigner/)
    .first();
  await expect(result).toBeVisible();
  await expect(page.getByRole('banner').getByLabel('Search')).toHaveValue('taobao');
  // The results are styled by the pages' stylesheet, which every page switches on as it loads.
  await expect(result).toHaveCSS('font-weight', '700');
  await expect(page.getByRole('banner').getByRole('option').first()).toHaveCSS(
    'border-radius',
    '8px',
  );
  await result.click();
  await expect(page).toHaveURL(/\/blog\/taobao-guide/);
});

/** /blogs, once the worker has kept it and controls the page. */
async function openControlledBlogs(page: Page): Promise<void> {
  await page.goto('/blogs');
  await workerKeptPage(page);
  await page.reload();
}

/** "Save all guides for offline", until it says every guide is saved. */
async function saveAllGuides(page: Page): Promise<void> {
  const control = page.getByRole('region', {name: 'Read offline'});
  await control.getByRole('button', {name: 'Save all guides for offline'}).click();
  await expect(control.locator('output')).toHaveText(/^All \d+ guides are saved/);
}

test.describe('offline', () => {
  test('each page read opens again with no connection, by link and by reload', async ({
    page,
    context,
  }) => {
    // The first page installs the worker, which then keeps that page too.
    await page.goto('/blog/taobao-guide');
    await workerKeptPage(page);
    await page.goto('/gotcha-screen-translator/support');
    await expect.poll(() => isSaved(page, '/gotcha-screen-translator/support')).toBe(true);
    const read = ['/blog/taobao-guide', '/gotcha-screen-translator/support'];
    await context.setOffline(true);
    for (const route of read) {
      const response = await page.goto(route);
      expect(response?.fromServiceWorker()).toBe(true);
      expect(response?.status()).toBe(200);
      await imagesShow(page);
      await page.reload();
      await expect(page.getByRole('heading', {level: 1})).not.toHaveText('You are offline');
      await imagesShow(page);
    }
  });

  test('"Save all guides" keeps every guide with its images; an unsaved page shows the offline page', async ({
    page,
    context,
  }) => {
    await page.goto('/blogs');
    await workerKeptPage(page);
    const control = page.getByRole('region', {name: 'Read offline'});
    const status = control.locator('output');
    await expect(status).toHaveText(/guides/);
    // Every sentence the control shows while saving.
    await status.evaluate((output) => {
      const seen: string[] = [];
      (window as unknown as {seen: string[]}).seen = seen;
      new MutationObserver(() => seen.push(output.textContent)).observe(output, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await control.getByRole('button', {name: 'Save all guides for offline'}).click();
    await expect(status).toHaveText(ALL_SAVED);
    const seen = await page.evaluate(() => (window as unknown as {seen: string[]}).seen);
    expect(seen).toContain(`Saving ${ARTICLE_PAGES.length} guides…`);
    // The pages' stylesheet and the search, saved so that the search works offline on every
    // guide; nothing of the framework, which no guide needs.
    const savedFiles = await page.evaluate(async () => {
      const caches_ = await Promise.all((await caches.keys()).map((name) => caches.open(name)));
      const requests = (await Promise.all(caches_.map((cache) => cache.keys()))).flat();
      return requests
        .map((request) => new URL(request.url).pathname)
        .filter((p) => /\.(?:css|js)$/.test(p));
    });
    expect(savedFiles.sort()).toEqual([
      expect.stringMatching(/^\/assets\/css\/pages\.\w+\.css$/),
      '/search.js',
    ]);
    expect(seen.some((text) => /^Saved 3 of \d+ guides \(\d+ KB\)…$/.test(text))).toBe(true);

    await context.setOffline(true);
    for (const guide of ARTICLE_PAGES) {
      const response = await page.goto(guide);
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('heading', {level: 1})).not.toHaveText('You are offline');
      await imagesShow(page);
    }
    await page.goto('/gotcha-screen-translator/privacy-policy');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('You are offline');
    const saved = page.getByRole('main').getByRole('listitem');
    await expect(saved).toHaveCount(ARTICLE_PAGES.length);
    for (const item of await saved.all()) await expect(item).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await saved.getByRole('link').first().click();
    await expect(page.getByRole('heading', {level: 1})).not.toHaveText('You are offline');
  });

  test('search works offline on every saved guide once it was used online', async ({
    page,
    context,
  }) => {
    await openControlledBlogs(page);
    await searchTaobao(page);
    await saveAllGuides(page);
    await context.setOffline(true);
    const response = await page.goto('/blogs');
    expect(response?.fromServiceWorker()).toBe(true);
    await searchTaobao(page);
    // A guide never opened online: its page was saved, and the search with the guides.
    await page.goto('/blog/gotcha-vs-rest');
    await searchTaobao(page);
  });

  test('search works offline on a saved guide where it was never used online', async ({
    page,
    context,
  }) => {
    await openControlledBlogs(page);
    await saveAllGuides(page);
    await context.setOffline(true);
    const response = await page.goto('/blog/gotcha-vs-rest');
    expect(response?.fromServiceWorker()).toBe(true);
    for (const {query, guide} of SEARCHES) await expectFirstResult(page, query, guide);
  });

  test('a guide opened with a query string is saved, listed and opened offline at its own address', async ({
    page,
    context,
  }) => {
    const [first, second] = ['/blog/china-social-credit', '/blog/taobao-guide'];
    // As WeChat opens a shared link: the first installs the worker, the worker controls the second.
    await page.goto(`${first}?from=singlemessage#top`);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect.poll(() => isSaved(page, first)).toBe(true);
    await page.goto(`${second}?from=timeline&isappinstalled=0`);
    await expect.poll(() => isSaved(page, second)).toBe(true);
    expect(await savedPageAddresses(page)).toEqual([first, second]);

    await context.setOffline(true);
    for (const route of [first, second]) {
      const response = await page.goto(route);
      expect(response?.fromServiceWorker()).toBe(true);
      await expect(page.getByRole('heading', {level: 1})).not.toHaveText('You are offline');
    }
    await page.goto('/blogs');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('You are offline');
    const saved = page.getByRole('main').getByRole('listitem');
    await expect(saved).toHaveCount(2);
    await saved.getByRole('link').first().click();
    await expect(page).toHaveURL(first);
    await expect(page.getByRole('heading', {level: 1})).not.toHaveText('You are offline');
  });

  for (const {name, answer, heading} of NOT_THE_PAGE) {
    test(`${name} is shown but never replaces a saved guide`, async ({page, context}) => {
      const guide = '/blog/taobao-guide';
      await page.goto(guide);
      await workerKeptPage(page);
      const title = (await page.getByRole('heading', {level: 1}).textContent()) ?? '';
      await answerWith(context, guide, answer);
      await page.goto(guide);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(heading);
      await context.unrouteAll();

      await context.setOffline(true);
      await page.goto(guide);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(title);
    });
  }

  test('"Save all guides" saves no guide that answers with a redirect or a maintenance page, and says so', async ({
    page,
    context,
  }) => {
    const total = ARTICLE_PAGES.length;
    const [redirected = '', down = ''] = ARTICLE_PAGES;
    const [redirect, maintenance] = NOT_THE_PAGE;
    await page.goto('/blogs');
    await workerKeptPage(page);
    await answerWith(context, redirected, redirect.answer);
    await answerWith(context, down, maintenance.answer);
    const control = page.getByRole('region', {name: 'Read offline'});
    const status = control.locator('output');
    await control.getByRole('button', {name: 'Save all guides for offline'}).click();
    await expect(status).toHaveText(
      new RegExp(
        `^Saved ${total - 2} of ${total} guides \\(\\d+ KB\\); 2 could not be saved just now\\. Try again later\\.$`,
      ),
    );
    for (const route of [redirected, down]) expect(await isSaved(page, route)).toBe(false);
    await context.unrouteAll();
    await page.reload();
    await expect(status).toHaveText(`${total - 2} of ${total} guides are saved on this device.`);

    await context.setOffline(true);
    await page.goto(redirected);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('You are offline');
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(total - 2);
  });

  test('an API address opened in the browser is not saved among the pages', async ({
    page,
    context,
  }) => {
    const api = '/rest/v1/waitlist_emails?select=id';
    await page.goto('/blogs');
    await workerKeptPage(page);
    // As a host whose proxy adds the key answers it (the bundled server asks for the key).
    await context.route(`**${api}`, (route) =>
      route.fulfill({status: 200, contentType: 'application/json', body: '[]'}),
    );
    await page.goto(api);
    await expect(page.getByText('[]')).toBeVisible();
    // Pages are saved in the order they are read: once a later one is, the API's answer would be.
    await page.goto('/gotcha-screen-translator/support');
    await expect.poll(() => isSaved(page, '/gotcha-screen-translator/support')).toBe(true);
    expect(await savedPageAddresses(page)).toEqual(['/blogs', '/gotcha-screen-translator/support']);
  });

  test('with nothing saved, the offline page says how to save guides', async ({page, context}) => {
    await page.goto('/gotcha-screen-translator/support');
    await workerKeptPage(page);
    await context.setOffline(true);
    await page.goto('/blogs');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('You are offline');
    await expect(page.getByText(/None yet/)).toBeVisible();
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0);
  });
});

test.describe('a new deploy', () => {
  // Stopped even when a test times out (afterEach runs then; a finally block would not).
  const running: ServerProcess[] = [];
  const cleanUp: (() => Promise<void>)[] = [];
  test.afterEach(async () => {
    for (const server of running.splice(0)) await server.stop();
    for (const step of cleanUp.splice(0)) await step();
  });

  /**
   * A copy of the build served on a port of its own, in a browser context of its own (the
   * fixtures' page watches the main site's origin), so a test can deploy a changed file: stop,
   * edit, serve again.
   */
  async function siteCopy(browser: Browser, testInfo: TestInfo) {
    const port = Number(process.env.E2E_PORT ?? 4173) + 2 + testInfo.parallelIndex;
    const buildDir = path.join(tmpdir(), `deploy-${port}-${Date.now()}`);
    const storage = await createPgliteStorage();
    cleanUp.push(
      () => storage.dispose(),
      () => rm(buildDir, {recursive: true, force: true}),
    );
    await cp(path.resolve(__dirname, '../../build'), buildDir, {recursive: true});
    const context = await browser.newContext();
    cleanUp.push(() => context.close());
    const page = await context.newPage();
    const serve = async () => running.push(await startServer({storage, buildDir, port}));
    /** Deploys `file` changed by `change`: its precompressed copies go, the server compresses. */
    const deploy = async (file: string, change: (text: string) => string) => {
      await running.pop()?.stop();
      const target = path.join(buildDir, file);
      await writeFile(target, change(await readFile(target, 'utf8')));
      await Promise.all(['.br', '.gz'].map((suffix) => rm(target + suffix, {force: true})));
      await serve();
    };
    await serve();
    return {page, origin: `http://localhost:${port}`, deploy};
  }

  test('reaches an online visitor on the next visit, past the old worker', async ({
    browser,
  }, testInfo) => {
    test.slow(); // two server starts
    const {page, origin, deploy} = await siteCopy(browser, testInfo);
    const url = `${origin}/blog/taobao-guide`;
    const before = "is China's go-to shopping app";
    await page.goto(url);
    await workerKeptPage(page);
    await expect(page.getByText(before).first()).toBeVisible();

    // Build B: one sentence changed.
    await deploy('blog/taobao-guide.html', (html) =>
      html.replace(before, `${before}, new this deploy`),
    );
    const response = await page.goto(url);
    expect(response?.fromServiceWorker()).toBe(true);
    await expect(page.getByText('new this deploy').first()).toBeVisible();
  });

  test('"Save all guides" saves them through the worker that took over while the guide was open', async ({
    browser,
  }, testInfo) => {
    test.slow(); // two server starts
    const {page, origin, deploy} = await siteCopy(browser, testInfo);
    await page.goto(`${origin}/blog/taobao-guide`);
    await workerKeptPage(page);
    await page.evaluate(async () => {
      (window as {oldWorker?: unknown}).oldWorker = (await navigator.serviceWorker.ready).active;
    });

    // A deploy with a changed worker, which the open page's registration installs and activates.
    await deploy('sw.js', (code) => `${code}\n// deployed again\n`);
    await page.evaluate(async () => (await navigator.serviceWorker.ready).update());
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const {active} = await navigator.serviceWorker.ready;
          return active !== null && active !== (window as {oldWorker?: unknown}).oldWorker;
        }),
      )
      .toBe(true);

    const control = page.getByRole('region', {name: 'Read offline'});
    await control.getByRole('button', {name: 'Save all guides for offline'}).click();
    await expect(control.locator('output')).toHaveText(
      new RegExp(`^All ${ARTICLE_PAGES.length} guides are saved`),
    );
  });
});
