/**
 * Gates in the browser over every page: the sitemap's pages and the not-found page. Each page
 * must load with no console error (a CSP violation is one), request nothing from another
 * origin (checked by the fixture), and have no axe violation in light or dark mode. And every URL
 * of the site that a page's structured data names answers, as a crawler asks for it.
 */
import {site} from '../../src/data/site';
import {sitemapPaths} from '../../scripts/build-files';
import {structuredDataPaths} from '../gates/site-checks';
import {rawPage} from './crawler';
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
      test(`${route} loads with no console error or axe violation`, async ({page, watch}) => {
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

test("every URL of the site in the pages' structured data answers 200", async ({request}) => {
  const siteOrigin = (process.env.SITE_URL || site.defaultUrl).replace(/\/+$/, '');
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const named = new Map<string, string>();
  for (const route of sitemapPaths(sitemap)) {
    for (const path of structuredDataPaths(await rawPage(request, route), siteOrigin)) {
      named.set(path, route);
    }
  }
  expect(named.size).toBeGreaterThan(0);
  const unanswered: string[] = [];
  for (const [path, route] of named) {
    const response = await request.get(path, {maxRedirects: 0});
    if (response.status() !== 200) unanswered.push(`${route} names ${path}: ${response.status()}`);
  }
  expect(unanswered).toEqual([]);
});
