/**
 * Pages of the production build as a reader gets them (run `npm run build` first; npm test does):
 * their HTML, and the text a reader reads in it.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import type {CheerioAPI} from 'cheerio';
import {site} from '../../src/data/site';
import {legalFactPlaceholder, type TextFact} from '../../src/lib/legal-facts';
import {parse} from '../gates/site-checks';

export const BUILD = path.resolve(__dirname, '../../build');
export const POLICY_PATH = '/gotcha-screen-translator/privacy-policy';
export const TERMS_PATH = '/gotcha-screen-translator/terms-of-service';

/** A file of the build, by its path from the build's root. */
export function builtFile(file: string): string {
  const full = path.join(BUILD, file);
  if (!existsSync(full)) throw new Error(`No ${full}: run "npm run build" first.`);
  return readFileSync(full, 'utf8');
}

/** The page at `route` (`/`, or a path without `.html`), parsed. */
export function builtPage(route: string): CheerioAPI {
  return parse(builtFile(route === '/' ? 'index.html' : `${route}.html`));
}

/** The text of `selection` as it reads: each run of white space one space. */
export function readerText(selection: {text(): string}): string {
  return selection.text().replace(/\s+/g, ' ');
}

/** The text of the section under the heading `id`, up to the next heading of its level. */
export function sectionText($: CheerioAPI, id: string): string {
  const heading = $(`#${id}`);
  if (heading.length !== 1) throw new Error(`${heading.length} elements with the id ${id}`);
  const level = heading.prop('tagName')?.toLowerCase() ?? 'h2';
  return readerText(heading.nextUntil(level));
}

/** A legal fact as a page shows it: its value, or in a build without it the marked placeholder. */
export const shown = (fact: TextFact): string => site.legal[fact] || legalFactPlaceholder(fact);
