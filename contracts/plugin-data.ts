/**
 * The global data local plugins hand the site's pages: a plugin writes it at build time with
 * `setGlobalData`, a hook or swizzle reads it with `usePluginData(<plugin name>)`.
 */

/**
 * What the home teaser and /blogs need of a post, and nothing more: it ships on every page. The
 * hero's URL is not here: the bundler names it (see `heroesModule` in plugins/blog-summaries).
 */
export interface BlogSummary {
  permalink: string;
  title: string;
  excerpt: string;
  /** YYYY/MM/DD */
  date: string;
  /** The day its facts were last checked (`last_update.date`), YYYY-MM-DD. */
  reviewed: string;
  /** The last day its title and excerpt hold (`expires`), YYYY-MM-DD, if it gives one. */
  expires?: string;
  /** The group /blogs lists it under (`group`, one of src/data/blog-groups.ts), if it names one. */
  group?: string;
}

/** Global data of plugins/blog-summaries, read with `usePluginData('blog-summaries')`. */
export interface BlogSummariesData {
  summaries: BlogSummary[];
}

/** Global data of plugins/freshness: each post's first day a fact is marked to end, by permalink. */
export interface FreshnessData {
  firstMarks: Record<string, string>;
}
