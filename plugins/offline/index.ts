import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {Resvg} from '@resvg/resvg-js';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {build} from 'esbuild';
import {injectManifest} from 'workbox-build';
import {PALETTE} from '../../src/lib/brand-palette';
import {articlePaths} from '../blog-summaries/summaries';
import type {BuiltSite} from '../../contracts/built-site';
import {
  MANIFEST_PATH,
  OFFLINE_PAGE,
  WORKER_PATH,
  type OfflineGuides,
} from '../../contracts/offline-worker';

const ICON_SIZES = [192, 512] as const;
const LOGO = 'static/img/brand/logo.svg';

/** The guides: every article. */
function offlineGuides(routesPaths: string[]): OfflineGuides {
  return {
    guides: articlePaths(routesPaths),
    pages: ['/blogs'],
  };
}

/** The worker: ./worker.ts bundled with Workbox, then the precache list injected by Workbox. */
async function writeWorker(outDir: string, guides: OfflineGuides): Promise<void> {
  const temporary = await mkdtemp(path.join(os.tmpdir(), 'offline-worker-'));
  const bundled = path.join(temporary, 'sw.js');
  try {
    await build({
      entryPoints: [path.join(__dirname, 'worker.ts')],
      outfile: bundled,
      bundle: true,
      format: 'iife',
      minify: true,
      target: 'es2020',
      logLevel: 'warning',
      define: {
        'process.env.NODE_ENV': '"production"',
        OFFLINE_GUIDES: JSON.stringify(guides),
      },
    });
    const {warnings} = await injectManifest({
      swSrc: bundled,
      swDest: path.join(outDir, WORKER_PATH),
      globDirectory: outDir,
      // The offline page alone (its CSS is inline): everything else is saved as it is used.
      globPatterns: [OFFLINE_PAGE.slice(1)],
    });
    if (warnings.length > 0) throw new Error(`[offline] ${warnings.join('\n')}`);
  } finally {
    await rm(temporary, {recursive: true, force: true});
  }
}

/** The web app manifest and its icons, drawn from the logo: the site can go on a home screen. */
async function writeManifest(outDir: string, context: LoadContext): Promise<void> {
  const logo = await readFile(path.join(context.siteDir, LOGO));
  const icons = ICON_SIZES.map((size) => ({
    src: `/img/brand/icon-${size}.png`,
    sizes: `${size}x${size}`,
    type: 'image/png',
  }));
  await Promise.all(
    ICON_SIZES.map((size) =>
      writeFile(
        path.join(outDir, `img/brand/icon-${size}.png`),
        new Resvg(logo, {fitTo: {mode: 'width', value: size}}).render().asPng(),
      ),
    ),
  );
  const manifest = {
    name: context.siteConfig.title,
    short_name: context.siteConfig.title,
    description: context.siteConfig.tagline,
    start_url: '/',
    scope: '/',
    display: 'standalone',
    background_color: PALETTE.ink,
    theme_color: PALETTE.ink,
    icons,
  };
  await writeFile(path.join(outDir, MANIFEST_PATH), `${JSON.stringify(manifest, null, 2)}\n`);
}

/**
 * After the build (a step of plugins/post-build, once the pages are final: the worker precaches
 * `/offline.html` under its content's hash), the service worker and the web app manifest.
 */
export async function writeOfflineFiles(
  context: LoadContext,
  {outDir, routesPaths}: BuiltSite,
): Promise<void> {
  await writeWorker(outDir, offlineGuides(routesPaths));
  await writeManifest(outDir, context);
}

/**
 * Reading offline: a service worker (Workbox) that keeps every page a visitor reads, saves all the
 * guides when asked, and shows `/offline` for an address not saved; and a web app manifest, so the
 * site can be added to the home screen (where iOS keeps its storage). Every page links the
 * manifest; `writeOfflineFiles` writes both.
 */
export default function offline(): Plugin {
  return {
    name: 'offline',
    injectHtmlTags() {
      return {headTags: [{tagName: 'link', attributes: {rel: 'manifest', href: MANIFEST_PATH}}]};
    },
  };
}
