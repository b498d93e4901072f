/**
 * Every way into mainland China the travel guide describes, and each country's place in them: the
 * one home of these facts. The guide's lists, counts, decision tree and "Which way in is mine?"
 * are written from here, and `<Expires rule="…">` takes a rule's announced end from here, so an
 * extension (or an early end) is one edit to `end`. `validateEntryRules` runs at build time
 * (plugins/freshness) and in `npm run check-content`; each mistake is one line naming the field.
 */

/** When a fact was read: YYYY-MM-DD. */
type Day = string;

interface Source {
  /** Who published it, and where, as the guide names it. */
  title: string;
  /** A few words for a link in a country's row. */
  label: string;
  url: string;
  /** The day it was published or announced. */
  published: Day;
  /** The day we last read it. */
  read: Day;
}

export interface EntryRule {
  id: string;
  name: string;
  /** How long one stay may last, in words. */
  stay: string;
  /** What the stay may be for. */
  purposes: string;
  /** Through which ports, and where the traveller may go. */
  where: string;
  /**
   * The first day it applied (YYYY-MM-DD, or only YYYY-MM or YYYY where the source gives no more);
   * `per-country` where each country's agreement has its own (`routes.since`).
   */
  start: string;
  /** The last day it was announced to apply, or none when no end was announced. */
  end?: Day;
  /** Who announced it, and when. */
  announcement: string;
  source: Source;
  /**
   * A route a country's citizens use (listed on the country), or one open to nearly every
   * passport (described once): the passport answer lists the first, and names the second.
   */
  scope: 'country' | 'everyone' | 'measure';
}

export const CHECKED: Day = '2026-11-28';

/** The report of both visa measures' extension to 31 December 2026. */
const VISA_MEASURES_2026: Source = {
  label: 'VisaHQ, 2 January 2026',
  title: 'VisaHQ, 2 January 2026',
  url: 'https://www.visahq.com/news/2026-01-02/cn/china-extends-reduced-visa-fees-and-fingerprint-waiver-for-short-term-visitors-until-31-december-2026',
  published: '2026-01-02',
  read: CHECKED,
};

const RULE_LIST = [
  {
    id: 'mutual-exemption',
    name: 'Mutual visa exemption',
    stay: 'As long as your country’s agreement allows: check it with the Chinese embassy',
    purposes: 'Visits such as tourism, business and family; not work, study or reporting',
    where: 'Any port open to foreigners',
    start: 'per-country',
    announcement:
      'Treaties between China and each country; Foreign Minister Wang Yi counted 29 in March 2026',
    source: {
      label: 'CCTV News, 8 March 2026',
      title: 'CCTV News, reposted by NetEase (in Chinese)',
      url: 'https://www.163.com/dy/article/KNGHSN31053469LG.html',
      published: '2026-03-08',
      read: CHECKED,
    },
    scope: 'country',
  },
  {
    id: 'one-sided-30-day',
    name: 'One-sided 30-day visa-free scheme',
    stay: 'Up to 30 days',
    purposes: 'Tourism, business, visiting family or friends, exchanges and transit',
    where: 'Any port open to foreigners, ordinary passports only',
    start: '2023-12-01',
    end: '2026-12-31',
    announcement:
      'Foreign Ministry, 3 November 2025, extending it for the countries then covered; the UK and Canada from 17 February 2026',
    source: {
      label: 'Foreign Ministry via Xinhua, 3 November 2025',
      title: 'Xinhua via People’s Daily, 3 November 2025',
      url: 'http://en.people.cn/n3/2025/1104/c90000-20386115.html',
      published: '2025-11-03',
      read: CHECKED,
    },
    scope: 'country',
  },
  {
    id: 'russia-trial',
    name: 'Russia’s one-year visa-free trial',
    stay: 'Up to 30 days',
    purposes: 'Business, tourism, visiting family or friends, exchanges and transit',
    where: 'Any port open to foreigners, ordinary passports only',
    start: '2025-09-15',
    end: '2026-09-14',
    announcement: 'Foreign Ministry spokesperson Guo Jiakun, 2 September 2025',
    source: {
      label: 'Foreign Ministry via People’s Daily, 3 September 2025',
      title: 'People’s Daily, 3 September 2025',
      url: 'http://en.people.cn/n3/2025/0903/c90000-20361819.html',
      published: '2025-09-02',
      read: CHECKED,
    },
    scope: 'country',
  },
  {
    id: '240-hour-transit',
    name: '240-hour visa-free transit',
    stay: 'Up to 240 hours (10 days), counted from 00:00 the day after you arrive',
    purposes: 'Transit to a third country or region, with a confirmed onward ticket',
    where: '65 designated ports; stay within the 24 permitted provinces (not Tibet)',
    start: '2024-12-17',
    announcement:
      'National Immigration Administration, 17 December 2024; five Guangdong ports added on 5 November 2025',
    source: {
      label: 'National Immigration Administration',
      title: 'National Immigration Administration',
      url: 'https://en.nia.gov.cn/n147418/n147463/c183412/content.html',
      published: '2024-12-17',
      read: CHECKED,
    },
    scope: 'country',
  },
  {
    id: 'asean-group',
    name: 'ASEAN tour groups into Xishuangbanna',
    stay: 'Up to 6 days',
    purposes:
      'A group tour of two or more, run by a travel agency in China, entering and leaving together',
    where: 'Gasa airport or the Mohan rail and road ports; Xishuangbanna only',
    start: '2025-02-10',
    announcement: 'National Immigration Administration, 10 February 2025',
    source: {
      label: 'NIA via Xinhua, 10 February 2025',
      title: 'Xinhua via China Daily Hong Kong, 10 February 2025',
      url: 'https://chinadailyhk.com/article/604135',
      published: '2025-02-10',
      read: CHECKED,
    },
    scope: 'country',
  },
  {
    id: 'ordinary-visa',
    name: 'A visa from a Chinese embassy or consulate',
    stay: 'As printed on the visa',
    purposes: 'What the visa type allows (a tourist visa for a holiday)',
    where: 'Any port open to foreigners',
    start: '2013-07-01',
    announcement: 'Exit and Entry Administration Law, in force since 1 July 2013',
    source: {
      label: 'Exit and Entry Administration Law',
      title: 'The law’s text on China Daily’s site',
      url: 'https://subsites.chinadaily.com.cn/guangdong/gdfao/2018-08/21/c_1037375.htm',
      published: '2012-06-30',
      read: CHECKED,
    },
    scope: 'country',
  },
  {
    id: '24-hour-transit',
    name: '24-hour direct transit',
    stay: 'Up to 24 hours, inside the port’s transit area',
    purposes: 'Changing planes to a third country or region on a connecting ticket',
    where: 'International airports; at a growing list you skip border checks',
    start: '2013-07-01',
    announcement:
      'Exit and Entry Administration Law; ten more airports without border checks from 3 November 2025',
    source: {
      label: 'China Daily Hong Kong, 3 November 2025',
      title: 'China Daily Hong Kong, 3 November 2025',
      url: 'https://www.chinadailyhk.com/article/622856',
      published: '2025-11-03',
      read: CHECKED,
    },
    scope: 'everyone',
  },
  {
    id: 'hainan',
    name: 'Hainan’s own visa-free list',
    stay: 'Up to 30 days',
    purposes:
      'Tourism, business, family, medical treatment, exhibitions or sport; not work or study',
    where: 'Hainan’s own ports; Hainan province only',
    start: '2024-02-09',
    announcement: 'National Immigration Administration, 59 countries from 9 February 2024',
    source: {
      label: 'The Diplomatic Insight, 9 February 2024',
      title: 'The Diplomatic Insight, 9 February 2024, reporting the NIA',
      url: 'https://thediplomaticinsight.com/china-expands-visa-free-entry-to-hainan-for-international-visitors/',
      published: '2024-02-09',
      read: CHECKED,
    },
    scope: 'everyone',
  },
  {
    id: 'gba-group',
    name: 'Hong Kong and Macao tour groups into Guangdong',
    stay: 'Up to 144 hours (6 days)',
    purposes: 'A group tour of two or more, run by an agency registered in Hong Kong or Macao',
    where:
      'The nine mainland Greater Bay Area cities and Shantou (Shantou trips enter and leave through Shantou)',
    start: '2000',
    announcement:
      'Guangdong’s 144-hour group visa exemption, introduced in 2000, as the Hong Kong Tourism Board describes it',
    source: {
      label: 'Hong Kong Tourism Board',
      title: 'Hong Kong Tourism Board partner site',
      url: 'https://partnernet.hktb.com/germany/de/destination/greater_bay_area/144_visa/index.html',
      published: '2023-10-04',
      read: CHECKED,
    },
    scope: 'everyone',
  },
  {
    id: 'hainan-group',
    name: 'Hong Kong and Macao tour groups into Hainan',
    stay: 'Up to 144 hours (6 days)',
    purposes: 'A group tour of two or more, run by an agency registered in Hong Kong or Macao',
    where: 'Hainan’s open ports; Hainan province only',
    start: '2024-07-30',
    announcement: 'National Immigration Administration, 30 July 2024',
    source: {
      label: 'NIA via Xinhua, 30 July 2024',
      title: 'Xinhua via Shanghai Daily, 30 July 2024',
      url: 'https://www.shine.cn/news/nation/2407301132/',
      published: '2024-07-30',
      read: CHECKED,
    },
    scope: 'everyone',
  },
  {
    id: 'cruise-group',
    name: 'Cruise tour groups',
    stay: 'Up to 15 days',
    purposes:
      'A group of two or more on a cruise, received by a travel agency in China, staying with the ship',
    where:
      'Cruise ports in 13 cities, including Shanghai, Tianjin, Guangzhou and Sanya; coastal provinces and Beijing',
    start: '2024-05-15',
    announcement: 'National Immigration Administration, 15 May 2024',
    source: {
      label: 'NIA via Xinhua, 15 May 2024',
      title: 'Xinhua via People’s Daily, 15 May 2024',
      url: 'http://en.people.cn/n3/2024/0515/c90000-20169809.html',
      published: '2024-05-15',
      read: CHECKED,
    },
    scope: 'everyone',
  },
  {
    id: 'port-visa',
    name: 'Port visa',
    stay: 'As the port visa office grants',
    purposes: 'An urgent trip when there was no time to get a visa from an embassy',
    where: '99 ports in 72 cities; apply to the port’s visa office, ideally before you fly',
    start: '2013-07-01',
    announcement: 'National Immigration Administration, answers on port visas, 27 February 2024',
    source: {
      label: 'National Immigration Administration, 27 February 2024',
      title: 'National Immigration Administration on english.gov.cn, 27 February 2024',
      url: 'https://english.www.gov.cn/news/202402/27/content_WS65dd33d5c6d0868f4e8e45fb.html',
      published: '2024-02-27',
      read: CHECKED,
    },
    scope: 'everyone',
  },
  {
    id: 'visa-fee-cut',
    name: 'Visa fees at 75% of the standard rate',
    stay: 'Not a way in',
    purposes: 'Lower fees for visa applicants',
    where: 'Chinese embassies and consulates',
    start: '2023-12-11',
    end: '2026-12-31',
    announcement: 'Foreign Ministry, 11 December 2023; extended to 31 December 2026',
    source: VISA_MEASURES_2026,
    scope: 'measure',
  },
  {
    id: 'fingerprint-waiver',
    name: 'No fingerprints for short-term visas',
    stay: 'Not a way in',
    purposes: 'Applicants for visas of up to 180 days give no fingerprints',
    where: 'Chinese embassies, consulates and visa centres',
    start: '2025-12',
    end: '2026-12-31',
    announcement:
      'Foreign Ministry’s consular department, December 2025: from 17 December 2025, multiple-entry visas included',
    source: VISA_MEASURES_2026,
    scope: 'measure',
  },
] as const satisfies readonly EntryRule[];

export type RuleId = (typeof RULE_LIST)[number]['id'];

export const ENTRY_RULES: readonly EntryRule[] = RULE_LIST;

export interface Country {
  /** The anchor: `#united-kingdom`. */
  id: string;
  name: string;
  /** The routes its ordinary passport holders can use, with the day each began for them. */
  routes: readonly {rule: RuleId; since?: Day}[];
}

/** The 240-hour transit's 55 countries (54 from 17 December 2024, Indonesia from June 2025). */
const TRANSIT = new Set([
  'Albania',
  'Argentina',
  'Australia',
  'Austria',
  'Belarus',
  'Belgium',
  'Bosnia and Herzegovina',
  'Brazil',
  'Brunei',
  'Bulgaria',
  'Canada',
  'Chile',
  'Croatia',
  'Cyprus',
  'Czech Republic',
  'Denmark',
  'Estonia',
  'Finland',
  'France',
  'Germany',
  'Greece',
  'Hungary',
  'Iceland',
  'Indonesia',
  'Ireland',
  'Italy',
  'Japan',
  'Latvia',
  'Lithuania',
  'Luxembourg',
  'Malta',
  'Mexico',
  'Monaco',
  'Montenegro',
  'Netherlands',
  'New Zealand',
  'North Macedonia',
  'Norway',
  'Poland',
  'Portugal',
  'Qatar',
  'Romania',
  'Russia',
  'Serbia',
  'Singapore',
  'Slovakia',
  'Slovenia',
  'South Korea',
  'Spain',
  'Sweden',
  'Switzerland',
  'Ukraine',
  'United Arab Emirates',
  'United Kingdom',
  'United States',
]);

/** The one-sided scheme's countries as the Foreign Ministry listed them on 3 November 2025. */
const ONE_SIDED = new Set([
  'France',
  'Germany',
  'Italy',
  'Netherlands',
  'Spain',
  'Switzerland',
  'Ireland',
  'Hungary',
  'Austria',
  'Belgium',
  'Luxembourg',
  'Australia',
  'New Zealand',
  'Poland',
  'Portugal',
  'Greece',
  'Cyprus',
  'Slovenia',
  'Slovakia',
  'Finland',
  'Norway',
  'Denmark',
  'Iceland',
  'Monaco',
  'Liechtenstein',
  'Andorra',
  'South Korea',
  'Bulgaria',
  'Romania',
  'Croatia',
  'Montenegro',
  'North Macedonia',
  'Malta',
  'Estonia',
  'Latvia',
  'Japan',
  'Brazil',
  'Argentina',
  'Chile',
  'Peru',
  'Uruguay',
  'Saudi Arabia',
  'Oman',
  'Kuwait',
  'Bahrain',
]);

/** Joined after that list: Sweden from 10 November 2025, the UK and Canada from 17 February 2026. */
const ONE_SIDED_SINCE: Record<string, Day> = {
  Sweden: '2025-11-10',
  'United Kingdom': '2026-02-17',
  Canada: '2026-02-17',
};

/** The mutual exemptions we could source, each from the day it took effect where we found it. */
const MUTUAL: Record<string, Day | null> = {
  Singapore: '2024-02-09',
  Thailand: '2024-03-01',
  Georgia: '2024-05-28',
  Malaysia: '2025-07-17',
  Kazakhstan: null,
  Maldives: null,
  'United Arab Emirates': null,
};

const ASEAN = new Set([
  'Brunei',
  'Cambodia',
  'Indonesia',
  'Laos',
  'Malaysia',
  'Myanmar',
  'Philippines',
  'Singapore',
  'Thailand',
  'Vietnam',
]);

const slug = (name: string) => name.toLowerCase().replace(/[^a-z]+/g, '-');

function routesOf(name: string): Country['routes'] {
  const routes: {rule: RuleId; since?: Day}[] = [];
  const mutual = MUTUAL[name];
  if (mutual !== undefined) routes.push({rule: 'mutual-exemption', since: mutual ?? undefined});
  if (ONE_SIDED.has(name)) routes.push({rule: 'one-sided-30-day'});
  const joined = ONE_SIDED_SINCE[name];
  if (joined) routes.push({rule: 'one-sided-30-day', since: joined});
  if (name === 'Russia') routes.push({rule: 'russia-trial'});
  if (TRANSIT.has(name)) routes.push({rule: '240-hour-transit'});
  if (ASEAN.has(name)) routes.push({rule: 'asean-group'});
  routes.push({rule: 'ordinary-visa'});
  return routes;
}

const NAMES = [
  ...new Set([
    ...TRANSIT,
    ...ONE_SIDED,
    ...Object.keys(ONE_SIDED_SINCE),
    ...Object.keys(MUTUAL),
    ...ASEAN,
  ]),
].sort((a, b) => a.localeCompare(b));

export const COUNTRIES: readonly Country[] = NAMES.map((name) => ({
  id: slug(name),
  name,
  routes: routesOf(name),
}));

export function ruleById(id: string): EntryRule | undefined {
  return ENTRY_RULES.find((rule) => rule.id === id);
}

/** The countries that use a route, by name. */
export function countriesOn(rule: RuleId): Country[] {
  return COUNTRIES.filter((country) => country.routes.some((route) => route.rule === rule));
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function isDay(text: unknown): boolean {
  if (typeof text !== 'string' || !DAY.test(text)) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

function isStart(text: string): boolean {
  return text === 'per-country' || /^\d{4}(-(0[1-9]|1[0-2]))?$/.test(text) || isDay(text);
}

/** Every mistake in the rules and countries, one line each naming the field; none when valid. */
export function entryRuleProblems(
  rules: readonly EntryRule[] = ENTRY_RULES,
  countries: readonly Country[] = COUNTRIES,
): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const rule of rules) {
    const at = `src/data/entry-rules.ts: rule "${rule.id}"`;
    if (!/^[a-z0-9-]+$/.test(rule.id))
      problems.push(`${at}: id must be lower-case words joined by -`);
    if (ids.has(rule.id)) problems.push(`${at}: id is used twice`);
    ids.add(rule.id);
    for (const field of ['name', 'stay', 'purposes', 'where', 'announcement'] as const)
      if (rule[field].trim() === '') problems.push(`${at}: ${field} is empty`);
    if (!isStart(rule.start))
      problems.push(
        `${at}: start must be YYYY-MM-DD (or YYYY-MM, YYYY, per-country), got "${rule.start}"`,
      );
    if (rule.end !== undefined && !isDay(rule.end))
      problems.push(`${at}: end must be a day as YYYY-MM-DD (or left out), got "${rule.end}"`);
    else if (rule.end !== undefined && isDay(rule.start) && rule.end < rule.start)
      problems.push(`${at}: end (${rule.end}) is before start (${rule.start})`);
    if (!/^https?:\/\/\S+$/.test(rule.source.url))
      problems.push(`${at}: source.url must be a web address, got "${rule.source.url}"`);
    for (const field of ['title', 'label'] as const)
      if (rule.source[field].trim() === '') problems.push(`${at}: source.${field} is empty`);
    for (const field of ['published', 'read'] as const)
      if (!isDay(rule.source[field]))
        problems.push(
          `${at}: source.${field} must be a day as YYYY-MM-DD, got "${rule.source[field]}"`,
        );
  }
  for (const country of countries) {
    const at = `src/data/entry-rules.ts: country "${country.name}"`;
    if (country.routes.length === 0) problems.push(`${at}: routes is empty`);
    for (const route of country.routes) {
      if (!ids.has(route.rule)) problems.push(`${at}: routes names no rule "${route.rule}"`);
      if (route.since !== undefined && !isDay(route.since))
        problems.push(`${at}: routes.since must be a day as YYYY-MM-DD, got "${route.since}"`);
    }
  }
  return problems;
}
