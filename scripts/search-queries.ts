/**
 * What travellers type into the site search, each with the guide and section that answers it:
 * the search's own test (tests/unit/search-queries.test.ts) and a figure of `npm run bench`, both
 * on the built guides. When a guide is rewritten, update its rows here (and add rows for new
 * sections): one row per query, the guide's slug and the section's anchor ('' for the guide's
 * top), or `slug: null` for a query no guide answers, which must find nothing or only the closest
 * matches.
 */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {searchDocument} from '../plugins/search';
import {articlePaths} from '../plugins/blog-summaries/summaries';
import {buildIndex, search} from '../src/lib/search/engine';
import type {SearchDocument} from '../src/lib/search/protocol';
import {sitemapPaths} from './build-files';

export interface SearchQuery {
  query: string;
  slug: string | null;
  anchor: string;
}

const APPS = 'essential-apps-china-2025';
const TRAVEL = 'china-best-travel-destination-2025';
const DAILY = 'china-different-world';
const CREDIT = 'china-social-credit';
const TAOBAO = 'taobao-guide';
const NONE = {slug: null, anchor: ''};

// prettier-ignore
export const SEARCH_QUERIES: readonly SearchQuery[] = [
  // Plain words, and their plurals
  {query: 'taxi', slug: APPS, anchor: 'taxis-出租车'},
  {query: 'taxis', slug: APPS, anchor: 'taxis-出租车'},
  {query: 'didi', slug: APPS, anchor: 'didi-滴滴出行'},
  {query: 'metro', slug: APPS, anchor: 'metro-and-buses'},
  {query: 'cash', slug: APPS, anchor: 'cash'},
  {query: 'esim', slug: APPS, anchor: 'connectivity'},
  {query: 'power bank', slug: APPS, anchor: 'power-banks-on-flights'},
  {query: '12306', slug: APPS, anchor: '12306-for-trains'},
  {query: 'hainan', slug: TRAVEL, anchor: 'hainan-has-its-own-visa-free-list'},
  {query: 'tibet permit', slug: TRAVEL, anchor: 'tibet-needs-a-permit-as-well-as-entry'},
  {query: 'arrival card', slug: TRAVEL, anchor: 'the-online-arrival-card'},
  {query: '240 hour transit', slug: TRAVEL, anchor: 'the-240-hour-visa-free-transit-policy'},
  {query: 'tax refund', slug: TRAVEL, anchor: 'getting-the-tax-back-on-shopping'},
  {query: 'tea scam', slug: DAILY, anchor: 'common-scams-and-how-to-avoid-them'},
  {query: 'tipping', slug: DAILY, anchor: 'everyday-etiquette'},
  {query: 'food delivery', slug: DAILY, anchor: 'delivery-everything-comes-to-you'},
  {query: 'exit ban', slug: CREDIT, anchor: 'exit-bans-the-rule-that-matters-most-to-foreigners'},
  {query: 'sesame credit', slug: CREDIT, anchor: 'the-number-on-the-phone-sesame-credit'},
  {query: 'pinduoduo', slug: TAOBAO, anchor: 'taobao-jd-or-pinduoduo'},
  {query: 'double 11', slug: TAOBAO, anchor: 'big-sale-seasons-618-and-double-11'},
  {query: 'taobao return', slug: TAOBAO, anchor: 'step-10-return-an-item'},
  {query: 'delivery address', slug: TAOBAO, anchor: 'step-3-add-a-delivery-address'},
  {query: 'pickup lockers', slug: TAOBAO, anchor: 'pickup-stations-and-lockers'},
  {query: 'visa application', slug: TRAVEL, anchor: 'how-to-apply-for-a-visa'},
  {query: 'mutual visa exemption', slug: TRAVEL, anchor: 'mutual-visa-exemption'},
  {query: 'public holidays', slug: TRAVEL, anchor: 'public-holidays'},
  {query: 'daily budget', slug: TRAVEL, anchor: 'a-daily-budget'},
  {query: 'hospital', slug: DAILY, anchor: 'clinics-and-hospitals-for-foreigners'},
  {query: 'pharmacy', slug: DAILY, anchor: 'pharmacies-and-your-own-medicine'},
  {query: 'air pollution', slug: DAILY, anchor: 'air-quality'},
  {query: 'embassy', slug: DAILY, anchor: 'reaching-your-embassy'},
  {query: 'xiaohongshu', slug: APPS, anchor: 'discovery-apps'},
  {query: 'payment limits', slug: APPS, anchor: 'limits-and-fees'},
  {query: 'visual intelligence', slug: 'gotcha-vs-rest', anchor: 'apples-visual-intelligence-on-ios-26'},
  // Words run together, and the traveller's words for the guides'
  {query: 'wechatpay', slug: APPS, anchor: 'alipay-支付宝-and-wechat-pay-微信支付'},
  {query: 'alipayhk', slug: APPS, anchor: 'alipay-支付宝-and-wechat-pay-微信支付'},
  {query: 'credit card', slug: APPS, anchor: 'which-cards-each-wallet-takes'},
  {query: 'cab', slug: APPS, anchor: 'taxis-出租车'},
  {query: 'subway', slug: APPS, anchor: 'metro-and-buses'},
  {query: 'bullet train', slug: TRAVEL, anchor: 'getting-around-by-high-speed-train'},
  {query: 'high speed train', slug: TRAVEL, anchor: 'getting-around-by-high-speed-train'},
  // Questions
  {query: 'how do i pay in china', slug: APPS, anchor: 'payments'},
  {query: 'how do I get a SIM card', slug: APPS, anchor: 'a-local-sim'},
  {query: 'do i need cash', slug: TRAVEL, anchor: 'first-cash'},
  {query: 'is google blocked', slug: APPS, anchor: 'the-vpn-rule'},
  {query: 'do hotels register my passport', slug: DAILY, anchor: 'hotels-register-your-passport'},
  {query: 'is china safe', slug: TRAVEL, anchor: 'safe-clean-and-easy-to-explore'},
  {query: 'what number do i call in an emergency', slug: DAILY, anchor: 'emergency-numbers'},
  {query: 'what to eat', slug: TRAVEL, anchor: 'the-food-alone-is-worth-the-trip'},
  {query: 'cruise ship', slug: TRAVEL, anchor: 'cruise-tour-groups'},
  {query: 'port visa', slug: TRAVEL, anchor: 'port-visas'},
  {query: 'which way in is mine', slug: TRAVEL, anchor: 'which-way-in-is-mine'},
  // Typos and half-typed words
  {query: 'alipy', slug: APPS, anchor: 'alipay-支付宝-and-wechat-pay-微信支付'},
  {query: 'taobo', slug: TAOBAO, anchor: 'taobao-jd-or-pinduoduo'},
  {query: 'pasport', slug: TRAVEL, anchor: 'carry-your-passport'},
  {query: 'wechta', slug: APPS, anchor: 'wechat-微信'},
  // Chinese
  {query: '淘宝', slug: TAOBAO, anchor: ''},
  {query: '支付宝', slug: APPS, anchor: 'alipay-支付宝-and-wechat-pay-微信支付'},
  {query: '高铁', slug: TRAVEL, anchor: 'getting-around-by-high-speed-train'},
  {query: '滴滴', slug: APPS, anchor: 'didi-滴滴出行'},
  {query: '微信', slug: APPS, anchor: 'wechat-微信'},
  // No guide answers these
  {query: 'ski resort', ...NONE},
  {query: 'football tickets', ...NONE},
  {query: 'wedding dress', ...NONE},
  {query: 'scuba diving', ...NONE},
  {query: 'xylophone', ...NONE},
];

export interface QueryResult extends SearchQuery {
  /** The first result, as `slug#anchor`, or "nothing" / "closest matches only". */
  got: string;
  right: boolean;
}

/** Each query against the guides, and whether its first result is the expected one. */
export function checkQueries(
  documents: SearchDocument[],
  queries: readonly SearchQuery[] = SEARCH_QUERIES,
): QueryResult[] {
  const index = buildIndex(documents);
  return queries.map((expected) => {
    const [first] = search(index, expected.query);
    const got = !first
      ? 'nothing'
      : `${first.document.url.replace(/^\/blog\//, '')}#${first.section?.id ?? ''}${first.weak ? ' (closest matches only)' : ''}`;
    const right =
      expected.slug === null ? !first || first.weak : got === `${expected.slug}#${expected.anchor}`;
    return {...expected, got, right};
  });
}

/** The share of queries whose first result is right, from 0 to 1. */
export function shareRight(results: readonly QueryResult[]): number {
  return results.filter((result) => result.right).length / Math.max(1, results.length);
}

/** The guides of a build, as its search reads them (the sitemap's articles). */
export async function builtSearchDocuments(buildDir: string): Promise<SearchDocument[]> {
  const sitemap = await readFile(path.join(buildDir, 'sitemap.xml'), 'utf8');
  return Promise.all(
    articlePaths(sitemapPaths(sitemap)).map(async (route) =>
      searchDocument(await readFile(path.join(buildDir, `${route}.html`), 'utf8'), route),
    ),
  );
}
