/**
 * The iPhone's own rules, as far as Chromium can show them: Safari's Smart App Banner on the pages
 * where it helps, the web app manifest and Apple's meta tags for the Home Screen, persistent
 * storage asked for on "Save all", what an in-app browser with no service worker (WeChat's) is
 * told instead, and the same words about saved guides on the blog, the offline page and in the
 * privacy policy.
 */
import type {Page} from '@playwright/test';
import {
  ADD_TO_HOME_SCREEN_STEPS,
  CANNOT_SAVE_HERE,
  HOME_SCREEN_KEEPS_THEM,
  IPHONE_DELETES_SAVED_GUIDES,
  OPEN_IN_SAFARI,
} from '../../src/data/saved-guides';
import {ARTICLE_PAGES, expect, open, test} from './fixtures';

const BANNER = 'meta[name="apple-itunes-app"]';
/** The screen translator's id, the number ending src/data/site.ts's App Store address. */
const APP_ID = 'app-id=6744230870';

const WITH_BANNER = ['/', '/blogs', ...ARTICLE_PAGES];
const WITHOUT_BANNER = [
  '/gotcha-screen-translator/privacy-policy',
  '/gotcha-screen-translator/terms-of-service',
  '/gotcha-screen-translator/support',
];

/** WeChat's in-app browser on an iPhone (a WKWebView), as its user agent names itself. */
const WECHAT_USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.61(0x18003d2d) NetType/WIFI Language/en';

test.describe("Safari's Smart App Banner", () => {
  for (const route of WITH_BANNER) {
    test(`names the screen translator on ${route}`, async ({page}) => {
      await open(page, route);
      await expect(page.locator(BANNER)).toHaveAttribute('content', APP_ID);
    });
  }

  for (const route of WITHOUT_BANNER) {
    test(`stays off the text of ${route}`, async ({page}) => {
      await open(page, route);
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator(BANNER)).toHaveCount(0);
    });
  }
});

test.describe('the Home Screen', () => {
  test('every page links a valid web app manifest, with its icons, colours and Apple tags', async ({
    page,
    request,
  }) => {
    await open(page, '/blogs');
    const head = page.locator('head');
    const href = await head.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBe('/manifest.webmanifest');
    const response = await request.get(href!);
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      start_url: string;
      display: string;
      theme_color: string;
      background_color: string;
      icons: {src: string; sizes: string; type: string}[];
    };
    expect(manifest).toMatchObject({
      name: 'Gotcha Labs',
      short_name: 'Gotcha Labs',
      start_url: '/',
      display: 'standalone',
    });
    const themeColor = await head.locator('meta[name="theme-color"]').getAttribute('content');
    expect(manifest.theme_color).toBe(themeColor);
    expect(manifest.background_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(['192x192', '512x512']);
    for (const icon of manifest.icons) {
      const image = await request.get(icon.src);
      expect(image.status(), icon.src).toBe(200);
      expect(image.headers()['content-type']).toBe(icon.type);
    }

    const meta = (name: string) => head.locator(`meta[name="${name}"]`);
    await expect(meta('apple-mobile-web-app-capable')).toHaveAttribute('content', 'yes');
    await expect(meta('mobile-web-app-capable')).toHaveAttribute('content', 'yes');
    await expect(meta('apple-mobile-web-app-title')).toHaveAttribute('content', 'Gotcha Labs');
    await expect(meta('apple-mobile-web-app-status-bar-style')).toHaveAttribute(
      'content',
      'default',
    );
    // One viewport tag, the site's: a second would leave the choice to the browser.
    await expect(meta('viewport')).toHaveCount(1);
    await expect(meta('viewport')).toHaveAttribute('content', /viewport-fit=cover/);
    const touchIcon = await head.locator('link[rel="apple-touch-icon"]').getAttribute('href');
    expect((await request.get(touchIcon!)).headers()['content-type']).toBe('image/png');
  });
});

test.describe('the App Store badge', () => {
  for (const route of ['/', '/blogs', '/gotcha-screen-translator/demo']) {
    test(`on ${route} is Apple's artwork, at least 40 px high, with a quarter of its height clear`, async ({
      page,
      request,
    }) => {
      await open(page, route);
      const badges = page.getByRole('link', {name: /on the App Store/}).getByRole('img');
      expect(await badges.count()).toBeGreaterThan(0);
      for (const badge of await badges.all()) {
        const {height} = (await badge.boundingBox())!;
        expect(height).toBeGreaterThanOrEqual(40);
        const clear = await badge.evaluate((image) => {
          const style = getComputedStyle(image.parentElement!);
          return Math.min(parseFloat(style.marginTop), parseFloat(style.marginBottom));
        });
        expect(clear).toBeGreaterThanOrEqual(height / 4);
        const artwork = await (await request.get((await badge.getAttribute('src'))!)).text();
        expect(artwork).toContain(
          '<title>Download_on_the_App_Store_Badge_US-UK_RGB_blk_4SVG_092917</title>',
        );
        expect(artwork).toContain('viewBox="0 0 119.66407 40"');
      }
    });
  }
});

/** The "Read offline" block of the page. */
const readOffline = (page: Page) => page.getByRole('region', {name: 'Read offline'});

test.describe('saving the guides', () => {
  test('"Save all" asks the browser to keep them (persistent storage)', async ({page}) => {
    await page.addInitScript(() => {
      const calls = {count: 0};
      Object.assign(window, {persistCalls: calls});
      Object.defineProperty(StorageManager.prototype, 'persist', {
        value: () => {
          calls.count += 1;
          return Promise.resolve(true);
        },
      });
    });
    await page.goto('/blogs');
    const persistCalls = () =>
      page.evaluate(
        () => (window as unknown as {persistCalls: {count: number}}).persistCalls.count,
      );
    const control = readOffline(page);
    await control.getByRole('button', {name: 'Save all guides for offline'}).click();
    await expect(control.locator('output')).toHaveText(/^All \d+ guides are saved/);
    expect(await persistCalls()).toBe(1);
  });

  test.describe('in an in-app browser with no service worker (WeChat)', () => {
    test.use({userAgent: WECHAT_USER_AGENT});

    test('says why the guides cannot be saved there and how to open the page in Safari', async ({
      page,
    }) => {
      await page.addInitScript(() => {
        // As in WeChat's WKWebView outside the app's bound domains: no service worker at all.
        delete (Navigator.prototype as {serviceWorker?: unknown}).serviceWorker;
      });
      await page.goto('/blogs');
      expect(await page.evaluate(() => 'serviceWorker' in navigator)).toBe(false);
      const control = readOffline(page);
      await expect(control).toBeVisible();
      await expect(control.getByText(`${CANNOT_SAVE_HERE} ${OPEN_IN_SAFARI}`)).toBeVisible();
      await expect(control.getByRole('button')).toBeHidden();
      await expect(control.getByText('Keep every guide and its pictures')).toBeHidden();
    });
  });
});

test.describe('what an iPhone does with saved guides', () => {
  const PLACES = [
    {name: 'the blog', route: '/blogs'},
    {name: 'the offline page', route: '/offline'},
    {name: 'the privacy policy', route: '/gotcha-screen-translator/privacy-policy'},
  ];

  for (const {name, route} of PLACES) {
    test(`${name} says it, and how to keep them from the Home Screen, in the same words`, async ({
      page,
    }) => {
      await page.goto(route);
      // Where the words stand: the blog's "Read offline" block (shown once the worker runs), the
      // offline page's main text, the policy's "Pages saved on your device".
      const place =
        route === '/blogs'
          ? readOffline(page)
          : route === '/offline'
            ? page.getByRole('complementary', {name: 'Keeping them on an iPhone'})
            : page.getByRole('listitem').filter({hasText: 'Pages saved on your device.'});
      await expect(place).toBeVisible();
      for (const words of [
        IPHONE_DELETES_SAVED_GUIDES,
        HOME_SCREEN_KEEPS_THEM,
        ...ADD_TO_HOME_SCREEN_STEPS,
      ]) {
        await expect(place.getByText(words, {exact: false})).toBeVisible();
      }
    });
  }
});
