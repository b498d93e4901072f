/**
 * Every page at phone and desktop widths with the browser's text enlarged, as a visitor who raises
 * the text size sees it (WCAG 1.4.4 Resize Text, 1.4.10 Reflow): nothing scrolls sideways, no text
 * is squeezed into a narrow column, headings keep their words whole and nothing outgrows the
 * title, body text hyphenates where a line holds few characters, and the header's items neither
 * overlap nor leave the screen.
 * The suite renders with DejaVu only (the widest common fallback face; see tests/fonts), so the
 * verdict is the same on every machine. Runs in the phone project only (playwright.config.ts): it
 * sets the widths itself.
 */
import type {Page} from '@playwright/test';
import {EVERY_PAGE, NOT_FOUND_CONSOLE, expect, expectFirstResult, open, test} from './fixtures';
import {cutOffContent} from './journeys';
import {bodyTextSize, setTextSize} from './text-size';

/** Phones, then where an article's contents column appears beside it (and, before, did not fit). */
const WIDTHS = [320, 360, 390, 1100, 1440] as const;
/** Text size in percent of the default (16 px body, 13 px monospace). */
const TEXT_SIZES = [100, 130, 200] as const;

interface Box {
  name: string;
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The header's brand, links and search box, as laid out now. */
function headerBoxes(page: Page): Promise<Box[]> {
  return page.evaluate(() => {
    const header = document.querySelector('header');
    if (!header) throw new Error('no header');
    const items = Array.from(header.querySelectorAll('a, input'));
    return items.map((item) => {
      const {left, right, top, bottom} = item.getBoundingClientRect();
      const name = item.textContent.trim() || (item.getAttribute('aria-label') ?? item.tagName);
      return {name, left, right, top, bottom};
    });
  });
}

/**
 * Paragraphs, list items and captions squeezed narrower than 12 of their own em (about 24
 * characters a line) where the screen has room for more: a layout that kept its columns, gutters
 * or padding while the text grew. Only the width of the screen itself excuses it (55 % of it).
 */
function squeezedText(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.body.querySelectorAll('p, li, dd, figcaption')).flatMap((element) => {
      const text = element.textContent.trim();
      const {width} = element.getBoundingClientRect();
      const em = Number.parseFloat(getComputedStyle(element).fontSize);
      const room = Math.min(12 * em, 0.55 * document.documentElement.clientWidth);
      return text.length >= 40 && width > 0 && width < room
        ? [`${Math.round(width)} px of ${Math.round(room)}: "${text.slice(0, 40)}"`]
        : [];
    }),
  );
}

/**
 * Words of headings split over two lines although they would fit on one at the size of the body
 * text: a heading grown too large for its column ("Translat / or"). A word too long even at that
 * size breaks, as it would in a paragraph. Hyphens, slashes and Chinese characters are places a
 * line may break, so they end a word here.
 */
function brokenHeadingWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const body = Number.parseFloat(getComputedStyle(document.body).fontSize);
    return Array.from(document.body.querySelectorAll('h1, h2, h3, h4')).flatMap((heading) => {
      const size = Number.parseFloat(getComputedStyle(heading).fontSize);
      const column = heading.getBoundingClientRect().width;
      const walker = document.createTreeWalker(heading, NodeFilter.SHOW_TEXT);
      const broken: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.textContent?.matchAll(/[^\s/\u2010-\u2015\u2e80-\u9fff-]+/g) ??
          []) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const rects = Array.from(range.getClientRects());
          const width = rects.reduce((sum, rect) => sum + rect.width, 0);
          const lines = new Set(rects.map((rect) => Math.round(rect.top)));
          if (lines.size > 1 && (width * body) / size <= column) {
            broken.push(`"${word[0]}" at ${size} px in ${Math.round(column)} px`);
          }
        }
      }
      return broken;
    });
  });
}

/**
 * Text set larger than the page's title: a lead, a link or a section heading that kept its size
 * while the title was held to the width of the screen. The not-found page's large "404" is
 * hidden from assistive technology and left out.
 */
function textOutgrowingTitle(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const title = document.querySelector('h1');
    if (!title) return ['no h1'];
    const limit = Number.parseFloat(getComputedStyle(title).fontSize) + 0.5;
    const found = new Set<string>();
    const main = document.querySelector('main') ?? document.body;
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      const text = node.textContent?.trim();
      if (!element || !text || element.closest('[aria-hidden="true"]')) continue;
      const size = Number.parseFloat(getComputedStyle(element).fontSize);
      if (size > limit && element.getClientRects().length > 0) {
        found.add(`${element.tagName} at ${size} px: "${text.slice(0, 30)}"`);
      }
    }
    return [...found];
  });
}

function overlaps(a: Box, b: Box): boolean {
  return (
    a.left < b.right - 0.5 &&
    b.left < a.right - 0.5 &&
    a.top < b.bottom - 0.5 &&
    b.top < a.bottom - 0.5
  );
}

// The page a visitor offline gets for a page not saved is in no sitemap.
for (const route of [...EVERY_PAGE, '/offline']) {
  test(`${route} reflows at 320–1440 px with text at 100%, 130% and 200%`, async ({
    page,
    watch,
  }) => {
    watch.expectErrors(NOT_FOUND_CONSOLE);
    for (const textSize of TEXT_SIZES) {
      await page.setViewportSize({width: WIDTHS[0], height: 640});
      await setTextSize(page, textSize);
      await open(page, route);
      for (const width of WIDTHS) {
        await page.setViewportSize({width, height: 640});
        const where = `${route} at ${width} px, text ${textSize}%`;
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${where}: page width`).toBe(width);
        expect(await page.evaluate(cutOffContent), `${where}: content cut off`).toEqual([]);
        expect(await squeezedText(page), `${where}: text squeezed`).toEqual([]);
        expect(await brokenHeadingWords(page), `${where}: heading words broken`).toEqual([]);
        expect(await textOutgrowingTitle(page), `${where}: larger than the title`).toEqual([]);
        // Below 20 em a line holds a couple of dozen characters. Debian's Chromium hyphenates
        // nothing (it has no dictionaries), so this checks the rule rather than the hyphens.
        const hyphens = await page.evaluate(() => getComputedStyle(document.body).hyphens);
        const narrow = width < 20 * bodyTextSize(textSize);
        expect(hyphens, `${where}: body text hyphenates`).toBe(narrow ? 'auto' : 'manual');
        const boxes = await headerBoxes(page);
        for (const box of boxes) {
          expect(box.left, `${where}: "${box.name}" starts on screen`).toBeGreaterThanOrEqual(0);
          expect(box.right, `${where}: "${box.name}" ends on screen`).toBeLessThanOrEqual(width);
        }
        for (const [index, a] of boxes.entries()) {
          for (const b of boxes.slice(index + 1)) {
            expect(overlaps(a, b), `${where}: "${a.name}" overlaps "${b.name}"`).toBe(false);
          }
        }
      }
    }
  });
}

test('search results keep their text inside their rows at 320 px with text at 200%', async ({
  page,
}) => {
  await page.setViewportSize({width: WIDTHS[0], height: 640});
  await setTextSize(page, 200);
  await open(page, '/blog/gotcha-vs-rest');
  await expectFirstResult(page, 'alipy', /Alipay/);
  const rows = page.getByRole('banner').getByRole('option');
  for (const row of await rows.all()) {
    // A row no taller than its text would draw that text over the next row.
    const spill = await row.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return [...element.querySelectorAll('span')]
        .map((span) => span.getBoundingClientRect())
        .filter((inner) => inner.top < box.top - 0.5 || inner.bottom > box.bottom + 0.5).length;
    });
    expect(spill, `"${await row.innerText()}" spills out of its row`).toBe(0);
  }
});
