/** The routes to measure: every page in the built sitemap, plus one path that does not exist. */
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {sitemapPaths} from '../tests/gates/build-files';
import {NOT_FOUND_PATH} from './config';

export interface Route {
  path: string;
  /** The not-found page, answered with status 404 (SEO is not budgeted there). */
  notFound: boolean;
}

export async function readRoutes(buildDir: string): Promise<Route[]> {
  const xml = await readFile(path.join(buildDir, 'sitemap.xml'), 'utf8');
  const paths = new Set(sitemapPaths(xml));
  if (paths.size === 0) throw new Error(`${buildDir}/sitemap.xml lists no URL`);
  if (paths.has(NOT_FOUND_PATH)) throw new Error(`${NOT_FOUND_PATH} exists: pick another 404 path`);
  const sorted = [...paths].sort((a, b) => (a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b)));
  return [
    ...sorted.map((route) => ({path: route, notFound: false})),
    {path: NOT_FOUND_PATH, notFound: true},
  ];
}

/**
 * The main bundle that build/index.html loads (`/assets/js/main.<hash>.js`): named in the inline
 * loader that requests the framework's scripts after the first paint.
 */
export async function mainScriptPath(buildDir: string): Promise<string> {
  const html = await readFile(path.join(buildDir, 'index.html'), 'utf8');
  const main = /\/assets\/js\/main\.[\w-]+\.js/.exec(html)?.[0];
  if (!main) throw new Error('build/index.html names no /assets/js/main.<hash>.js');
  return main;
}
