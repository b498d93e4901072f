import type {LoadContext, Plugin} from '@docusaurus/types';
import {inlineCriticalCss} from '../../build-steps/critical-css';
import {writeOfflineFiles} from '../offline';
import {writeSearchScript} from '../../build-steps/search';
import {headerFilesWriter, type SecurityHeadersOptions} from '../../build-steps/host-configs';
import type {BuiltSite} from '../../contracts/built-site';

export type PostBuildOptions = SecurityHeadersOptions;

interface PostBuildStep {
  name: string;
  run: (site: BuiltSite) => Promise<void>;
}

/**
 * The steps that rewrite the built pages or read them as final, in the order they need. Docusaurus
 * runs every plugin's `postBuild` at once, so these are one plugin's, each waiting for the last:
 *
 * 1. critical CSS rewrites every page (its inline `<style>`, its stylesheet link);
 * 2. the search reads the articles' final text into `/search.js`;
 * 3. offline writes the worker, which precaches `/offline.html` under its final content's hash;
 * 4. host configs hash every final page's inline scripts into the CSP of `_headers`, nginx's
 *    and Caddy's configurations (tests/integration/built-site.test.ts checks each page against
 *    them).
 *
 * Last of all, once `docusaurus build` has exited (its own plugins write the sitemap and the feeds
 * meanwhile), scripts/build.ts precompresses every file. plugins/social-cards and
 * plugins/robots-txt run at the same time as these steps, not after them: they write files no step
 * reads. social-cards reads each page's title and text while critical CSS may be rewriting that
 * page, which is why critical CSS replaces a page whole (it changes neither).
 */
function postBuildSteps(context: LoadContext, options?: unknown): PostBuildStep[] {
  const writeHeaderFiles = headerFilesWriter(context, options);
  return [
    {name: 'critical-css', run: ({outDir}) => inlineCriticalCss(outDir)},
    {name: 'search', run: writeSearchScript},
    {name: 'offline', run: (site) => writeOfflineFiles(context, site)},
    {name: 'host-configs', run: writeHeaderFiles},
  ];
}

/** Runs `postBuildSteps` one after another after the build. */
export default function postBuild(context: LoadContext, options?: unknown): Plugin {
  const steps = postBuildSteps(context, options);
  return {
    name: 'post-build',
    async postBuild({outDir, routesPaths}) {
      for (const step of steps) {
        const started = Date.now();
        await step.run({outDir, routesPaths});
        console.log(`[post-build] ${step.name} in ${Date.now() - started} ms`);
      }
    },
  };
}
