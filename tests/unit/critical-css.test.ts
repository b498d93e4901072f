import {criticalRules, pageRules} from '../../build-steps/critical-css';

const css = `
:root { --used: red; --unused: blue; --hover-only: 2px; --print-only: 0; }
:root { --also-unused: 0; }
@media (width >= 997px) { :root { --also-unused: 1px; } }
.menu { color: var(--used); }
.button { color: green; }
.card { padding: 1px; }
.badge { color: red; }
.card:hover { padding: var(--hover-only); }
#intro { margin: 0; }
[data-theme=dark] .card { color: var(--used); }
[data-theme=dark] .dropdown { color: black; }
html[data-theme-choice=system] .card { border: 0; }
a[target=_blank] { text-decoration: none; }
@media print { .card { display: none; margin: var(--print-only); } }
@media (width >= 640px) { .card { padding: 3px; } }
`;

const html = `<!doctype html><html lang=en><head><style>.button{}</style>
<script>document.documentElement.dataset.menu = "dropdown";</script></head>
<body><div class="card  wide" id=intro><p>Open the menu and press the button.</p>
<a href=/x target="_blank">x</a></div>
<!-- <ul class="menu"></ul> --><span title="1 > 0" class="badge">1</span></body></html>`;

describe('criticalRules', () => {
  let rules: string;
  beforeAll(async () => {
    rules = await criticalRules(css, html);
  });

  it('keeps the rules whose classes, ids and attributes are on elements', () => {
    expect(rules).toContain('.card { padding: 1px; }');
    expect(rules).toContain('#intro');
    expect(rules).toContain('a[target=_blank]');
    expect(rules).toContain('(width >= 640px)');
  });

  it('reads the markup as a browser does: a > in an attribute ends no tag', () => {
    expect(rules).toContain('.badge');
  });

  it('drops rules for class names the page only mentions in its text, scripts or comments', () => {
    expect(rules).not.toContain('.menu');
    expect(rules).not.toContain('.button');
    expect(rules).not.toContain('.dropdown');
  });

  it('keeps dark-mode and theme-choice rules for elements on the page', () => {
    expect(rules).toContain('[data-theme=dark] .card');
    expect(rules).toContain('html[data-theme-choice=system] .card');
  });

  it('drops print styles, hover states and unused custom properties', () => {
    expect(rules).not.toContain('display: none');
    expect(rules).not.toContain(':hover');
    expect(rules).not.toContain('--unused');
  });

  it('drops the custom properties only hover states and print styles read', () => {
    expect(rules).toContain('--used: red');
    expect(rules).not.toContain('--hover-only');
    expect(rules).not.toContain('--print-only');
  });

  it('leaves out the rules and media queries that held only unused custom properties', () => {
    expect(rules).not.toContain('997px');
    expect(rules).not.toMatch(/\{\s*\}/);
  });
});

describe('pageRules', () => {
  const other =
    '<!doctype html><html class=gl-home><body class=mdx-page><details><summary>Q</summary></details><p class=saved>A</p></body></html>';
  const sheet = `${css}
details[open] > summary { font-weight: bold; }
.saved[hidden] { display: none; }
.toast { position: fixed; }
.search-hit mark { font-weight: bold; }
.search-hit[aria-selected='true'] { outline: 2px solid; }
.card { padding: 4px; }
html.gl-home { scroll-behavior: smooth; }
.mdx-page details { margin: 0 auto; }
`;
  let rules: string;
  beforeAll(async () => {
    // Docusaurus gives every page's <html> and <body> classes of its own.
    const classed = html.replace('<html lang=en>', '<html lang=en class=plugin-pages>');
    rules = await pageRules(sheet, [classed.replace('<body>', '<body class=plain>'), other]);
  });

  it('keeps the classes of every page’s <html> and <body>, not only the first page’s', () => {
    expect(rules).toContain('html.gl-home');
    expect(rules).toContain('.mdx-page details');
  });

  it("keeps what any page's elements can use, states and print styles included", () => {
    expect(rules).toContain('.card:hover');
    expect(rules).toContain('@media print');
    expect(rules).toContain('--hover-only: 2px');
    expect(rules).toContain('#intro');
  });

  it('keeps the rules for a <details> once opened, and for what the page script hides', () => {
    expect(rules).toContain('details[open] > summary');
    expect(rules).toContain('.saved[hidden]');
  });

  it('keeps the search results, which the search draws without the framework', () => {
    expect(rules).toContain('.search-hit mark');
    expect(rules).toContain(".search-hit[aria-selected='true']");
  });

  it('drops what no page has: components only the framework draws', () => {
    expect(rules).not.toContain('.toast');
    expect(rules).not.toContain('.dropdown');
    expect(rules).not.toContain('--unused');
  });

  it('keeps the order of the stylesheet, so rules cascade as they did', () => {
    expect(rules.indexOf('.card:hover')).toBeLessThan(rules.indexOf('.card { padding: 4px; }'));
    expect(rules.indexOf('.card { padding: 1px; }')).toBeLessThan(rules.indexOf('.card:hover'));
  });
});
