/**
 * Every page is usable before its scripts run (they are requested only after the first paint,
 * and on a slow link that can take a while): with JavaScript off, the content, the header and
 * footer links, and in-page anchors are all there.
 */
import {ARTICLE_PAGES, EVERY_PAGE, NOT_FOUND_CONSOLE, expect, test} from './fixtures';

test.use({javaScriptEnabled: false});

for (const route of EVERY_PAGE) {
  test(`${route} is complete with JavaScript off`, async ({page, watch}) => {
    watch.expectErrors(NOT_FOUND_CONSOLE);
    await page.goto(route);
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', {name: 'Products'})).toHaveAttribute(
      'href',
      '/#products',
    );
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByRole('link', {name: 'Privacy Policy'}).first()).toBeVisible();
    // Every same-page anchor points at an element that exists in the server's HTML.
    const missing = await page.evaluate(() =>
      Array.from(document.querySelectorAll<HTMLAnchorElement>('a[href]'))
        .filter((link) => link.pathname === location.pathname && link.hash.length > 1)
        .map((link) => decodeURIComponent(link.hash.slice(1)))
        .filter((id) => !document.getElementById(id)),
    );
    expect(missing).toEqual([]);
  });
}

test('the home page’s sections are there with JavaScript off', async ({page}) => {
  await page.goto('/#blogs');
  await expect(page.getByRole('heading', {name: 'Flagship Products'})).toBeVisible();
  await expect(page.getByRole('heading', {name: 'From Our Blog'})).toBeInViewport();
  await page.getByRole('link', {name: 'View All Articles'}).first().click();
  await expect(page).toHaveURL('/blogs');
  await expect(page.getByRole('article')).toHaveCount(ARTICLE_PAGES.length);
});

for (const route of ARTICLE_PAGES) {
  test(`${route}: contents, reading time, review date and related guides work with JavaScript off`, async ({
    page,
  }, testInfo) => {
    await page.goto(route);
    const contents = page.getByRole('navigation', {name: 'On this page'});
    // On phones the list is a native disclosure, which opens without any script.
    if (testInfo.project.name === 'phone') await contents.locator('summary').click();
    const link = contents.getByRole('link').last();
    const target = decodeURIComponent(new URL((await link.getAttribute('href'))!, page.url()).hash);
    await link.click();
    await expect(page.locator(`[id="${target.slice(1)}"]`)).toBeInViewport();
    await expect(page.getByText(/\d+ min read/)).toBeVisible();
    await expect(page.getByText(/^Updated \d{1,2} [A-Z][a-z]+ \d{4}$/)).toBeVisible();
    const related = page.getByRole('region', {name: 'Related guides'});
    await related.getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
    await expect(page).not.toHaveURL(new RegExp(`${route}$`));
    await expect(page.getByRole('heading', {level: 1})).toBeVisible();
  });
}
