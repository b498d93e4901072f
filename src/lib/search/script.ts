/**
 * `/search.js` as the page loads it: plugins/search bundles this file with the guides' text in
 * place of `SEARCH_DOCUMENTS`.
 */
import {connectSearch} from './box';
import type {SearchDocument} from './protocol';

declare const SEARCH_DOCUMENTS: SearchDocument[];

connectSearch(SEARCH_DOCUMENTS);
