/**
 * The page script as pages carry it: built from src/lib/page-script.ts into the template (esbuild
 * runs in Node only), then run in a document as a browser would, with no framework.
 */
import {brotliCompressSync} from 'node:zlib';
import {JSDOM} from 'jsdom';
import {buildPageScript, ssrTemplate} from '../../build-steps/page-template/ssr-template';

const ARTICLE = `<!DOCTYPE html><html><head></head><body>
  <p data-ended-notice="content" hidden>Some rules in this guide were announced to end on <time></time>; check them.</p>
  <div id="content"><span data-expires="2026-12-31">Visa-free.<strong data-ended hidden> (This was announced to end on <time>31 December 2026</time>)</strong></span></div>
  <footer><span data-year>2026</span></footer>
</body></html>`;

describe('the inlined page script', () => {
  const code = buildPageScript();

  it('is one minified script, given the page its URLs by the template', () => {
    expect(code).not.toContain('\n');
    expect(ssrTemplate).toContain('[<%~ urls(it.scripts) %>, <%~ urls(it.stylesheets) %>]');
    expect(ssrTemplate).not.toContain('PAGE_SCRIPT_FILES');
  });

  it('stays within 1,200 B of brotli: every page carries it in its first round trip', () => {
    // 1,100 B on 27 November 2026; the ES5 string it replaced was 703 B for fewer features.
    // 1,186 B on 28 November 2026, with the iPhone's rules for "save all guides" (persistent
    // storage, what a browser with no service worker says instead).
    expect(brotliCompressSync(code).length).toBeLessThanOrEqual(1_200);
  });

  it("keeps out what it does not run, such as the legal pages' old inline date script", () => {
    expect(code).not.toContain('currentScript');
  });

  it("runs in a page with no framework: marks an ended fact on the reader's day and writes the year", () => {
    const dom = new JSDOM(ARTICLE, {runScripts: 'outside-only'});
    const {window} = dom;
    // The reader's clock: 1 January 2027, 10:00 in Beijing.
    const now = Date.parse('2027-01-01T10:00:00+08:00');
    window.eval(
      `Date = class extends Date { constructor(...a) { super(...(a.length ? a : [${now}])); } };`,
    );
    window.eval(code.replace('PAGE_SCRIPT_FILES', '[[], []]'));
    const {document} = window;
    expect(document.querySelector('[data-ended]')?.hasAttribute('hidden')).toBe(false);
    expect(document.querySelector('[data-ended-notice]')?.hasAttribute('hidden')).toBe(false);
    expect(document.querySelector('[data-ended-notice] time')?.textContent).toBe(
      '31 December 2026',
    );
    expect(document.querySelector('[data-year]')?.textContent).toBe('2027');
    expect(document.head.querySelectorAll('script')).toHaveLength(0);
  });
});
