/**
 * Each page paints first with only the CSS inlined in it (plugins/critical-css); the full
 * stylesheet loads without blocking and applies when it arrives. So the first screen must look the
 * same with the inline CSS alone as with the full stylesheet, in light and in dark mode: otherwise
 * a visitor on a slow link sees the page jump or flash when the stylesheet lands.
 */
import type {Page} from '@playwright/test';
import {COLOR_SCHEMES, EVERY_PAGE, NOT_FOUND_CONSOLE, expect, test} from './fixtures';

test.use({reducedMotion: 'reduce'});

/** The first screen once its stylesheets (whichever loaded), fonts and images are in. */
async function firstScreen(page: Page, route: string): Promise<Buffer> {
  await page.goto(route, {waitUntil: 'load'});
  await page.evaluate(async () => {
    await document.fonts.ready;
    const onScreen = Array.from(document.images).filter(
      (image) => image.getBoundingClientRect().top < window.innerHeight,
    );
    await Promise.all(onScreen.map((image) => image.decode().catch(() => {})));
  });
  return page.screenshot();
}

for (const scheme of COLOR_SCHEMES) {
  test.describe(`${scheme} mode`, () => {
    test.use({colorScheme: scheme});

    for (const route of EVERY_PAGE) {
      test(`${route}: the first screen needs no more than the page's inline CSS`, async ({
        page,
        watch,
      }) => {
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
        expect(inlineOnly.equals(finished), 'the same pixels with the inline CSS alone').toBe(true);
      });
    }
  });
}
