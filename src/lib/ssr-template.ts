import {transformSync} from 'esbuild';
import {FRAMEWORK_MAP_PATH} from '../../plugins/lean-client/protocol';

/**
 * The HTML page template for the static build (Docusaurus's `ssrTemplate`), changed in one way:
 * the framework's scripts are not `<script defer>` tags in the head; a small inline script at the
 * end of the body (`PAGE_SCRIPT`) appends them only when the visitor asks for something that needs
 * them. The stylesheet does not block the first paint either: each page carries the CSS it needs
 * inline (plugins/critical-css), and the script switches on, as it arrives, a stylesheet of what
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

const SEARCH_BOX = '.navbar__search';
/** What asks for the framework: the search box, a form, or a control marked `data-framework`. */
export const FRAMEWORK_TRIGGERS = `${SEARCH_BOX}, form, [data-framework]`;

/**
 * The page's own script, as the browser runs it (plain ES5, no build step, hashed into the CSP):
 * - applies the stylesheets linked as `media="print" data-media="all"`;
 * - writes the visitor's year into `[data-year]` (the footer's copyright);
 * - on the home page, scrolls its section links smoothly;
 * - appends `stylesheets` (the framework's) and `sources` (its scripts, in order) on the first
 *   focus or pointer-down in `FRAMEWORK_TRIGGERS` (a key always follows a focus); whatever was
 *   typed meanwhile stays in the box, and the components pick it up as they hydrate; a form sent
 *   before its component is live is held back for it;
 *   for the search box, it prefetches at the same moment what the framework would fetch next, in
 *   waves: this route's chunks, the search bar's, its worker and the index (`FRAMEWORK_MAP_PATH`,
 *   written by plugins/lean-client);
 * - registers the service worker (plugins/offline) and shows what it says in the
 *   "save all guides" control (`[data-offline]`) and the offline page's list of saved guides
 *   (`[data-saved]`).
 */
export const PAGE_SCRIPT = `function (sources, stylesheets) {
  document.querySelectorAll('link[data-media]').forEach(function (link) {
    link.media = link.getAttribute('data-media');
  });
  var year = new Date().getFullYear();
  document.querySelectorAll('[data-year]').forEach(function (element) {
    element.textContent = year;
  });
  // On the home page, its section links (Products, Explore Our Products) glide to the section and
  // move the focus there, as src/lib/section-scroll.ts does once the framework runs.
  addEventListener('click', function (event) {
    var link = event.target.closest && event.target.closest('a[href^="/#"]');
    var section = link && location.pathname === '/' && document.getElementById(link.hash.slice(1));
    if (!section || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    var still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    section.scrollIntoView({behavior: still ? 'auto' : 'smooth'});
    section.focus({preventScroll: true});
    history.pushState(null, '', link.hash);
  });
  var requested = false;
  ['focusin', 'pointerdown'].forEach(function (type) {
    addEventListener(type, function (event) {
      if (requested || !event.target.closest || !event.target.closest('${FRAMEWORK_TRIGGERS}')) return;
      requested = true;
      stylesheets.forEach(function (href) {
        var link = document.createElement('link');
        link.rel = 'stylesheet';
        link.href = href;
        document.head.appendChild(link);
      });
      sources.forEach(function (source) {
        var script = document.createElement('script');
        script.src = source;
        script.async = false;
        document.head.appendChild(script);
      });
      // For a search, what the framework fetches next, at once (a form needs no index). Without
      // the map, the framework still comes, in its own waves.
      if (event.target.closest('${SEARCH_BOX}')) fetch('${FRAMEWORK_MAP_PATH}').then(function (response) {
        return response.json();
      }).then(function (map) {
        (map[location.pathname] || []).forEach(function (href) {
          var link = document.createElement('link');
          link.rel = 'prefetch';
          link.href = href;
          document.head.appendChild(link);
        });
      }, function () {});
    }, true);
  });
  // A form sent before its component is live would be a plain page load: hold it back, and the
  // component sends it once it is (src/components/WaitlistForm).
  addEventListener('submit', function (event) {
    if (event.target.hasAttribute('data-live')) return;
    event.preventDefault();
    event.target.setAttribute('data-submitted', '');
  }, true);
  var workers = navigator.serviceWorker;
  if (!workers) return;
  addEventListener('load', function () {
    workers.register('/sw.js');
  });
  var offline = document.querySelector('[data-offline]');
  var button = offline && offline.querySelector('button');
  workers.onmessage = function (event) {
    var state = event.data;
    if (offline) {
      offline.hidden = false;
      offline.querySelector('output').textContent = state.text;
      button.disabled = state.busy;
    }
    document.querySelectorAll('[data-saved]').forEach(function (element) {
      element.hidden = state.saved.indexOf(element.getAttribute('data-saved')) < 0;
    });
  };
  workers.ready.then(function (registration) {
    registration.active.postMessage('status');
    if (button) {
      button.onclick = function () {
        registration.active.postMessage('save');
      };
    }
  });
}`;

/**
 * The external-link icon the classic theme puts at the top of every page's body, for its navbar,
 * footer and docs sidebar to draw. This site has its own navbar and footer and no docs, so nothing
 * draws it: 140 B of brotli on the longest article. tests/integration/built-site.test.ts fails if
 * the sprite is still there (the theme changed its markup) or if a page or script refers to it.
 */
const THEME_SPRITE =
  /<svg style="display: none;"><defs>\s*<symbol id="theme-svg-external-link"[\s\S]*?<\/svg>/;

/** Every page carries the script: minified, it leaves more of the first round trip to the page. */
function minified(code: string): string {
  const {code: minifiedCode} = transformSync(`window.pageScript=${code}`, {minify: true});
  return minifiedCode
    .trim()
    .replace(/^window\.pageScript=/, '')
    .replace(/;$/, '');
}

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
    <script>(${minified(PAGE_SCRIPT)})(<%~ urls(it.scripts) %>, <%~ urls(it.stylesheets) %>)</script>
  </body>
</html>
`;
