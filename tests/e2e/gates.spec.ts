/**
 * Gates in the browser over every page: the sitemap's pages and the not-found page. Each page
 * must hydrate with no console error (a CSP violation is one), request nothing from another
 * origin (checked by the fixture), and have no axe violation in light or dark mode.
 */
import {
  COLOR_SCHEMES,
  EVERY_PAGE,
  NOT_FOUND_CONSOLE,
  axeViolations,
  expect,
  open,
  test,
} from './fixtures';

for (const colorScheme of COLOR_SCHEMES) {
  test.describe(`every page in ${colorScheme} mode`, () => {
    for (const route of EVERY_PAGE) {
      test(`${route} hydrates cleanly and has no axe violations`, async ({page, watch}) => {
        watch.expectErrors(NOT_FOUND_CONSOLE);
        await page.emulateMedia({colorScheme});
        await open(page, route);
        await expect(page.locator('html')).toHaveAttribute('data-theme', colorScheme);
        // Lazy images below the fold are part of the page too: load them all, where the page
        // rests. (Scrolled to the end, how far an article's contents had slid under the sticky
        // header depended on which images had loaded by then, and so did axe's target-size verdict.)
        await page.evaluate(() =>
          Promise.all(
            Array.from(document.images, (image) => {
              image.loading = 'eager';
              return image.decode();
            }),
          ),
        );
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}
