/** @jest-environment node */
import {criticalRules} from '../../plugins/critical-css';

const css = `
:root { --used: red; --unused: blue; --hover-only: 2px; --print-only: 0; }
:root { --also-unused: 0; }
@media (width >= 997px) { :root { --also-unused: 1px; } }
.menu { color: var(--used); }
.button { color: green; }
.card { padding: 1px; }
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
<a href=/x target="_blank">x</a></div></body></html>`;

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

  it('drops rules for class names the page only mentions in its text or its scripts', () => {
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
