import path from 'node:path';
import {browserBundle} from './browser-bundle';

/**
 * The HTML page template for the static build (Docusaurus's `ssrTemplate`), changed in one way:
 * the framework's scripts are not `<script defer>` tags in the head; a small inline script at the
 * end of the body (src/lib/page-script.ts) appends them only when the visitor asks for something that needs
 * them. The stylesheet does not block the first paint either: each page carries the CSS it needs
 * inline (build-steps/critical-css), and the script switches on, as it arrives, a stylesheet of what
 * every page can use (hover and focus states, print); the framework's full stylesheet comes with
 * the framework.
 *
 * Why: every page is complete without JavaScript (it is prerendered). A reader who reads, scrolls
 * and follows links (ordinary page loads of ~10 KB) never downloads or runs the ~100 KB of
 * framework code, or the ~16 KB of CSS that styles only what it draws; a visitor who uses the
 * search box or a form gets both then.
 *
 * It leaves out the stock template's `<meta name="generator">`, and the classic theme's SVG sprite
 * (`THEME_SPRITE`): every byte of the head counts towards each article's first screen fitting the
 * first round trip (14,600 B with its headers; scripts/first-screen.ts).
 */

/**
 * What the built page script passes `startPage` (src/lib/page-script-entry.ts declares it): the
 * template writes the page's URLs there.
 */
const FILES_PLACEHOLDER = 'PAGE_SCRIPT_FILES';

/**
 * src/lib/page-script-entry.ts built into one minified script that calls `startPage` with the
 * template's script and stylesheet URLs; every page carries it, so minified, it leaves more of the
 * first round trip to the page.
 */
export function buildPageScript(): string {
  const code = browserBundle(path.resolve(__dirname, '../../src/lib/page-script-entry.ts'));
  if (code.split(FILES_PLACEHOLDER).length !== 2) {
    throw new Error(`The built page script must name ${FILES_PLACEHOLDER} once`);
  }
  return code;
}

/**
 * The external-link icon the classic theme puts at the top of every page's body, for its navbar,
 * footer and docs sidebar to draw. This site has its own navbar and footer and no docs, so nothing
 * draws it: 140 B of brotli on the longest article. tests/integration/built-site.test.ts fails if
 * the sprite is still there (the theme changed its markup) or if a page or script refers to it.
 */
const THEME_SPRITE =
  /<svg style="display: none;"><defs>\s*<symbol id="theme-svg-external-link"[\s\S]*?<\/svg>/;

export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <% it.metaAttributes.forEach((metaAttribute) => { %>
      <%~ metaAttribute %>
    <% }); %>
    <%~ it.headTags %>
    <% it.stylesheets.forEach((stylesheet) => { %>
      <link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" media="print" data-media="all" />
      <noscript><link rel="stylesheet" href="<%= it.baseUrl %><%= stylesheet %>" /></noscript>
    <% }); %>
  </head>
  <body <%~ it.bodyAttributes %>>
    <%~ it.preBodyTags.replace(${THEME_SPRITE}, '') %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <% const urls = (files) => JSON.stringify(files.map((file) => it.baseUrl + file)).replace(/</g, '\\\\u003c'); %>
    <script>${buildPageScript().replace(FILES_PLACEHOLDER, '[<%~ urls(it.scripts) %>, <%~ urls(it.stylesheets) %>]')}</script>
  </body>
</html>
`;
