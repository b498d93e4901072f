/**
 * What the build (build-steps/search) and the page (src/lib/page-script.ts, ./box.ts) agree on. A
 * module of its own: the page script's bundle must not reach the engine or the build's Node code.
 */

/** The search: its code with the guides' text, loaded by the page script on first use. */
export const SEARCH_SCRIPT_PATH = '/search.js';

/** The header's search box, whose first focus or tap loads the search. */
export const SEARCH_BOX = '.navbar__search';

/**
 * The classes the search draws its results with (src/css/search.css styles them; build-steps/critical-css
 * keeps those rules in the pages' stylesheet, though no page's markup has them).
 */
export const SEARCH_CLASS = {
  results: 'search-results',
  status: 'search-status',
  closest: 'search-closest',
  hit: 'search-hit',
  hitTitle: 'search-hit-title',
  hitSection: 'search-hit-section',
  hitText: 'search-hit-text',
};

/** A guide as the search reads it. */
export interface SearchDocument {
  url: string;
  title: string;
  description: string;
  /** The text before the first heading is the first section, with no id and no heading. */
  sections: {id: string; heading: string; text: string}[];
}
