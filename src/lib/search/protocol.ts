/**
 * What the build (plugins/search) and the page (src/lib/page-script.ts, ./box.ts) agree on. A
 * module of its own: the page script's bundle must not reach the engine or the build's Node code.
 */

/** The search: its code with the guides' text, loaded by the page script on first use. */
export const SEARCH_SCRIPT_PATH = '/search.js';

/** The header's search box, whose first focus or tap loads the search. */
export const SEARCH_BOX = '.navbar__search';

/** The classes the search draws its results with (kept in the pages' stylesheet by plugins/critical-css). */
export const SEARCH_CLASSES = [
  'search-results',
  'search-status',
  'search-hit',
  'search-hit-title',
  'search-hit-section',
  'search-hit-text',
];

/** A guide as the search reads it. */
export interface SearchDocument {
  url: string;
  title: string;
  description: string;
  /** The text before the first heading is the first section, with no id and no heading. */
  sections: {id: string; heading: string; text: string}[];
}
