/**
 * The search, and "Save all guides for offline" on a fresh profile that has opened only /blogs,
 * then every guide with its pictures with the server gone (WebKit has no network emulation: the
 * server's process group is stopped), a shared link's query included, and the search offline.
 */
import assert from 'node:assert/strict';
import {test} from 'node:test';
import {ALL_SAVED, ARTICLE_PAGES, SEARCHES} from '../e2e/journeys';
import {until} from '../poll';
import {webKitSession, type Browser} from './session';

const WAIT = {timeoutMs: 20_000};
const SEARCH = '.navbar__search input';

const session = webKitSession();

const firstResult = (browser: Browser) =>
  browser.execute(() => document.querySelector('header [role="option"]')?.textContent ?? '');

const title = (browser: Browser) =>
  browser.execute(() => document.querySelector('h1')?.textContent ?? '');

/** Types `query` in the header's search box, key by key, until `guide` is the first result. */
async function search(browser: Browser, query: string, guide: RegExp): Promise<void> {
  const box = browser.$(SEARCH);
  await box.click();
  await box.clearValue();
  await browser.keys(query);
  await until(
    `"${query}" lists ${guide.source} first`,
    async () => guide.test(await firstResult(browser)),
    WAIT,
  );
}

/** A taobao search chosen by keyboard: down to the first guide, Enter. */
async function chooseByKeyboard(browser: Browser): Promise<void> {
  await search(browser, 'taobao', /How to Use Taobao/);
  await browser.keys(['ArrowDown', 'Enter']);
  await until(
    'the Taobao guide opens',
    async () => new URL(await browser.getUrl()).pathname === '/blog/taobao-guide',
    WAIT,
  );
  assert.match(await title(browser), /Taobao/);
}

void test('the search finds each guide travellers ask for, and opens one by keyboard', async () => {
  const browser = await session.open();
  await browser.url(`${session.site.url}/blogs`);
  for (const {query, guide} of SEARCHES) {
    const box = browser.$(SEARCH);
    await box.click();
    await box.setValue(query);
    await until(
      `"${query}" lists ${guide.source} first`,
      async () => guide.test(await firstResult(browser)),
      WAIT,
    );
  }
  await browser.url(`${session.site.url}/blogs`);
  await chooseByKeyboard(browser);
});

void test('"Save all guides" saves every guide and says how much, then each opens offline with its pictures', async () => {
  // A window of its own, on a fresh profile that opens /blogs only.
  const browser = await session.open();
  const {site} = session;
  await browser.url(`${site.url}/blogs`);
  const control = browser.$('[data-offline]');
  await until('the "Save all" control shows', () => control.isDisplayed(), WAIT);
  await control.$('button').click();
  const status = () => control.$('output').getText();
  await until(
    'saving ends',
    async () => /^(All|Saved \d+ of \d+ guides \(\d+ KB\);|Saving stopped)/.test(await status()),
    {timeoutMs: 60_000},
  );
  assert.match(await status(), ALL_SAVED);
  // The true size: what came over the wire, so no more than all that is saved, unpacked, and
  // no less than its pictures (PNG, which no server compresses).
  const kb = Number(/\((\d+) KB\)/.exec(await status())?.[1]);
  const saved = await browser.execute(async () => {
    const bytes = {all: 0, pictures: 0};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const size = (await (await cache.match(request))?.blob())?.size ?? 0;
        bytes.all += size;
        if (new URL(request.url).pathname.endsWith('.png')) bytes.pictures += size;
      }
    }
    return bytes;
  });
  assert.ok(saved.pictures > 0, 'some pictures are PNG');
  assert.ok(kb >= Math.floor(saved.pictures / 1024), `${kb} KB: at least the pictures'`);
  assert.ok(kb <= Math.ceil(saved.all / 1024), `${kb} KB: at most all, unpacked`);

  await site.stop();
  for (const guide of ARTICLE_PAGES) {
    await browser.url(site.url + guide);
    assert.notEqual(await title(browser), 'You are offline', guide);
    const images = await browser.execute(() =>
      Promise.all(
        Array.from(document.images, async (image) => {
          image.loading = 'eager';
          await image.decode();
          return image.naturalWidth;
        }),
      ),
    );
    assert.ok(images.length > 0 && images.every((width) => width > 0), `${guide}: pictures shown`);
  }
  // A link shared in WeChat adds a query: the guide saved under its path opens.
  const [shared = ''] = ARTICLE_PAGES;
  await browser.url(`${site.url}${shared}?from=singlemessage&isappinstalled=0`);
  assert.notEqual(await title(browser), 'You are offline', `${shared} shared`);
  // The search was saved with the guides: it works offline on a guide never opened online.
  await browser.url(`${site.url}/blog/gotcha-vs-rest`);
  await chooseByKeyboard(browser);
});
