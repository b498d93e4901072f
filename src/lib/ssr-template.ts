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
 * `sources` as ordered scripts once the document is parsed and its first contentful paint is on
 * screen. A `requestAnimationFrame` callback runs before its frame is painted, and a paint can
 * reach the screen well after that: scripts requested in between share the link with the first
 * screen, and Lighthouse bills them to the largest paint. Browsers without paint timing wait for
 * the next frame instead.
 */
export const SCRIPT_LOADER = `function (sources) {
  document.querySelectorAll('link[data-media]').forEach(function (link) {
    link.media = link.getAttribute('data-media');
  });
  var waitingFor = 2;
  function ready() {
    waitingFor -= 1;
    if (waitingFor > 0) return;
    setTimeout(function () {
      sources.forEach(function (source) {
        var script = document.createElement('script');
        script.src = source;
        script.async = false;
        document.head.appendChild(script);
      });
    }, 0);
  }
  var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (types && types.indexOf('paint') >= 0) {
    new PerformanceObserver(function (list, observer) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      ready();
    }).observe({type: 'paint', buffered: true});
  } else {
    requestAnimationFrame(ready);
  }
  if (document.readyState === 'loading') {
    document.addEventListener('DOMContentLoaded', ready);
  } else {
    ready();
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
