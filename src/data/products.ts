import {site} from './site';

type ProductIcon = 'translate' | 'compass';

/** A product, as its card on the home page and the footer show it. */
export interface Product {
  /** Stable id, used for anchors and the COMING_SOON_PRODUCTS build setting. */
  id: string;
  title: string;
  description: string;
  features: readonly [string, string, string];
  image?: {src: string; alt: string; width: number; height: number};
  icon: ProductIcon;
  link: string;
  /** A coming-soon product shows the waitlist form instead of its links. */
  isComingSoon: boolean;
  appStoreBadge: boolean;
  /** Where the privacy policy covers it; its card links there once it is live. */
  privacyPath: string;
}

/** The privacy policy, whose sections cover each product. */
const PRIVACY_POLICY_PATH = '/gotcha-screen-translator/privacy-policy';

/**
 * The screen translator's permission step (App Review Guideline 5.1.2(i); GDPR Art. 9(2)(a); PIPL
 * Art. 29): before its first translation the app names the AI provider that receives the screen's
 * text and image regions, and sends nothing until the user taps `allowButton`; the permission is
 * withdrawn in `withdrawIn`. The privacy policy states it from here.
 */
export const TRANSLATOR_AI_PERMISSION = {
  allowButton: 'Allow',
  withdrawIn: "the app's Settings",
} as const;

export const products: readonly Product[] = [
  {
    id: 'screen-translator',
    title: 'Gotcha Screen Translator',
    description:
      'Read Chinese apps in English on your iPhone. Start Gotcha’s screen broadcast and it shows an English copy of the screen you are on, laid out like the original, in a floating window on top of Taobao, Alipay, WeChat and Meituan, so you can shop, order food and get around on your own. Stop the broadcast before you pay or type a password.',
    features: [
      'Translates text inside images, from menus to product photos',
      'Context-aware AI translation of reviews and slang, with a layout system that keeps complex screens readable',
      'Works in mainland China with no VPN; iPhone only',
    ],
    image: {
      src: '/img/products/screen-translator.svg',
      alt: 'An iPhone showing a Chinese shopping app, with a floating window on top that shows the same screen in English',
      width: 560,
      height: 640,
    },
    icon: 'translate',
    link: site.appStoreUrl,
    isComingSoon: false,
    appStoreBadge: true,
    privacyPath: PRIVACY_POLICY_PATH,
  },
  {
    id: 'trip-planner',
    title: 'Gotcha Trip Planner',
    description:
      'Plan a trip in China by describing it in your own words. Tell the assistant what you like, where you are going and what you want to spend, and it finds the hotels and attractions that fit.',
    features: [
      'Understands preferences written in plain language',
      'Finds hotels and attractions that match your budget and style',
      'Builds a day-by-day plan you can adjust in conversation',
    ],
    image: {
      src: '/img/products/trip-planner.svg',
      alt: 'A Trip Planner chat on a phone, in which the assistant suggests a quiet hotel near West Lake and a tea house to visit',
      width: 560,
      height: 640,
    },
    icon: 'compass',
    link: site.tripPlannerUrl,
    isComingSoon: false,
    appStoreBadge: false,
    privacyPath: `${PRIVACY_POLICY_PATH}#trip-planner`,
  },
];

/**
 * Applies the COMING_SOON_PRODUCTS build setting (comma-separated ids) on top of the data above,
 * so a release can be staged without editing this file.
 */
export function withComingSoon(list: readonly Product[], setting: string): Product[] {
  const ids = new Set(
    setting
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  );
  const unknown = [...ids].filter((id) => !list.some((product) => product.id === id));
  if (unknown.length > 0) {
    const valid = list.map((product) => product.id).join(', ');
    throw new Error(
      `COMING_SOON_PRODUCTS names unknown products: ${unknown.join(', ')}; the products are: ${valid}`,
    );
  }
  return list.map((product) => (ids.has(product.id) ? {...product, isComingSoon: true} : product));
}
