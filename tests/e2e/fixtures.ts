import {test as base, expect, type Page} from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';

export {expect};
export {ARTICLE_PAGES, EVERY_PAGE, SEARCHES} from './journeys';

interface PageWatch {
  /** Console errors and uncaught exceptions seen so far. */
  errors: string[];
  /** Requests the page made to any origin other than the site's. */
  foreignRequests: string[];
  /** Console errors a test expects (for example the browser's note on a 404 response). */
  expectErrors: (pattern: RegExp) => void;
}

/**
 * Every test gets a page that records console errors and requests to other origins; both must be
 * empty when the test ends (the visitors in mainland China cannot reach third parties).
 */
export const test = base.extend<{watch: PageWatch}>({
  watch: [
    async ({page, baseURL}, use) => {
      const origin = new URL(baseURL!).origin;
      const expected: RegExp[] = [];
      const watch: PageWatch = {
        errors: [],
        foreignRequests: [],
        expectErrors: (pattern) => expected.push(pattern),
      };
      const record = (text: string) => {
        if (!expected.some((pattern) => pattern.test(text))) watch.errors.push(text);
      };
      page.on('console', (message) => {
        // The browser's "Failed to load resource" note names no URL; its location does.
        const {url} = message.location();
        if (message.type() === 'error') record(url ? `${message.text()} (${url})` : message.text());
      });
      page.on('pageerror', (error) => record(error.message));
      page.on('request', (request) => {
        const url = request.url();
        if (!url.startsWith(origin) && !url.startsWith('data:') && !url.startsWith('blob:')) {
          watch.foreignRequests.push(url);
        }
      });
      await use(watch);
      expect(watch.foreignRequests, 'requests to other origins').toEqual([]);
      expect(watch.errors, 'console errors').toEqual([]);
    },
    {auto: true},
  ],
});

/**
 * Loads a route as a reader gets it: the page and its own script, no framework (the framework
 * loads when the visitor uses a form, the search when the visitor uses the search box: see
 * src/lib/page-script.ts).
 */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
}

/**
 * Has the framework hydrate the page, as the page script does when a visitor first touches a form
 * (announced from a control marked `data-framework`, added outside the page's own markup, so that
 * pages without a form can be tested with the framework running too).
 */
export async function hydrate(page: Page): Promise<void> {
  await page.evaluate(() => {
    const control = document.createElement('div');
    control.setAttribute('data-framework', '');
    document.body.append(control);
    control.dispatchEvent(new FocusEvent('focusin', {bubbles: true}));
    control.remove();
  });
  await page.locator('html[data-has-hydrated="true"]').waitFor({state: 'attached'});
}

/** Loads a route and has the framework hydrate it (`hydrate`). */
export async function openHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await hydrate(page);
}

/** Types "taobao" in the header's search box and waits for the Taobao guide among the results. */
export async function searchTaobao(page: Page): Promise<void> {
  await page.getByRole('banner').getByLabel('Search').click();
  await page.keyboard.type('taobao');
  await expect(
    page
      .getByRole('banner')
      .getByText(/How to Use Taobao/)
      .first(),
  ).toBeVisible();
}

/**
 * Enters `query` in the header's search box at once (so no result for part of the query can pass
 * for the whole one's), and expects `guide` as the first result.
 */
export async function expectFirstResult(page: Page, query: string, guide: RegExp): Promise<void> {
  const box = page.getByRole('banner').getByLabel('Search');
  await box.click();
  await box.fill(query);
  await expect(page.getByRole('banner').getByRole('option').first()).toContainText(guide);
}

/** axe with the WCAG 2.2 A and AA rules; returns the violations. */
export async function axeViolations(page: Page) {
  const results = await new AxeBuilder({page})
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(' ')),
  }));
}

export const COLOR_SCHEMES = ['light', 'dark'] as const;

/** Chromium's console note when a document answers 404, as the not-found page must. */
export const NOT_FOUND_CONSOLE = /status of 404/;
