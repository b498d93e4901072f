/**
 * The HTML page template for the static build (Docusaurus's `ssrTemplate`), changed in one way:
 * the framework's scripts are not `<script defer>` tags in the head but are appended by a small
 * inline loader once the page has been parsed and painted; and the stylesheet does not block the
 * first paint (each page carries the CSS it needs inline: plugins/critical-css), the loader
 * switches it on as it arrives.
 *
 * Why: every page is complete without JavaScript (it is prerendered), so nothing on the first
 * screen needs to wait for the ~100 KB of framework code. Deferred tags in the head are fetched
 * at once and compete with the first screen on a slow link, and Lighthouse's simulation bills
 * them to the largest paint. The loader keeps their order (`async = false`), so hydration,
 * client-side navigation and search work as before, only later.
 */

/**
 * The loader, as the browser runs it (plain ES5, no build step): applies the stylesheets linked
 * as `media="print" data-media="all"` (they download without blocking the paint), then appends
 * `sources` as ordered scripts after DOMContentLoaded and the next painted frame.
 */
export const SCRIPT_LOADER = `function (sources) {
  document.querySelectorAll('link[data-media]').forEach(function (link) {
    link.media = link.getAttribute('data-media');
  });
  function load() {
    sources.forEach(function (source) {
      var script = document.createElement('script');
      script.src = source;
      script.async = false;
      document.head.appendChild(script);
    });
  }
  function afterPaint() {
    requestAnimationFrame(function () {
      setTimeout(load, 0);
    });
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', afterPaint);
  } else {
    afterPaint();
  }
}`;

export const ssrTemplate = `<!DOCTYPE html>
<html <%~ it.htmlAttributes %>>
  <head>
    <meta charset="UTF-8">
    <meta name="generator" content="Docusaurus v<%= it.version %>">
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
    <%~ it.preBodyTags %>
    <div id="__docusaurus"><%~ it.appHtml %></div>
    <%~ it.postBodyTags %>
    <script>(${SCRIPT_LOADER})(<%~ JSON.stringify(it.scripts.map((script) => it.baseUrl + script)).replace(/</g, '\\\\u003c') %>)</script>
  </body>
</html>
`;
