/**
 * Facts about the company and its links, in one place. Operators change these values (see
 * docs/operating.md); the public site URL can also be set at build time with SITE_URL.
 */
export interface SiteFacts {
  companyName: string;
  /** One line about the company, used in the footer and structured data. */
  blurb: string;
  contactEmail: string;
  /** The screen translator's page on the App Store. */
  appStoreUrl: string;
  /** Where the AI travel-planning assistant lives. */
  tripPlannerUrl: string;
  social: {
    photo: {name: string; url: string};
    video: {name: string; url: string};
  };
  /**
   * Public origin of the site. The build uses SITE_URL from the environment instead when it is set;
   * pages read the resolved value from the Docusaurus config, never from here.
   */
  defaultUrl: string;
  /** Who answers for the app and the site, as the legal pages name them. See LegalFacts. */
  legal: LegalFacts;
}

/**
 * Facts only the operator can state, rendered by the privacy policy and the terms. An empty
 * string means "not set yet": a production build (deploy/site.env, scripts/site-env.ts) then
 * fails naming the field, as it does for a fact left as its placeholder or made only of invisible
 * characters, and any other build shows a marked placeholder (src/lib/legal-facts.ts). Never fill
 * them with guesses.
 */
export interface LegalFacts {
  /** The registered name of the company that publishes the app and the site, e.g. "Gotcha Labs Ltd". */
  entityName: string;
  /** Its postal address on one line (Apple's minimum app terms require it). */
  postalAddress: string;
  /** Whose law governs the terms, as it reads after "the laws of", e.g. "England and Wales". */
  governingLaw: string;
  /** Where privacy requests go; may be the same address as contactEmail. */
  privacyEmail: string;
  /**
   * Every third-party AI provider a product sends what a user gives it to, as the privacy policy
   * names them (Apple's App Review Guideline 5.1.2(i); GDPR Art. 13(1)(e)). Each product in
   * src/data/products.ts needs at least one, with every field set, before a production build.
   */
  aiProviders: AiProviderFacts[];
  /** Where the servers of the translation service and the website run, after "in". */
  hostingCountries: string;
  /** Where the Supabase project behind the waitlist stores its data, after "in". */
  databaseCountry: string;
  /**
   * The representative in the EU (GDPR Art. 27), name and address; or, where none is needed, why,
   * as it reads after "Representative in the EU:": "none needed: <why>". Never "none named".
   */
  euRepresentative: string;
  /**
   * The representative or entity in mainland China (PIPL Art. 53, which has no exemption for
   * small handlers), name and address; or "none needed: <why>", as for euRepresentative.
   */
  chinaRepresentative: string;
  /**
   * The representative in the UK (UK GDPR Art. 27), name and address; or, where none is needed,
   * why, as it reads after "Representative in the UK:": "none needed: we are established in the UK".
   */
  ukRepresentative: string;
  /**
   * What the translation service's logs hold besides each request's time, size, duration and
   * error, and how long they are kept, as sentences: "They hold no IP address. We delete them
   * after 30 days."
   */
  translationLogs: string;
  /** How long the Trip Planner keeps what a user types, as sentences: "We delete a conversation …". */
  tripPlannerRetention: string;
}

/** One AI provider, as the privacy policy names it; each field as it reads in the policy. */
export interface AiProviderFacts {
  /** The product that sends to it: an id in src/data/products.ts, e.g. "screen-translator". */
  product: string;
  /** Its legal name, e.g. "Example AI, Inc.". */
  name: string;
  /** What the product sends it: "the recognised text and image regions". */
  sends: string;
  /** Why, after "only to": "translate them into English". */
  purpose: string;
  /** Where it processes them, after "in": "the United States". */
  countries: string;
  /** How long it keeps them, after "It keeps them": "for up to 30 days to detect abuse, then deletes them". */
  retention: string;
  /** Its terms for the service we use, an https:// address. */
  termsUrl: string;
}

export const site: SiteFacts = {
  companyName: 'Gotcha Labs',
  blurb:
    'Gotcha Labs builds AI-powered tools that make everyday life in China easier for people who read English.',
  contactEmail: 'hello@gotchalabs.app',
  appStoreUrl: 'https://apps.apple.com/app/gotcha-screen-translator/id6744230870',
  tripPlannerUrl: 'https://trip.gotchalabs.app',
  social: {
    photo: {name: 'Instagram', url: 'https://www.instagram.com/gotchalabs'},
    video: {name: 'YouTube', url: 'https://www.youtube.com/@gotchalabs'},
  },
  defaultUrl: 'https://gotchalabs.app',
  legal: {
    entityName: '',
    postalAddress: '',
    governingLaw: '',
    privacyEmail: '',
    aiProviders: [],
    hostingCountries: '',
    databaseCountry: '',
    euRepresentative: '',
    chinaRepresentative: '',
    ukRepresentative: '',
    translationLogs: '',
    tripPlannerRetention: '',
  },
};

/** The blog's name: its feeds' title, and the suffix of every article's page title. */
export const BLOG_TITLE = `${site.companyName} Blog`;

/**
 * The on-site, step-by-step demo of the screen translator (illustrations, served from this site so
 * that it opens in mainland China, where video platforms are blocked). The comparison article's
 * "Watch Demo" link points here.
 */
export const TRANSLATOR_DEMO_PATH = '/gotcha-screen-translator/demo';
