import type {Config} from '@docusaurus/types';
import type {Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import type * as Preset from '@docusaurus/preset-classic';
import {products, withComingSoon} from './src/data/products';
import {BLOG_TITLE, site} from './src/data/site';
import {checkLegalFacts} from './src/lib/legal-facts';
import {ssrTemplate} from './build-steps/page-template/ssr-template';
import {createArticles} from './plugins/articles';
import {brokenMarkdownImage} from './plugins/articles/images';
import blogSummaries from './plugins/blog-summaries';
import {readingTime} from './plugins/blog-summaries/reading-time';
import freshness, {describeEndedPosts, feedItemsOn} from './plugins/freshness';
import leanClient from './plugins/lean-client';
import offline from './plugins/offline';
import postBuild, {type PostBuildOptions} from './plugins/post-build';
import robotsTxt from './plugins/robots-txt';
import {projectOrigin} from './contracts/waitlist-proxy';
import socialCards from './plugins/social-cards';
import {PALETTE} from './src/lib/brand-palette';
import {chinaDay, isoDay} from './src/lib/dates';
import {loadSiteEnv} from './scripts/site-env';

// A production build's variables come from deploy/site.env alone (scripts/build.ts has read it
// already, and says what is missing in one line; this covers `docusaurus` run by itself).
const {production} = loadSiteEnv(__dirname);

const siteUrl = (process.env.SITE_URL || site.defaultUrl).replace(/\/+$/, '');

// A public build must name who is responsible; a local one shows placeholders instead.
checkLegalFacts(site.legal, {production});

/** Comma-separated product ids to show as "coming soon", with the waitlist form. */
const comingSoon = process.env.COMING_SOON_PRODUCTS ?? '';
withComingSoon(products, comingSoon); // an unknown id fails the build here, not in a visitor's browser

const buildDate = process.env.BUILD_DATE ? new Date(process.env.BUILD_DATE) : new Date();
if (Number.isNaN(buildDate.getTime())) {
  throw new Error(
    `BUILD_DATE must be an ISO date such as 2027-01-01T00:05:00+08:00, not ${process.env.BUILD_DATE}`,
  );
}
/**
 * The build's day in China, the one "today" of a build: the daily rebuild runs at 00:05 in
 * Beijing, which is still yesterday in UTC.
 */
const buildDay = chinaDay(buildDate);

/**
 * The articles, each read, parsed and checked once, as of the build's day: the blog plugin (through
 * `parseFrontMatter`), the feeds and the local plugins all read them here.
 */
const articles = createArticles({siteDir: __dirname, today: buildDay});

/** The blog's description, in its feeds and wherever the blog plugin describes it. */
const blogDescription = 'Guides to travelling and living in China, from the makers of Gotcha.';

/** The Supabase project, for the hosts' proxies (and the form, with WAITLIST_API=direct). */
const supabaseOrigin = process.env.SUPABASE_URL
  ? projectOrigin(process.env.SUPABASE_URL, 'SUPABASE_URL')
  : '';
/**
 * Where the form talks to. `same-origin` (the default): /rest/v1/… on the page's own host, which
 * forwards it to the project (or is the local stand-in), so a visitor who can load the page can
 * sign up. `direct`: the project's own host, which is not reachable everywhere.
 */
const waitlistApi = process.env.WAITLIST_API || 'same-origin';
if (waitlistApi !== 'same-origin' && waitlistApi !== 'direct') {
  throw new Error(`WAITLIST_API must be same-origin or direct, not ${waitlistApi}`);
}
if (waitlistApi === 'direct' && !supabaseOrigin) {
  throw new Error('WAITLIST_API=direct needs SUPABASE_URL, the project the form talks to');
}
/** Empty means "the site's own origin". */
const supabaseUrl = waitlistApi === 'direct' ? supabaseOrigin : '';

const config: Config = {
  title: site.companyName,
  tagline: 'Empowering Your Life with AI',
  favicon: 'img/favicon.svg',
  headTags: [
    {tagName: 'link', attributes: {rel: 'apple-touch-icon', href: '/img/apple-touch-icon.png'}},
  ],
  url: siteUrl,
  baseUrl: '/',
  // The banner's script shows a "did not load properly" box when `window.docusaurus` is missing at
  // DOMContentLoaded, which is always so here: the framework's scripts are requested after it.
  baseUrlIssueBanner: false,
  trailingSlash: false,
  // Pages paint before the framework's scripts are even requested (see the template).
  ssrTemplate,

  onBrokenLinks: 'throw',
  onBrokenAnchors: 'throw',
  onDuplicateRoutes: 'throw',

  future: {
    v4: true,
    faster: true,
  },

  markdown: {
    // An article's front matter is checked as it is read, before the blog plugin's own checks.
    parseFrontMatter: articles.parseFrontMatter,
    hooks: {
      onBrokenMarkdownLinks: 'throw',
      // Throws too, in a writer's words, without the framework's hint to switch the check off.
      onBrokenMarkdownImages: brokenMarkdownImage,
    },
  },

  i18n: {
    defaultLocale: 'en',
    locales: ['en'],
  },

  customFields: {
    /**
     * Prerendered pages show this day (in China) until the visitor's own date replaces it, and a
     * fact marked to end before it shows as ended. `BUILD_DATE` (an ISO date) builds as on that day.
     */
    buildDay: isoDay(buildDay),
    supabaseUrl,
    supabaseAnonKey: process.env.SUPABASE_ANON_KEY ?? '',
    comingSoon,
  },

  presets: [
    [
      'classic',
      {
        docs: false,
        blog: {
          path: 'blog',
          routeBasePath: 'blog',
          blogTitle: BLOG_TITLE,
          blogDescription,
          // The plugin's own list page only redirects: /blogs is the index.
          blogListComponent: '@site/src/components/BlogListRedirect',
          postsPerPage: 'ALL',
          archiveBasePath: null,
          blogSidebarCount: 0,
          showReadingTime: true,
          readingTime,
          // From each post's `last_update.date` (its review date), never from git history.
          showLastUpdateTime: true,
          onInlineTags: 'throw',
          onInlineAuthors: 'throw',
          onUntruncatedBlogPosts: 'throw',
          processBlogPosts: describeEndedPosts(buildDay, articles),
          feedOptions: {
            type: ['rss', 'atom'],
            title: BLOG_TITLE,
            description: blogDescription,
            copyright: `Copyright © ${buildDay.getUTCFullYear()} ${site.companyName}`,
            language: 'en',
            createFeedItems: feedItemsOn(buildDay, articles),
          },
        } satisfies BlogOptions,
        theme: {
          customCss: ['./src/css/custom.css', './src/css/search.css'],
        },
        sitemap: {
          changefreq: null,
          priority: null,
          lastmod: 'date',
          ignorePatterns: ['/blog', '/offline'],
        },
      } satisfies Preset.Options,
    ],
  ],

  plugins: [
    (context) => blogSummaries(context, articles),
    (context) => freshness(context, articles),
    leanClient,
    offline,
    // Critical CSS, search, the worker, then the headers' CSP: steps that read or rewrite the
    // built pages, in their order (see the plugin).
    [postBuild, {supabaseOrigin} satisfies PostBuildOptions],
    robotsTxt,
    (context) => socialCards(context, articles),
  ],

  themeConfig: {
    colorMode: {
      defaultMode: 'light',
      respectPrefersColorScheme: true,
    },
    metadata: [
      // Replaces the framework's own viewport tag: `viewport-fit=cover` lets the page draw beside
      // the notch and behind the home indicator, which src/css/custom.css pads with the safe areas.
      {name: 'viewport', content: 'width=device-width, initial-scale=1.0, viewport-fit=cover'},
      {name: 'theme-color', content: PALETTE.ink},
      // Opened from the Home Screen, the site runs on its own, under its name, with the
      // status bar's standard look (the header is light or dark with the page).
      {name: 'mobile-web-app-capable', content: 'yes'},
      {name: 'apple-mobile-web-app-capable', content: 'yes'},
      {name: 'apple-mobile-web-app-title', content: site.companyName},
      {name: 'apple-mobile-web-app-status-bar-style', content: 'default'},
      {name: 'twitter:card', content: 'summary_large_image'},
    ],
    navbar: {
      title: site.companyName,
    },
  } satisfies Preset.ThemeConfig,
};

export default config;
