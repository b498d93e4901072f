import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {load, type CheerioAPI} from 'cheerio';
import type {AnyNode} from 'domhandler';
import {browserBundle} from '../page-template/browser-bundle';
import {pack} from '../../src/lib/search/pack';
import {SEARCH_SCRIPT_PATH, type SearchDocument} from '../../src/lib/search/protocol';
import {articlePaths} from '../../plugins/blog-summaries/summaries';
import type {BuiltSite} from '../../contracts/built-site';

/** Elements whose text runs on into the next word's, rather than being a block of its own. */
const INLINE =
  'a, abbr, b, bdi, br, cite, code, data, dfn, em, i, kbd, mark, q, s, samp, small, span, strong, sub, sup, time, u, var';
const TEXT_NODE = 3;
const ELEMENT_NODE = 1;

/** The text of `nodes` as a reader sees it: blocks apart, hidden notes (an ended fact's) left out. */
function visibleText($: CheerioAPI, nodes: AnyNode[]): string {
  const parts: string[] = [];
  const walk = (node: AnyNode): void => {
    if (node.nodeType === TEXT_NODE) {
      parts.push($(node).text());
      return;
    }
    const element = $(node);
    if (node.nodeType !== ELEMENT_NODE || element.is('[hidden], .hash-link, script, style')) return;
    const block = !element.is(INLINE);
    if (block) parts.push(' ');
    element.contents().each((_, child) => {
      walk(child);
    });
    if (block) parts.push(' ');
  };
  nodes.forEach(walk);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/**
 * A built article as the search reads it: its title, description and the text of its body in
 * sections, each opened by an `h2` or `h3` with its anchor. Only the article's own text: not its
 * contents list, related guides, offline box or call to action, which every article repeats (a
 * search for "Alipay" would list the call to action of each).
 */
export function searchDocument(html: string, url: string): SearchDocument {
  const $ = load(html);
  const title = $('article h1').first().text().trim();
  if (!title) throw new Error(`[search] ${url}: no article title (article h1) in the built page`);
  const description = $('meta[name="description"]').attr('content')?.trim() ?? '';
  const sections: SearchDocument['sections'] = [{id: '', heading: '', text: ''}];
  let body: AnyNode[] = [];
  const finish = () => {
    const last = sections[sections.length - 1];
    if (last) last.text = visibleText($, body);
    body = [];
  };
  $('article .markdown')
    .first()
    .contents()
    .each((_, node) => {
      const heading = $(node);
      if (heading.is('h2, h3')) {
        finish();
        sections.push({id: heading.attr('id') ?? '', heading: visibleText($, [node]), text: ''});
        return;
      }
      body.push(node);
    });
  finish();
  return {url, title, description, sections: sections.filter((s) => s.heading || s.text)};
}

/** The search's script: src/lib/search/script.ts, its box and engine, with the guides' text packed. */
export function searchScript(documents: SearchDocument[]): string {
  return browserBundle(path.resolve(__dirname, '../../src/lib/search/script.ts'), {
    SEARCH_DOCUMENTS: JSON.stringify(documents.map(pack)),
  });
}

/**
 * The article search: after the build (a step of plugins/post-build), reads every article's built
 * page and writes `SEARCH_SCRIPT_PATH`, the search's code with the articles' text, which the page
 * script loads when a visitor first uses the search box (src/lib/page-script.ts). A new article
 * is searchable with no change here.
 */
export async function writeSearchScript({outDir, routesPaths}: BuiltSite): Promise<void> {
  const documents = await Promise.all(
    articlePaths(routesPaths).map(async (route) =>
      searchDocument(await readFile(path.join(outDir, `${route}.html`), 'utf8'), route),
    ),
  );
  await writeFile(path.join(outDir, SEARCH_SCRIPT_PATH), searchScript(documents));
}
