import {getBundles, type ClientManifest} from 'react-loadable-ssr-addon-v5-slorber';

/**
 * What the framework fetches when a visitor first uses the search box, per route, so that the page
 * script can ask for all of it at once. Left to itself the framework fetches in waves, each waiting
 * for the one before: main.js; the route's chunks; the search bar's chunk; its worker; the index.
 * On Lighthouse's slow 4G (a 562 ms round trip), as the bench throttles it, a first search took
 * 5.1 s; asked for at once, 2.7 s (bench: "Search: tap → first result, cold cache").
 *
 * Docusaurus knows a route's chunks only in two files it generates for itself, read here:
 * `routesChunkNames.json` (route → chunk names) and `client-manifest.json` (chunk name → the
 * chunks it needs → files; react-loadable-ssr-addon's format). Its own page template would name
 * them, but its lookup there misses every route chunk in this build (the manifest is keyed by
 * chunk name, the lookup by module path), so pages name only runtime and main. Any change in those
 * files' shape stops the build here, and tests/e2e/blog.spec.ts fails if a search fetches a
 * script the map did not name.
 */

/** Per route: the index, the route's chunks, then the search bar's and its worker's. */
export type FrameworkMap = Record<string, string[]>;

/** Every string in a route's chunk-name tree (`{__comp: "ccc49370", content: "eaad61d4", …}`). */
function chunkNames(tree: unknown): string[] {
  if (typeof tree === 'string') return [tree];
  if (typeof tree === 'object' && tree !== null) return Object.values(tree).flatMap(chunkNames);
  return [];
}

/** The search index's URL as the search plugin's worker builds it (one search context). */
export function indexUrlIn(workerSource: string): string {
  const url = /"(search-index\{dir\}\.json\?_=\w+)"/.exec(workerSource)?.[1];
  if (!url) throw new Error('lean-client: no search index URL in the search chunks');
  return url.replace('{dir}', '');
}

export function frameworkMap(input: {
  baseUrl: string;
  routesChunkNames: Record<string, unknown>;
  manifest: ClientManifest;
  searchFiles: string[];
  searchIndex: string;
}): FrameworkMap {
  const {baseUrl, routesChunkNames, manifest} = input;
  if (input.searchFiles.length === 0) throw new Error('lean-client: no chunk holds the search');
  const searchFiles = input.searchFiles.map((file) => baseUrl + file);
  // The index first: the largest file and the last one needed, its transfer then overlaps the
  // rest (a browser fetches six at a time from a server over HTTP/1.1, in the order asked).
  const index = baseUrl + input.searchIndex;
  const routes = Object.entries(routesChunkNames).map(([key, tree]): [string, string[]] => {
    // Keys are the route's path and a hash: `/blog/taobao-guide-d90`, `/-e5f`. The manifest's own
    // reader (Docusaurus's, for its template) skips a name with no chunk of its own: a module
    // main.js holds already, like the site's config.
    const scripts = getBundles(manifest, chunkNames(tree)).js ?? [];
    return [key.replace(/-[^-/]+$/, ''), scripts.map(({file}) => baseUrl + file)];
  });
  if (!routes.some(([, files]) => files.length > 0))
    throw new Error('lean-client: no route chunk found in routesChunkNames.json and the manifest');
  return Object.fromEntries(
    routes.map(([route, files]) => [route, [...new Set([index, ...files, ...searchFiles])]]),
  );
}
