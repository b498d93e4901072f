/**
 * What a reader's journeys must show, whichever browser drives them: the Chromium suite
 * (Playwright, tests/e2e) and the WebKit suite (WebDriver, tests/webkit) both check these. No
 * browser library here: the in-page checks are plain functions each driver runs in the page.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {searchDocument} from '../../build-steps/search';
import {sitemapPaths} from '../../scripts/build-files';
import {buildIndex, search} from '../../src/lib/search/engine';
import {toLongDate} from '../../src/lib/dates';
import {firstToEnd} from '../guides';

const BUILD = path.resolve(__dirname, '../../build');

/** Every page of the build: the paths its sitemap lists, and the not-found page. */
export const EVERY_PAGE: readonly string[] = [
  ...sitemapPaths(readFileSync(path.join(BUILD, 'sitemap.xml'), 'utf8')),
  '/this-page-does-not-exist',
];

/** The articles among them: however many the blog holds. */
export const ARTICLE_PAGES = EVERY_PAGE.filter((route) => route.startsWith('/blog/'));

/**
 * What travellers type, in each way the search reads it: Chinese, a slip of the finger, words run
 * together, their own words for the guides'.
 */
const QUERIES = [
  '淘宝',
  '支付宝',
  'bullet train',
  'high speed train',
  'alipy',
  'taobo',
  'taxi',
  'wechatpay',
  'credit card',
  'vpn',
  'bulet train',
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Each query with the title of the guide the search ranks first for it on the built guides,
 * however many there are: the box must list that guide first. Which guide ought to come first is
 * for tests/unit/search-queries.yaml to say.
 */
export const SEARCHES: readonly {query: string; guide: RegExp}[] = (() => {
  const index = buildIndex(
    ARTICLE_PAGES.map((route) =>
      searchDocument(readFileSync(path.join(BUILD, `${route}.html`), 'utf8'), route),
    ),
  );
  return QUERIES.map((query) => {
    const [first] = search(index, query);
    if (!first) throw new Error(`No guide answers "${query}": ask the search something else`);
    return {query, guide: new RegExp(escapeRegExp(first.document.title))};
  });
})();

/** "Save all guides" once every guide is saved: all of them, and a size that is not nothing. */
export const ALL_SAVED = new RegExp(
  `^All ${ARTICLE_PAGES.length} guides are saved on this device \\([1-9]\\d* KB\\)\\.$`,
);

/** The sign-up's thanks on a build with a product coming soon. */
export const WAITLIST_THANKS = "Thanks for joining our waitlist! We'll keep you updated.";

const firstEnding = firstToEnd();

/** A guide with facts marked to end (`<Expires>`): the one whose first such fact ends first. */
export const EXPIRING_GUIDE = `/blog/${firstEnding.guide.slug}`;

/** The last day of the first fact that guide marks to end (YYYY-MM-DD). */
export function expiringGuideLastDay(): string {
  return firstEnding.lastDay;
}

/** The note beside a fact, and the notice under the title, once the fact's last day is past. */
export function endedNotes(lastDay: string): {fact: string; guide: string} {
  const day = toLongDate(new Date(lastDay));
  return {
    fact: `(This was announced to end on ${day}: check whether it has been extended before you rely on it.)`,
    guide: `Some rules in this guide were announced to end on ${day}; check whether they have been extended before you rely on them.`,
  };
}

/**
 * Run in the page: text, images and controls that reach past either edge of the screen, outside
 * any box that scrolls sideways on purpose (code blocks, wide tables): content a visitor cannot
 * see or reach. Self-contained, as a driver sends its source to the page.
 */
export function cutOffContent(): string[] {
  const width = document.documentElement.clientWidth;
  const scrollsSideways = (element: Element | null): boolean => {
    for (let at = element; at && at !== document.body; at = at.parentElement) {
      if (['auto', 'scroll'].includes(getComputedStyle(at).overflowX)) return true;
    }
    return false;
  };
  // Partly off screen; a box wholly off screen is hidden on purpose (the skip link until focus).
  const offScreen = (rects: ArrayLike<DOMRect>) =>
    Array.from(rects).some(
      (rect) =>
        rect.width > 0 &&
        rect.height > 1 &&
        ((rect.right > width + 1 && rect.left < width) || (rect.left < -1 && rect.right > 0)),
    );
  const found: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent?.trim();
    if (!text || scrollsSideways(node.parentElement)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    if (offScreen(range.getClientRects())) found.push(`text "${text.slice(0, 40)}"`);
  }
  for (const element of Array.from(document.body.querySelectorAll('img, svg, input, button'))) {
    if (!scrollsSideways(element) && offScreen([element.getBoundingClientRect()])) {
      found.push(element.outerHTML.slice(0, 80));
    }
  }
  return found;
}
