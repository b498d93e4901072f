import {
  brokenReferences,
  crawlerProblems,
  cspProblems,
  foreignCssReferences,
  foreignScriptOrigins,
  htmlErrors,
  parse,
  structuredDataPaths,
  unsafeExternalLinks,
  type PageContext,
} from '../gates/site-checks';

const siteOrigin = 'https://gotchalabs.app';
const files = new Set(['/index.html', '/blogs.html', '/img/logo.svg', '/img/social/blogs.png']);
const ids = new Map([['/index.html', new Set(['products'])]]);
const idsOf = (file: string) => ids.get(file) ?? new Set<string>();

/** A page that passes every gate; each test breaks one thing in it. */
function page(body: string, head = DEFAULT_HEAD): PageContext {
  return {
    page: '/blogs',
    $: parse(
      `<!doctype html><html lang="en"><head>${head}</head><body><main>${body}</main></body></html>`,
    ),
    siteOrigin,
  };
}

const DEFAULT_HEAD = `<meta charset="utf-8"><title>Blog | Gotcha Labs</title>
<meta name="description" content="Guides for English speakers in China: apps, payments, shopping and travel.">
<link rel="canonical" href="${siteOrigin}/blogs"><meta property="og:url" content="${siteOrigin}/blogs">
<meta property="og:title" content="Blog"><meta property="og:description" content="Guides">
<meta name="twitter:card" content="summary_large_image">
<meta property="og:image" content="${siteOrigin}/img/social/blogs.png">
<meta name="twitter:image" content="${siteOrigin}/img/social/blogs.png">`;

const GOOD_BODY = `<h1>Blog</h1><img src="/img/logo.svg" alt="Logo" width="10" height="10">
<a href="/#products">Products</a> <a href="https://www.taobao.com" target="_blank" rel="noopener noreferrer">Taobao</a>`;

const isCard = (urlPath: string) => urlPath === '/img/social/blogs.png';

describe('the gates pass a good page', () => {
  it('on every check', async () => {
    const good = page(GOOD_BODY);
    expect(await htmlErrors(good.$.html(), good.page)).toEqual([]);
    expect(brokenReferences(good, files, idsOf)).toEqual([]);
    expect(unsafeExternalLinks(good)).toEqual([]);
    expect(crawlerProblems(good, '/blogs', isCard)).toEqual([]);
  });
});

describe('a deliberately broken page fails the right gate', () => {
  it('an image without alt text fails HTML validation', async () => {
    const broken = page('<h1>Blog</h1><img src="/img/logo.svg" width="10" height="10">');
    expect(await htmlErrors(broken.$.html(), broken.page)).toEqual([
      expect.stringContaining('wcag/h37'),
    ]);
  });

  it('a dead internal link, and a link to a missing #anchor, fail the link check', () => {
    const broken = page('<a href="/blog/no-such-post">x</a> <a href="/#pricing">y</a>');
    expect(brokenReferences(broken, files, idsOf)).toEqual([
      '/blogs: /blog/no-such-post does not exist',
      '/blogs: /#pricing points to #pricing, which is not on that page',
    ]);
  });

  it('a third-party script fails the other-origin check', () => {
    const broken = page('<script src="https://www.googletagmanager.com/gtag/js"></script>');
    expect(brokenReferences(broken, files, idsOf)).toEqual([
      '/blogs: loads https://www.googletagmanager.com/gtag/js from another origin',
    ]);
  });

  it('a web font from another origin in CSS, or a new origin in a script, fails', () => {
    expect(
      foreignCssReferences(
        '@import "https://fonts.googleapis.com/css2?family=Inter";',
        '/a.css',
        siteOrigin,
      ),
    ).toEqual(['/a.css: refers to https://fonts.googleapis.com/css2?family=Inter']);
    expect(
      foreignScriptOrigins(
        'fetch("https://api.analytics.example/collect")',
        '/a.js',
        new Set([siteOrigin]),
      ),
    ).toEqual(['/a.js: names https://api.analytics.example']);
  });

  it('an external link that opens in the same tab fails the new-tab check', () => {
    const broken = page('<a href="https://www.taobao.com">Taobao</a>');
    expect(unsafeExternalLinks(broken)).toEqual([
      '/blogs: https://www.taobao.com must open in a new tab with rel="noopener noreferrer"',
    ]);
  });

  it('a page without a description fails the crawler check', () => {
    const broken = page(GOOD_BODY, DEFAULT_HEAD.replace(/<meta name="description"[^>]*>/, ''));
    expect(crawlerProblems(broken, '/blogs', isCard)).toEqual([
      '/blogs: has no meta description of 50+ characters',
    ]);
  });

  it('a sharing image that is not a card in the build fails the crawler check', () => {
    const broken = page(
      GOOD_BODY,
      DEFAULT_HEAD.replaceAll('/img/social/blogs.png', '/img/hero.svg'),
    );
    expect(crawlerProblems(broken, '/blogs', isCard)).toEqual([
      `/blogs: og:image ${siteOrigin}/img/hero.svg is not a 1200×630 PNG in the build`,
      `/blogs: twitter:image ${siteOrigin}/img/hero.svg is not a 1200×630 PNG in the build`,
    ]);
  });

  it('a home page without its structured data fails the crawler check', () => {
    const home = {...page(GOOD_BODY, DEFAULT_HEAD.replaceAll('/blogs"', '/"')), page: '/'};
    expect(crawlerProblems(home, '/', isCard)).toEqual([
      '/: has no Organization structured data',
      '/: has no WebSite structured data',
      '/: has no MobileApplication structured data',
    ]);
  });

  describe('a CSP and the pages it is sent with', () => {
    // sha256 of "run()" and of "p{}", base64, as a browser computes them.
    const RUN = "'sha256-AvyuiL0SD1mVY3NNxR+V2uo+lhk6RMFrytWmRt6CrJQ='";
    const STYLE = "'sha256-gG2yISYereRMiG2lMXrbiUgi0Ubw9p7QCeWcroOvy9Y='";
    const withInline = page(
      '<h1>Blog</h1><p style="color: red">x</p><style>p{}</style><script>run()</script>' +
        '<script type="application/ld+json">{}</script>',
    );
    const csp = (scriptSrc: string, styleSrc = "'self' 'unsafe-inline'") =>
      `default-src 'self'; script-src ${scriptSrc}; style-src ${styleSrc}`;

    it('passes when each inline script is hashed and inline styles are allowed', () => {
      expect(cspProblems(csp(`'self' ${RUN}`), [withInline])).toEqual([]);
    });

    it('an inline script without its hash, or a hash no page has, fails', () => {
      expect(cspProblems(csp(`'self' 'sha256-stale='`), [withInline])).toEqual([
        `/blogs: inline script ${RUN} is refused`,
        "the CSP lists 'sha256-stale=', which no page's inline script has",
      ]);
    });

    it('a style hash beside unsafe-inline refuses the style attributes', () => {
      expect(
        cspProblems(csp(`'self' ${RUN}`, `'self' 'unsafe-inline' ${STYLE}`), [withInline]),
      ).toEqual(["/blogs: style attributes are refused (style-src needs 'unsafe-inline')"]);
    });
  });
});

describe("the site's URLs in structured data", () => {
  it('collects every one, however deep, and no other origin', () => {
    const data = {
      '@context': 'https://schema.org',
      '@graph': [
        {'@id': `${siteOrigin}/#organization`, logo: `${siteOrigin}/img/brand/logo.svg`},
        {
          '@type': 'WebSite',
          url: siteOrigin,
          sameAs: ['https://www.instagram.com/gotchalabs'],
          potentialAction: {target: `${siteOrigin}/search?q={search_term_string}`},
        },
      ],
    };
    const breadcrumbs = [{itemListElement: [{item: `${siteOrigin}/blog/%E6%B7%98%E5%AE%9D`}]}];
    const $ = parse(
      `<script type="application/ld+json">${JSON.stringify(data)}</script>
      <script type="application/ld+json">${JSON.stringify(breadcrumbs)}</script>
      <script type="application/ld+json">{not json</script>`,
    );
    expect(structuredDataPaths($, siteOrigin).sort()).toEqual([
      '/',
      '/blog/淘宝',
      '/img/brand/logo.svg',
      '/search',
    ]);
  });
});
