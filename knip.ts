import type {KnipConfiguration} from 'knip';

/**
 * Unused files, exports, exported types and packages (`npm run lint`). Knip's plugins find the
 * entries their tools name: Docusaurus (docusaurus.config.ts, which imports every local plugin;
 * src/pages; blog/), Jest (its projects' tests, the moduleNameMapper targets), Playwright
 * (tests/e2e, and the server its webServer runs), ESLint, Prettier, Stylelint, and package.json's
 * scripts (`tsx scripts/build.ts`, `tsx server/start.ts`, …). Listed here is what none of them
 * names.
 *
 * Knip reports no unused export of an entry (a framework or runner may call it), so only files
 * run or loaded by their path are entries: plugins/<name>/index.ts are not, being imported by
 * docusaurus.config.ts, so what they export and nothing uses is reported.
 *
 * The Docusaurus plugin loads docusaurus.config.ts as a build does: with variables a build would
 * refuse (SITE_URL without deploy/site.env, say), knip fails too, naming them.
 */
const config = {
  entry: [
    // Swizzled theme components, which Docusaurus loads by their path under src/theme.
    'src/theme/**/*.tsx',
    // Named by path in docusaurus.config.ts (the blog's list component).
    'src/components/BlogListRedirect/index.tsx',
    // Pages written in MDX (the plugin's own pattern has only those in JS and TS).
    'src/pages/**/*.mdx',
    // Cloudflare Pages Functions, routed by their path under functions/.
    'functions/**/*.ts',
    // Bundled by esbuild or aliased by webpack from a path, not imported.
    'plugins/offline/worker.ts',
    'plugins/lean-client/empty-client-module.js',
    'src/lib/page-script-entry.ts',
    'src/lib/search/script.ts',
    // Run with tsx by docs, shell scripts, the bench or tests, not by an npm script.
    'scripts/{check-deploy-summary,screenshots,search-queries,seed-waitlist,site-env,waitlist}.ts',
    'bench/tail-held.ts',
    'tests/integration/{pglite-initdb,anon-sql,owner-sql}.ts',
    // Run by `tsx --test` (scripts/test.sh), not by Jest.
    'tests/webkit/*.test.ts',
  ],
  // Run by `npx wrangler pages dev` in tests/conformance/web-servers.ts, which knip does not read.
  // A guide that scripts/seventh-guide.sh copies into a copy of the site's blog/.
  ignore: ['tests/fixtures/seventh-guide/**'],
  ignoreDependencies: ['wrangler'],
  // Every check knip makes by default, and exports used through no import of their namespace
  // (`import * as report`) either.
  include: ['nsExports', 'nsTypes'],
  // Packages imported but installed only as another's dependency (chrome-launcher, domhandler,
  // eta, jsdom, @docusaurus/theme-classic) and the blog plugin's generated module: listing them is
  // a change of its own to package.json and its lock.
  exclude: ['unlisted'],
} satisfies KnipConfiguration;

export default config;
