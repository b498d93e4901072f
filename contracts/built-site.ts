/** What a post-build step is given: the build's out dir and the site's routes. */
export interface BuiltSite {
  outDir: string;
  routesPaths: string[];
}
