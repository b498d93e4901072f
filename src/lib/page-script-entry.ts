/**
 * The page script as every page runs it: build-steps/page-template bundles this file into the page
 * template, which writes the page's script and stylesheet URLs where `PAGE_SCRIPT_FILES` stands.
 */
import {startPage} from './page-script';

declare const PAGE_SCRIPT_FILES: Parameters<typeof startPage>;

startPage(...PAGE_SCRIPT_FILES);
