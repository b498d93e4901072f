/**
 * `/search.js` as the page loads it: build-steps/search bundles this file with the guides' text,
 * packed (./pack.ts), in place of `SEARCH_DOCUMENTS`.
 */
import {connectSearch} from './box';
import {unpack, type PackedDocument} from './pack';

declare const SEARCH_DOCUMENTS: PackedDocument[];

connectSearch(SEARCH_DOCUMENTS.map(unpack));
