import {site} from '../../src/data/site';
import {
  NOT_FOUND_CONSOLE,
  expect,
  hydrate,
  open,
  openHydrated,
  searchTaobao,
  test,
} from './fixtures';

test.describe('site header', () => {
  test('links the company name home and Contact to the contact e-mail', async ({page}) => {
    await open(page, '/blogs');
    const header = page.getByRole('banner');
    await header.getByRole('link', {name: site.companyName}).click();
    await expect(page).toHaveURL('/');
    await expect(header.getByRole('link', {name: 'Contact'})).toHaveAttribute(
      'href',
      `mailto:${site.contactEmail}`,
    );
  });

  test('Products goes to the products section from another page', async ({page}) => {
    await open(page, '/gotcha-screen-translator/support');
    await page.getByRole('banner').getByRole('link', {name: 'Products'}).click();
    await expect(page).toHaveURL('/#products');
    await expect(page.getByRole('heading', {name: 'Flagship Products'})).toBeInViewport();
  });

  test('works by keyboard: Tab reaches every header link in order', async ({page}) => {
    await open(page, '/');
    const names: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      await page.keyboard.press('Tab');
      names.push(await page.evaluate(() => document.activeElement?.textContent.trim() ?? ''));
    }
    expect(names.join('|')).toContain(`${site.companyName}|Products|Contact`);
  });

  test('fits a 320 px screen without sideways scrolling', async ({page}) => {
    await page.setViewportSize({width: 320, height: 640});
    await open(page, '/');
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    await expect(page.getByRole('banner').getByRole('link', {name: 'Contact'})).toBeVisible();
  });

  test('keeps to one row on phones from 360 px, the brand in line with the page text from 390 px', async ({
    page,
  }) => {
    await open(page, '/');
    const header = page.getByRole('banner');
    const items = [
      header.getByRole('link', {name: site.companyName}),
      header.getByRole('link', {name: 'Contact'}),
      header.getByRole('searchbox', {name: 'Search'}),
    ];
    for (const width of [360, 375, 390, 412, 430, 460]) {
      await page.setViewportSize({width, height: 800});
      const boxes = await Promise.all(items.map(async (item) => (await item.boundingBox())!));
      const rowTop = Math.max(...boxes.map((box) => box.y));
      const rowBottom = Math.min(...boxes.map((box) => box.y + box.height));
      expect(rowTop, `${width} px: the header's items share a row`).toBeLessThan(rowBottom);
      if (width < 390) continue;
      const title = (await page.getByRole('heading', {level: 1}).boundingBox())!;
      expect(Math.abs(boxes[0]!.x - title.x), `${width} px: brand and title line up`).toBeLessThan(
        1,
      );
    }
  });

  test('on a phone, the search box spans the header while in use', async ({page}) => {
    const width = 375;
    await page.setViewportSize({width, height: 700});
    await open(page, '/blogs');
    const header = page.getByRole('banner');
    await searchTaobao(page);
    const box = (await header.locator('input').boundingBox())!;
    expect(box.x, 'the box starts at the header’s left inset').toBeLessThan(24);
    expect(box.x + box.width, 'and ends at its right one').toBeGreaterThan(width - 24);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(width);
  });

  test('the header’s links stay where they were once the search has loaded', async ({page}) => {
    for (const width of [375, 1440]) {
      await page.setViewportSize({width, height: 700});
      await open(page, '/blogs');
      const header = page.getByRole('banner');
      const links = header.getByRole('link');
      const where = async () =>
        await links.evaluateAll((all) =>
          all.map((link) => JSON.stringify(link.getBoundingClientRect())),
        );
      const before = await where();
      await searchTaobao(page);
      await page.keyboard.press('Escape');
      await page.getByRole('heading', {level: 1}).click();
      await expect(header.locator('input')).not.toBeFocused();
      expect(await where(), `${width} px`).toEqual(before);
    }
  });
});

test.describe('site footer', () => {
  test('has the four columns: company, products, company links and social links', async ({
    page,
  }) => {
    await open(page, '/');
    const footer = page.getByRole('contentinfo');
    await expect(footer.getByText(site.blurb)).toBeVisible();
    const products = footer.getByRole('region', {name: 'Products'});
    await expect(products.getByRole('link', {name: 'Gotcha Screen Translator'})).toHaveAttribute(
      'href',
      site.appStoreUrl,
    );
    await expect(products.getByRole('link', {name: 'Gotcha Trip Planner'})).toBeVisible();
    const company = footer.getByRole('region', {name: 'Company'});
    await expect(company.getByRole('link', {name: 'Contact'})).toHaveAttribute(
      'href',
      `mailto:${site.contactEmail}`,
    );
    await expect(company.getByRole('link', {name: 'Privacy Policy'})).toHaveAttribute(
      'href',
      '/gotcha-screen-translator/privacy-policy',
    );
    for (const social of [site.social.photo, site.social.video]) {
      const link = footer.getByRole('link', {name: `${site.companyName} on ${social.name}`});
      await expect(link).toHaveAttribute('href', social.url);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
    }
  });

  test('About Us leads to the company introduction, not a dead link', async ({page}) => {
    await open(page, '/blogs');
    await page.getByRole('contentinfo').getByRole('link', {name: 'About Us'}).click();
    await expect(page).toHaveURL('/#about');
    await expect(page.getByRole('heading', {level: 1})).toBeInViewport();
  });

  test('lines up with the page: the copyright line spans exactly the width of the article list', async ({
    page,
  }) => {
    await open(page, '/blogs');
    const list = await page.getByRole('main').getByRole('list').first().boundingBox();
    const copyright = await page.getByRole('contentinfo').getByText('©').boundingBox();
    expect(list).not.toBeNull();
    expect(copyright?.x).toBeCloseTo(list?.x ?? NaN, 0);
    expect(copyright?.width).toBeCloseTo(list?.width ?? NaN, 0);
  });

  test('shows the copyright with the visitor’s current year', async ({page}) => {
    await open(page, '/');
    const year = await page.evaluate(() => new Date().getFullYear());
    await expect(page.getByRole('contentinfo')).toContainText(`© ${year} ${site.companyName}`);
  });
});

test.describe('not-found page', () => {
  test('answers 404 with "Oops! Page not found", a way home, and logs the visit', async ({
    page,
    watch,
  }) => {
    watch.expectErrors(NOT_FOUND_CONSOLE);
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Oops! Page not found');
    // The server logs every visit; the page logs it too once the framework runs.
    await hydrate(page);
    await expect.poll(() => warnings).toContain('Page not found: /no/such/page');
    await page.getByRole('link', {name: 'Return to Home'}).click();
    await expect(page).toHaveURL('/');
  });
});

test.describe('error screen', () => {
  // page.route cannot change what a service worker fetches.
  test.use({serviceWorkers: 'block'});

  test('shows "Unexpected Application Error!" with the message when a page fails to render', async ({
    page,
    watch,
  }) => {
    // Serve /blogs with code that throws while rendering its heading: the failure the visitor
    // must see explained instead of a blank page.
    await page.route('**/assets/js/*.js', async (route) => {
      const response = await route.fetch();
      const code = await response.text();
      const heading = '"Travel and Life in China"';
      await route.fulfill({
        response,
        body: code.includes(heading)
          ? code.replace(heading, '(()=>{throw new Error("Simulated render failure")})()')
          : code,
      });
    });
    watch.expectErrors(/Simulated render failure/);
    await openHydrated(page, '/');
    await page.getByRole('link', {name: 'View All Articles'}).first().click();
    await expect(page.getByRole('heading', {name: 'Unexpected Application Error!'})).toBeVisible();
    await expect(
      page.getByRole('heading', {level: 2, name: 'Simulated render failure'}),
    ).toBeVisible();
    await expect(page.getByRole('button', {name: 'Try again'})).toBeVisible();
    // The page may still be prefetching a linked route's chunks through the handler: let those
    // finish before the page closes, or their route.fetch fails outside the test.
    await page.unrouteAll({behavior: 'wait'});
  });
});
