/**
 * Each page paints first with only the CSS inlined in it (plugins/critical-css); the full
 * stylesheet loads without blocking and applies when it arrives. So the first screen must look the
 * same with the inline CSS alone as with the full stylesheet, in light and in dark mode: otherwise
 * a visitor on a slow link sees the page jump or flash when the stylesheet lands.
 */
import {writeFile} from 'node:fs/promises';
import type {BrowserContext, Page} from '@playwright/test';
import {COLOR_SCHEMES, EVERY_PAGE, NOT_FOUND_CONSOLE, expect, test} from './fixtures';

test.use({reducedMotion: 'reduce'});
// The stylesheet is held back with page.route, which a service worker would bypass.
test.use({serviceWorkers: 'block'});

/**
 * The first screen once all it shows is in: the load event comes after the stylesheet (switched
 * to `media="all"` by the page script before it, unless held back); images on screen are decoded.
 * Two loads of a page used to differ now and then in how Chromium placed glyphs, not in timing:
 * the phone project fixes that choice (playwright.config.ts).
 */
async function firstScreen(page: Page, route: string): Promise<Buffer> {
  await page.goto(route, {waitUntil: 'load'});
  await page.evaluate(async () => {
    const onScreen = Array.from(document.images).filter(
      (image) => image.getBoundingClientRect().top < window.innerHeight,
    );
    await Promise.all(onScreen.map((image) => image.decode()));
  });
  return page.screenshot({animations: 'disabled'});
}

/**
 * How many pixels of two same-sized screenshots differ by more than a rasterisation wobble (an
 * image edge decoded on a different frame shifts a channel by a few levels, never by 16).
 */
async function differentPixels(context: BrowserContext, a: Buffer, b: Buffer): Promise<number> {
  const scratch = await context.newPage();
  try {
    return await scratch.evaluate(
      async (shots) => {
        const pixels = async (base64: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          [canvas.width, canvas.height] = [image.width, image.height];
          const context2d = canvas.getContext('2d')!;
          context2d.drawImage(image, 0, 0);
          return context2d.getImageData(0, 0, image.width, image.height).data;
        };
        const [first, second] = (await Promise.all(shots.map(pixels))) as [
          Uint8ClampedArray,
          Uint8ClampedArray,
        ];
        let count = 0;
        for (let i = 0; i < first.length; i += 4) {
          const channels = [0, 1, 2].map((c) =>
            Math.abs((first[i + c] ?? 0) - (second[i + c] ?? 0)),
          );
          if (Math.max(...channels) > 16) count += 1;
        }
        return count;
      },
      [a.toString('base64'), b.toString('base64')],
    );
  } finally {
    await scratch.close();
  }
}

for (const scheme of COLOR_SCHEMES) {
  test.describe(`${scheme} mode`, () => {
    test.use({colorScheme: scheme});

    for (const route of EVERY_PAGE) {
      test(`${route}: the first screen needs no more than the page's inline CSS`, async ({
        page,
        watch,
      }, testInfo) => {
        watch.expectErrors(NOT_FOUND_CONSOLE);
        watch.expectErrors(/net::ERR_FAILED/);
        // No framework scripts in either shot: both show the server's HTML as first painted.
        await page.route('**/assets/js/**', (request) => request.abort());
        const finished = await firstScreen(page, route);
        expect(
          await page.evaluate(() =>
            Array.from(document.styleSheets).some((sheet) => sheet.href?.includes('/assets/css/')),
          ),
          'the full stylesheet applied in the finished shot',
        ).toBe(true);
        await page.route('**/assets/css/**', (request) => request.abort());
        const inlineOnly = await firstScreen(page, route);
        const differences = await differentPixels(page.context(), finished, inlineOnly);
        if (differences > 0) {
          for (const [name, shot] of Object.entries({finished, inlineOnly})) {
            await writeFile(testInfo.outputPath(`${name}.png`), shot);
          }
        }
        expect(differences, 'pixels that differ with the inline CSS alone').toBe(0);
      });
    }
  });
}

test('the first paint does not wait for the full stylesheet, which applies once it arrives', async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/css/**', async (request) => {
    await held;
    await request.continue();
  });
  await page.goto('/blog/gotcha-vs-rest', {waitUntil: 'commit'});
  const firstPaint = await page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        setTimeout(() => resolve(null), 5000);
        new PerformanceObserver((list) => {
          const paint = list.getEntriesByName('first-contentful-paint')[0];
          if (paint) resolve(paint.startTime);
        }).observe({type: 'paint', buffered: true});
      }),
  );
  expect(firstPaint, 'painted while the stylesheet was held back').not.toBeNull();

  release();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.styleSheets).some(
          (sheet) => sheet.href?.includes('/assets/css/') && sheet.media.mediaText === 'all',
        ),
      ),
    )
    .toBe(true);
});
