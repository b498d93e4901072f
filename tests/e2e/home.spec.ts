import {products} from '../../src/data/products';
import {site} from '../../src/data/site';
import type {Page} from '@playwright/test';
import {expect, open, openHydrated, test} from './fixtures';
import {meta, rawPage} from './crawler';

/**
 * Every position the page scrolls through from now until that scroll ends: a smooth scroll passes
 * through several, a jump lands on one, however slowly this machine samples it. Call before the
 * action that scrolls; the returned function waits for the scroll's end.
 */
async function recordNextScroll(page: Page): Promise<() => Promise<number[]>> {
  await page.evaluate(() => {
    const positions: number[] = [];
    const ended = new Promise((resolve) => addEventListener('scrollend', resolve, {once: true}));
    addEventListener('scroll', () => positions.push(window.scrollY), {passive: true});
    Object.assign(window, {nextScroll: {positions, ended}});
  });
  return () =>
    page.evaluate(async () => {
      const {positions, ended} = (
        window as unknown as {nextScroll: {positions: number[]; ended: Promise<unknown>}}
      ).nextScroll;
      await ended;
      return positions;
    });
}

/** The positions went from `start` to where the page now is, through at least one in between. */
async function expectGlided(page: Page, positions: number[], start: number): Promise<void> {
  const final = await page.evaluate(() => window.scrollY);
  expect(final).toBeGreaterThan(start);
  expect(positions.at(-1)).toBe(final);
  expect(positions.some((y) => y > start && y < final)).toBe(true);
}

test.describe('home page hero', () => {
  test('says "Empowering Your Life with AI" and describes the company', async ({page}) => {
    await open(page, '/');
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Empowering Your Life with AI');
    await expect(page.locator('#about')).toContainText(
      /innovative AI-powered solutions that enhance productivity and streamline communication/,
    );
  });

  test('its title and description say what the site offers, not the hero slogan', async ({
    request,
  }) => {
    const $ = await rawPage(request, '/');
    const title = $('title').text();
    const description = meta($, 'description') ?? '';
    expect(title).toBe(`Screen Translator and Trip Planner for China | ${site.companyName}`);
    expect(description).toMatch(/iPhone app .* Chinese apps .* in English/);
    expect(description).toMatch(/Trip Planner website/);
    expect(description).toMatch(/guides to travelling and living in China/);
    for (const text of [title, description, meta($, 'og:title'), meta($, 'og:description')])
      expect(text).not.toMatch(/Empowering Your Life with AI|innovative AI-powered solutions/);
  });

  test('the products section introduces one app and one website', async ({page}) => {
    await open(page, '/');
    const intro = page.locator('#products').getByText(/^An iPhone app for reading Chinese apps/);
    await expect(intro).toContainText('a website that plans your trip');
    await expect(page.locator('#products')).not.toContainText('Two apps');
  });

  test('"Explore Our Products" scrolls smoothly to the products section', async ({page}) => {
    await open(page, '/');
    const scrolled = await recordNextScroll(page);
    await page.getByRole('link', {name: 'Explore Our Products'}).click();
    await expectGlided(page, await scrolled(), 0);
    await expect(page.getByRole('heading', {name: 'Flagship Products'})).toBeInViewport();
    await expect(page).toHaveURL('/#products');
  });

  test('with reduced motion, the products button jumps straight to the section', async ({page}) => {
    await page.emulateMedia({reducedMotion: 'reduce'});
    await open(page, '/');
    await page.getByRole('link', {name: 'Explore Our Products'}).click();
    // The section lands just below the sticky header, however tall the header is.
    const {top, headerBottom} = await page.evaluate(() => ({
      top: document.getElementById('products')!.getBoundingClientRect().top,
      headerBottom: document.querySelector('header')!.getBoundingClientRect().bottom,
    }));
    expect(top).toBeGreaterThanOrEqual(headerBottom);
    expect(top - headerBottom).toBeLessThan(40);
  });

  test('the header Products button scrolls to the section on the home page', async ({page}) => {
    await open(page, '/');
    await page.getByRole('banner').getByRole('link', {name: 'Products'}).click();
    await expect(page.getByRole('heading', {name: 'Flagship Products'})).toBeInViewport();
    await expect(page).toHaveURL('/#products');
  });
});

test.describe('hash in the URL', () => {
  // On arrival the browser may place the page at the section before its first paint (a loaded
  // machine parses the whole page first), with nothing shown to glide from: only the landing is
  // certain. Once the page is shown, a new hash glides (below).
  for (const [hash, heading] of [
    ['products', 'Flagship Products'],
    ['blogs', 'From Our Blog'],
  ] as const) {
    test(`/#${hash} opens at that section`, async ({page}) => {
      await open(page, `/#${hash}`);
      await expect(page.getByRole('heading', {name: heading})).toBeInViewport();
    });
  }

  test('a hash change on the home page glides to that section', async ({page}) => {
    await open(page, '/');
    const scrolled = await recordNextScroll(page);
    await page.evaluate(() => {
      window.location.hash = 'blogs';
    });
    await expectGlided(page, await scrolled(), 0);
    await expect(page.getByRole('heading', {name: 'From Our Blog'})).toBeInViewport();
  });

  test('with reduced motion, a hash change jumps to that section', async ({page}) => {
    await page.emulateMedia({reducedMotion: 'reduce'});
    await open(page, '/');
    const scrolled = await recordNextScroll(page);
    await page.evaluate(() => {
      window.location.hash = 'blogs';
    });
    const positions = await scrolled();
    await expect(page.getByRole('heading', {name: 'From Our Blog'})).toBeInViewport();
    // A glide from the top would pass through the first half of the way; a jump lands at the
    // section (and again, should the page's layout still move it).
    const final = await page.evaluate(() => window.scrollY);
    expect(positions.filter((y) => y < final / 2)).toEqual([]);
  });

  test('once the framework runs, the next page opens at its top at once', async ({page}) => {
    await openHydrated(page, '/');
    // Down to the blog teaser, and that scroll's events over, before the one that counts.
    const settled = await recordNextScroll(page);
    await page.evaluate(() =>
      document.getElementById('blogs')?.scrollIntoView({behavior: 'instant'}),
    );
    await settled();
    const from = await page.evaluate(() => window.scrollY);
    const scrolled = await recordNextScroll(page);
    await page.locator('#blogs').getByRole('link', {name: 'View All Articles'}).first().click();
    await expect(page).toHaveURL('/blogs');
    expect(from).toBeGreaterThan(0);
    const positions = await scrolled();
    expect(positions.at(-1)).toBe(0);
    expect(positions.filter((y) => y > 0 && y < from)).toEqual([]);
  });
});

test.describe('flagship products', () => {
  test('lists each live product in order with a title link, description and three bullets', async ({
    page,
  }) => {
    await open(page, '/');
    const cards = page.locator('#products article');
    await expect(cards).toHaveCount(products.length);
    for (const [index, product] of products.entries()) {
      const card = cards.nth(index);
      await expect(card.getByRole('heading', {level: 3})).toHaveText(product.title);
      await expect(card.getByRole('link', {name: product.title, exact: true})).toHaveAttribute(
        'href',
        product.link,
      );
      await expect(card.getByText(product.description)).toBeVisible();
      await expect(card.getByRole('listitem')).toHaveText([...product.features]);
      await expect(card.getByRole('img', {name: product.image!.alt})).toBeVisible();
      await expect(card.getByRole('link', {name: 'How it handles your data'})).toHaveAttribute(
        'href',
        product.privacyPath,
      );
    }
  });

  test('alternates the image left then right on wide screens and stacks it on phones', async ({
    page,
  }, testInfo) => {
    await open(page, '/');
    const layout = await page.locator('#products article').evaluateAll((cards) =>
      cards.map((card) => {
        const image = card.querySelector('img')!.getBoundingClientRect();
        const title = card.querySelector('h3')!.getBoundingClientRect();
        return {
          imageLeft: image.left,
          imageBottom: image.bottom,
          titleLeft: title.left,
          titleTop: title.top,
        };
      }),
    );
    if (testInfo.project.name === 'desktop') {
      expect(layout[0]!.imageLeft).toBeLessThan(layout[0]!.titleLeft);
      expect(layout[1]!.imageLeft).toBeGreaterThan(layout[1]!.titleLeft);
    } else {
      for (const card of layout) expect(card.imageBottom).toBeLessThanOrEqual(card.titleTop);
    }
  });

  test('only the first product has the App Store badge, opening the store in a new tab', async ({
    page,
  }) => {
    await open(page, '/');
    const cards = page.locator('#products article');
    const badge = cards.nth(0).getByRole('link', {name: /Download .* on the App Store/});
    await expect(badge).toHaveAttribute('href', site.appStoreUrl);
    await expect(badge).toHaveAttribute('target', '_blank');
    await expect(badge).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(cards.nth(1).getByRole('link', {name: /App Store/})).toHaveCount(0);
  });

  test('shows no waitlist form while every product is live', async ({page}) => {
    await open(page, '/');
    await expect(page.getByRole('textbox', {name: /e-?mail/i})).toHaveCount(0);
  });
});
