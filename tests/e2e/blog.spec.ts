import path from 'node:path';
import type {Locator} from '@playwright/test';
import {BLOG_GROUPS, OTHER_GUIDES} from '../../src/data/blog-groups';
import {TRANSLATOR_DEMO_PATH, site} from '../../src/data/site';
import {createArticles} from '../../plugins/articles';
import {reviewsOf, type Review} from '../../src/lib/changes';
import {chinaDay, toDisplayDate, toLongDate} from '../../src/lib/dates';
import {
  SEARCHES,
  axeViolations,
  expect,
  expectFirstResult,
  open,
  searchTaobao,
  test,
} from './fixtures';
import {pngSize, sitemapPaths} from '../../scripts/build-files';
import {meta, rawPage, structuredData} from './crawler';

/** The spec's blog index: each slug and its date, newest first (SPEC §3 "Index order and dates"). */
const INDEX = [
  ['china-best-travel-destination-2025', '2025/10/16'],
  ['china-social-credit', '2025/06/22'],
  ['china-different-world', '2025/06/22'],
  ['taobao-guide', '2025/06/17'],
  ['gotcha-vs-rest', '2025/06/14'],
  ['essential-apps-china-2025', '2025/06/13'],
] as const;

/**
 * The App Store badge as drawn, never squeezed by the text beside it: Apple's artwork (119.66 ×
 * 40) at 50 px high, in its own proportions.
 */
const BADGE_SIZE = {width: expect.closeTo((50 * 119.66407) / 40, 1), height: 50};

/** How many of the newest cards the home page shows (TEASER_SIZE in its BlogTeaser). */
const TEASER_SIZE = 6;

/**
 * Every article in blog/, the spec's six and any a writer adds since, from its front matter: the
 * slug, the date as cards show it, the day its facts were last checked (`last_update.date`),
 * that review's lines in `changes` and the heading /blogs lists it under (its `group`'s).
 */
const ARTICLES = createArticles({
  siteDir: path.resolve(__dirname, '../..'),
  today: chinaDay(new Date()),
})
  .all()
  .map(({file, article}) => {
    if (article === undefined) throw new Error(`${file} does not pass npm run check-content`);
    const {slug, date, last_update: review, changes, group} = article.frontMatter;
    const [latest] = reviewsOf(changes);
    if (latest === undefined) throw new Error(`${file}: no changes`);
    return {
      slug,
      date: toDisplayDate(date),
      reviewed: review.date,
      latest,
      group: BLOG_GROUPS.find(({id}) => id === group)?.heading ?? OTHER_GUIDES,
    };
  });

/** Each card's article slug and the date it shows, in the page's order. */
function cardList(cards: Locator): Promise<(readonly [string, string])[]> {
  return cards.evaluateAll((articles) =>
    articles.map((article) => {
      const href = article.querySelector('a')?.getAttribute('href') ?? '';
      return [
        href.replace(/^\/blog\//, ''),
        article.querySelector('time')?.textContent ?? '',
      ] as const;
    }),
  );
}

test.describe('blog index at /blogs', () => {
  test("has a way home, a heading, an intro and every article's card under its group's heading, in the index's order", async ({
    page,
    request,
  }) => {
    await open(page, '/blogs');
    const main = page.getByRole('main');
    await expect(page.getByRole('heading', {level: 1})).toHaveCount(1);
    await expect(page.getByRole('heading', {level: 1})).toHaveText('Travel and Life in China');
    await expect(page.getByText(/Each guide says when we last checked its facts/)).toBeVisible();
    const cards = main.getByRole('article');
    await expect(cards).toHaveCount(ARTICLES.length);
    // The groups' headings come first among the page's, in their order; an article that names
    // no group is listed last, under its own heading.
    const groups = [...BLOG_GROUPS.map(({heading}) => heading), OTHER_GUIDES].filter((heading) =>
      ARTICLES.some(({group}) => group === heading),
    );
    expect(groups.length).toBeGreaterThan(1);
    const headings = await main.getByRole('heading', {level: 2}).allTextContents();
    expect(headings.slice(0, groups.length)).toEqual(groups);
    for (const heading of groups) {
      const region = main.getByRole('region', {name: heading});
      const listed = await cardList(region.getByRole('article'));
      const slugs = listed.map(([slug]) => slug);
      expect([...slugs].sort()).toEqual(
        ARTICLES.filter(({group}) => group === heading)
          .map(({slug}) => slug)
          .sort(),
      );
      // Newest first, the spec's articles in the index's order, each title a level below.
      const dates = listed.map(([, date]) => date);
      expect(dates).toEqual([...dates].sort().reverse());
      expect(listed.filter(([slug]) => INDEX.some(([inSpec]) => inSpec === slug))).toEqual(
        INDEX.filter(([inSpec]) => slugs.includes(inSpec)),
      );
      await expect(region.getByRole('heading', {level: 3})).toHaveCount(listed.length);
    }
    const listed = await cardList(cards);
    expect(listed).toEqual(
      expect.arrayContaining(ARTICLES.map(({slug, date}) => [slug, date] as const)),
    );
    for (const [index, [slug]] of listed.entries()) {
      const card = cards.nth(index);
      // The article's own hero file: the build ships each hero once.
      const article = await rawPage(request, `/blog/${slug}`);
      const hero = article('article header img').attr('src')!;
      await expect(card.locator('img')).toHaveAttribute('src', hero);
      // The day its facts were last checked, and its excerpt.
      const {reviewed} = ARTICLES.find((entry) => entry.slug === slug)!;
      await expect(card.getByText(`Updated ${toLongDate(new Date(reviewed))}`)).toBeVisible();
      await expect(card.locator('p').last()).not.toBeEmpty();
    }
    await page.getByRole('link', {name: 'Back to Home'}).click();
    await expect(page).toHaveURL('/');
  });

  test('opens an article from a tap anywhere on its card', async ({page}) => {
    await open(page, '/blogs');
    // Tap on the picture, away from the title text.
    await page
      .getByRole('main')
      .getByRole('article')
      .filter({has: page.locator('a[href="/blog/taobao-guide"]')})
      .click({position: {x: 24, y: 24}});
    await expect(page).toHaveURL('/blog/taobao-guide');
    await expect(page.getByRole('heading', {level: 1})).toContainText('Taobao');
  });

  test('ends with the download call to action, its badge at full size', async ({page}) => {
    await open(page, '/blogs');
    const cta = page.getByRole('complementary', {name: 'Download Gotcha Screen Translator'});
    const badge = cta.getByRole('link', {name: /App Store/});
    await expect(badge).toHaveAttribute('target', '_blank');
    expect(await badge.getByRole('img').boundingBox()).toMatchObject(BADGE_SIZE);
  });

  test('opens scrolled to the top', async ({page}) => {
    await open(page, '/');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole('link', {name: 'View All Articles'}).last().click();
    await expect(page).toHaveURL('/blogs');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('carries its own title, description and sharing tags in the raw HTML', async ({request}) => {
    const $ = await rawPage(request, '/blogs');
    expect($('title').text()).toBe(`Blog: Travel and Life in China | ${site.companyName}`);
    expect(meta($, 'description')).toMatch(/Guides for English speakers in China/);
    expect(meta($, 'og:title')).toBe($('title').text());
    expect(meta($, 'og:image')).toMatch(/^https?:\/\/.+\/img\/social\/blogs\.png$/);
  });

  test('the blog plugin’s own list at /blog redirects to /blogs', async ({page, request}) => {
    const response = await request.get('/blog', {maxRedirects: 0});
    expect(response.status()).toBe(301);
    expect(response.headers().location).toBe('/blogs');
    await page.goto('/blog.html');
    await expect(page).toHaveURL('/blogs');
  });
});

test.describe('home page blog teaser', () => {
  test('shows the six newest cards of /blogs and two View All Articles buttons to it', async ({
    page,
  }) => {
    await open(page, '/blogs');
    const all = await cardList(page.getByRole('main').getByRole('article'));
    await open(page, '/');
    const teaser = page.locator('#blogs');
    await expect(teaser.getByRole('heading', {level: 2})).toHaveText('From Our Blog');
    const cards = teaser.getByRole('article');
    await expect(cards).toHaveCount(Math.min(TEASER_SIZE, ARTICLES.length));
    // The newest six of /blogs' cards, newest first, in one list: not in /blogs' groups.
    const shown = await cardList(cards);
    const dates = shown.map(([, date]) => date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(all).toEqual(expect.arrayContaining(shown));
    const older = all.filter((card) => !shown.some(([slug]) => slug === card[0]));
    expect(older.every(([, date]) => date <= (dates.at(-1) ?? ''))).toBe(true);
    expect(shown.filter(([slug]) => INDEX.some(([inSpec]) => inSpec === slug))).toEqual(
      INDEX.filter(([inSpec]) => shown.some(([slug]) => slug === inSpec)),
    );
    const viewAll = teaser.getByRole('link', {name: 'View All Articles'});
    await expect(viewAll).toHaveCount(2);
    for (const link of await viewAll.all()) await expect(link).toHaveAttribute('href', '/blogs');
  });
});

test.describe('article pages', () => {
  test('have a round back arrow at the top left and a Back button at the bottom right', async ({
    page,
  }, testInfo) => {
    await open(page, '/blog/taobao-guide');
    const arrow = page.getByRole('link', {name: 'Back to home'});
    const back = page.getByRole('link', {name: 'Back', exact: true});
    const arrowBox = (await arrow.boundingBox())!;
    const backBox = (await back.boundingBox())!;
    const width = testInfo.project.use.viewport!.width;
    expect(arrowBox.x).toBeLessThan(width / 2);
    expect(backBox.x + backBox.width).toBeGreaterThan(width / 2);
    expect(backBox.y).toBeGreaterThan(arrowBox.y);
    expect(Math.abs(arrowBox.width - arrowBox.height)).toBeLessThan(1);
    await back.click();
    await expect(page).toHaveURL('/');
    await open(page, '/blog/taobao-guide');
    await page.getByRole('link', {name: 'Back to home'}).click();
    await expect(page).toHaveURL('/');
  });

  test('show the hero image, title, date, headed sections and the App Store badge last', async ({
    page,
  }) => {
    await open(page, '/blog/essential-apps-china-2025');
    const article = page.getByRole('article');
    await expect(article.getByRole('heading', {level: 1})).toContainText('Essential Apps');
    await expect(article.locator('header time').first()).toHaveText('2025/06/13');
    await expect(article.locator('header img')).toHaveAttribute('alt', /app icons/);
    const sections = await article.getByRole('heading', {level: 2}).allTextContents();
    for (const topic of [
      'Navigation',
      'Ride-Hailing',
      'Payments',
      'Translator',
      'VPN and SIM',
      'Booking',
      'Messaging',
      'Final Tips',
    ]) {
      expect(
        sections.some((heading) => heading.toLowerCase().includes(topic.toLowerCase())),
        topic,
      ).toBe(true);
    }
    const badge = article.getByRole('link', {name: /on the App Store/});
    await expect(badge).toHaveAttribute('href', site.appStoreUrl);
    await expect(badge).toHaveAttribute('target', '_blank');
    await expect(badge).toHaveAttribute('rel', 'noopener noreferrer');
    expect(await badge.getByRole('img').boundingBox()).toMatchObject(BADGE_SIZE);
  });

  test('the comparison article has Smart Layout, three Meituan screens, AI Translate and Watch Demo', async ({
    page,
  }) => {
    await open(page, '/blog/gotcha-vs-rest');
    const headings = await page.getByRole('heading', {level: 2}).allTextContents();
    const order = ['Smart Layout', 'Meituan', 'AI Translate'].map((part) =>
      headings.findIndex((heading) => heading.toLowerCase().includes(part.toLowerCase())),
    );
    expect(order.every((position) => position >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    const screens = page.locator('.screen-comparison img');
    await expect(screens).toHaveCount(3);
    for (const screen of await screens.all()) {
      await expect(screen).toHaveAttribute('alt', /Meituan/);
      await screen.scrollIntoViewIfNeeded();
      await expect
        .poll(() => screen.evaluate((image: HTMLImageElement) => image.naturalWidth))
        .toBeGreaterThan(0);
    }
    const demo = page.getByRole('link', {name: 'Watch Demo'});
    await expect(demo).toHaveAttribute('href', TRANSLATOR_DEMO_PATH);
    await expect(demo).toHaveAttribute('target', '_blank');
    await expect(demo).toHaveAttribute('rel', 'noopener noreferrer');
  });

  test('open every external link in a new tab with noopener noreferrer', async ({page}) => {
    let checked = 0;
    for (const {slug} of ARTICLES) {
      await open(page, `/blog/${slug}`);
      const external = page.locator('main a[href^="http"]');
      checked += await external.count();
      for (const link of await external.all()) {
        await expect(link).toHaveAttribute('target', '_blank');
        await expect(link).toHaveAttribute('rel', /noopener noreferrer|noreferrer noopener/);
      }
    }
    expect(checked).toBeGreaterThan(0);
  });

  test('carry title, description, canonical URL, a 1200×630 card and BlogPosting data in the raw HTML', async ({
    request,
  }) => {
    for (const {slug, date} of ARTICLES) {
      const $ = await rawPage(request, `/blog/${slug}`);
      const title = $('title').text();
      expect(title).toMatch(new RegExp(` \\| ${site.companyName} Blog$`));
      expect(title.length).toBeGreaterThan(` | ${site.companyName} Blog`.length + 10);
      expect(meta($, 'description')?.length).toBeGreaterThan(50);
      expect(meta($, 'og:description')).toBe(meta($, 'description'));
      const canonical = $('link[rel="canonical"]').attr('href')!;
      expect(canonical).toMatch(new RegExp(`^https?://[^/]+/blog/${slug}$`));
      const image = meta($, 'og:image')!;
      expect(image).toBe(`${new URL(canonical).origin}/img/social/blog/${slug}.png`);
      expect(meta($, 'twitter:image')).toBe(image);
      const png = await request.get(new URL(image).pathname);
      expect(png.headers()['content-type']).toBe('image/png');
      expect(pngSize(await png.body())).toEqual({width: 1200, height: 630});
      const posting = structuredData($).find((data) => data['@type'] === 'BlogPosting')!;
      expect(posting.headline).toBe(title.replace(/ \| .*$/, ''));
      expect(posting.url).toBe(canonical);
      expect(String(posting.datePublished)).toContain(date.replaceAll('/', '-'));
      expect(structuredData($).some((data) => data['@type'] === 'BreadcrumbList')).toBe(true);
    }
  });
});

test.describe('what a reader of a long guide expects', () => {
  test('every article gives its reading time and, under the date, the day it was last reviewed', async ({
    page,
  }) => {
    for (const {slug, date, reviewed} of ARTICLES) {
      await open(page, `/blog/${slug}`);
      const header = page.getByRole('article').locator('header');
      await expect(header.getByText(/^\d+ min read$|· \d+ min read/)).toBeVisible();
      const published = header.getByText(date, {exact: true});
      const updated = header.getByText(`Updated ${toLongDate(new Date(`${reviewed}T00:00:00Z`))}`, {
        exact: true,
      });
      await expect(updated).toBeVisible();
      expect((await updated.boundingBox())!.y).toBeGreaterThan((await published.boundingBox())!.y);
    }
  });

  test('every article says what its latest review changed, closed between its dates and its sections', async ({
    page,
  }) => {
    for (const {slug, latest} of ARTICLES) {
      await open(page, `/blog/${slug}`);
      const summary = page.getByText('What changed since our last check');
      await expect(summary).toContainText(toLongDate(new Date(latest.date)));
      // The latest review's list comes first; older reviews follow it.
      const changes = page
        .getByRole('group')
        .filter({has: summary})
        .getByRole('list')
        .first()
        .getByRole('listitem');
      await expect(changes.first()).toBeHidden();
      await summary.click();
      await expect(changes.first()).toBeVisible();
      expect(await changes.allTextContents()).toEqual(latest.changes);
      // Under the dates, before "On this page" and the first section: in the first screen's bytes.
      const order = await page.evaluate(() => {
        const position = (selector: string) =>
          Array.from(document.querySelectorAll('article *')).indexOf(
            document.querySelector(selector)!,
          );
        return [
          'article header',
          'details:has(ul)',
          'nav[aria-label="On this page"]',
          '.markdown h2',
        ].map(position);
      });
      expect(order).toEqual([...order].sort((a, b) => a - b));
      expect(order.every((index) => index >= 0)).toBe(true);
    }
  });

  test('every article lists its sections under "On this page", and a tap goes to the section', async ({
    page,
  }, testInfo) => {
    const phone = testInfo.project.name === 'phone';
    for (const {slug} of ARTICLES) {
      await open(page, `/blog/${slug}`);
      const contents = page.getByRole('navigation', {name: 'On this page'});
      await expect(contents).toHaveCount(1);
      if (phone) {
        // Collapsed above the text until the reader opens it.
        await expect(contents.getByRole('link')).toHaveCount(0);
        await contents.locator('summary').click();
      }
      const sections = await page
        .getByRole('article')
        .locator('.markdown h2')
        .evaluateAll((headings) => headings.map((heading) => heading.id));
      const links = contents.getByRole('link');
      await expect(links).toHaveCount(sections.length);
      expect(
        await links.evaluateAll((anchors) =>
          anchors.map((a) => new URL((a as HTMLAnchorElement).href).hash.slice(1)),
        ),
      ).toEqual(sections);
      if (slug === ARTICLES[0]?.slug) {
        await links.last().click();
        await expect(page).toHaveURL(new RegExp(`#${sections.at(-1)}$`));
        await expect(page.locator(`[id="${sections.at(-1)}"]`)).toBeInViewport();
      }
    }
  });

  test('every article ends with two or three related guides, then the App Store badge', async ({
    page,
  }) => {
    for (const {slug} of ARTICLES) {
      await open(page, `/blog/${slug}`);
      const related = page.getByRole('region', {name: 'Related guides'});
      const links = related.getByRole('link');
      const count = await links.count();
      expect(count, slug).toBeGreaterThanOrEqual(2);
      expect(count, slug).toBeLessThanOrEqual(3);
      for (const link of await links.all()) {
        const href = await link.getAttribute('href');
        expect(href).toMatch(/^\/blog\/[a-z0-9-]+$/);
        expect(href).not.toBe(`/blog/${slug}`);
      }
      const badge = page.getByRole('article').getByRole('link', {name: /on the App Store/});
      expect((await badge.boundingBox())!.y).toBeGreaterThan((await related.boundingBox())!.y);
    }
    await page.getByRole('region', {name: 'Related guides'}).getByRole('link').first().click();
    await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  });

  test('crawlers read the review date as dateModified, the sitemap’s lastmod and the Atom feed’s updated', async ({
    request,
  }) => {
    const sitemap = await (await request.get('/sitemap.xml')).text();
    const atom = await (await request.get('/blog/atom.xml')).text();
    const rss = await (await request.get('/blog/rss.xml')).text();
    for (const {slug, date, reviewed} of ARTICLES) {
      const $ = await rawPage(request, `/blog/${slug}`);
      const posting = structuredData($).find((data) => data['@type'] === 'BlogPosting')!;
      expect(String(posting.dateModified)).toContain(reviewed);
      expect(String(posting.datePublished)).toContain(date.replaceAll('/', '-'));
      expect(sitemap).toMatch(new RegExp(`/blog/${slug}</loc><lastmod>${reviewed}</lastmod>`));
      const entry = atom.split('<entry>').find((part) => part.includes(`/blog/${slug}</id>`))!;
      expect(entry).toContain(`<updated>${reviewed}T`);
      expect(entry).toContain(`<published>${date.replaceAll('/', '-')}T`);
      // RSS has no field for an update: an item keeps its publication date.
      const item = rss.split('<item>').find((part) => part.includes(`/blog/${slug}</guid>`))!;
      const pubDate = /<pubDate>([^<]+)<\/pubDate>/.exec(item)?.[1];
      expect(new Date(pubDate!).toISOString().slice(0, 10)).toBe(date.replaceAll('/', '-'));
    }
  });

  test('each feed item starts with its latest review’s day and changes, as its page says', async ({
    request,
  }) => {
    const atom = await (await request.get('/blog/atom.xml')).text();
    const rss = await (await request.get('/blog/rss.xml')).text();
    const changesFirst = ({date, changes}: Review) =>
      `<![CDATA[<p><strong>What changed since our last check, ${toLongDate(new Date(date))}:</strong></p><ul>${changes.map((what) => `<li>${what}</li>`).join('')}</ul><p>`;
    for (const {slug, latest} of ARTICLES) {
      const entry = atom.split('<entry>').find((part) => part.includes(`/blog/${slug}</id>`))!;
      expect(entry).toContain(`<content type="html">${changesFirst(latest)}`);
      const item = rss.split('<item>').find((part) => part.includes(`/blog/${slug}</guid>`))!;
      expect(item).toContain(`<content:encoded>${changesFirst(latest)}`);
    }
  });
});

test.describe('with JavaScript off', () => {
  test.use({javaScriptEnabled: false});

  test('what a guide’s latest review changed opens all the same', async ({page}) => {
    const [{slug, latest}] = ARTICLES as [(typeof ARTICLES)[number]];
    await open(page, `/blog/${slug}`);
    await page.getByText('What changed since our last check').click();
    await expect(page.getByRole('listitem').filter({hasText: latest.changes[0]!})).toBeVisible();
  });
});

test.describe('feeds, sitemap and search', () => {
  test('every page links the RSS and Atom feeds, which list every post', async ({request}) => {
    const $ = await rawPage(request, '/gotcha-screen-translator/support');
    expect($('link[rel="alternate"][type="application/rss+xml"]').attr('href')).toBe(
      '/blog/rss.xml',
    );
    expect($('link[rel="alternate"][type="application/atom+xml"]').attr('href')).toBe(
      '/blog/atom.xml',
    );
    for (const feed of ['/blog/rss.xml', '/blog/atom.xml']) {
      const xml = await (await request.get(feed)).text();
      for (const {slug} of ARTICLES) expect(xml, feed).toContain(`/blog/${slug}`);
    }
  });

  test('the sitemap lists exactly the canonical URLs, and robots.txt names it', async ({
    request,
  }) => {
    const xml = await (await request.get('/sitemap.xml')).text();
    const urls = sitemapPaths(xml);
    expect(urls.sort()).toEqual(
      [
        '/',
        '/blogs',
        ...ARTICLES.map(({slug}) => `/blog/${slug}`),
        TRANSLATOR_DEMO_PATH,
        '/gotcha-screen-translator/privacy-policy',
        '/gotcha-screen-translator/support',
        '/gotcha-screen-translator/terms-of-service',
      ].sort(),
    );
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toMatch(/^Sitemap: https?:\/\/.+\/sitemap\.xml$/m);
  });

  test('the header search finds the Taobao guide by a word in its body', async ({page, watch}) => {
    await open(page, '/blogs');
    // A stand-in until the search code loads on first use; the text typed carries over.
    await page.getByRole('banner').getByLabel('Search').click();
    await page.keyboard.type('Taobao', {delay: 20});
    const result = page
      .getByRole('banner')
      .getByText(/How to Use Taobao as a Foreigner/)
      .first();
    await expect(result).toBeVisible();
    await result.click();
    await expect(page).toHaveURL(/\/blog\/taobao-guide/);
    expect(watch.foreignRequests).toEqual([]);
  });

  for (const {query, guide} of SEARCHES) {
    test(`a search for "${query}" lists ${guide.source} first`, async ({page}) => {
      await open(page, '/blogs');
      await expectFirstResult(page, query, guide);
    });
  }

  test('a search no guide answers lists the closest matches under that label', async ({page}) => {
    await open(page, '/blogs');
    const banner = page.getByRole('banner');
    await banner.getByLabel('Search').click();
    await banner.getByLabel('Search').fill('ski resort');
    await expect(banner.getByRole('listbox', {name: 'Closest matches'})).toBeVisible();
    await expect(banner.getByText('Closest matches', {exact: true})).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await banner.getByLabel('Search').fill('taxi');
    await expect(banner.getByRole('listbox', {name: 'Guides'})).toBeVisible();
    await expect(banner.getByText('Closest matches', {exact: true})).toHaveCount(0);
  });

  test.describe('a first search', () => {
    // Requests as the page makes them: a service worker would answer some from its cache.
    test.use({serviceWorkers: 'block'});

    test('fetches one script, the search with the guides’ text, and no framework', async ({
      page,
    }) => {
      await open(page, '/blog/china-different-world');
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
      });
      await searchTaobao(page);
      expect(scripts).toEqual(['/search.js']);
      await expect(page.locator('html[data-has-hydrated="true"]')).toHaveCount(0);
    });
  });
});
