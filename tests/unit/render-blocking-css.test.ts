import {brotliCompressSync} from 'node:zlib';
import {renderBlockingCss} from '../../bench/render-blocking-css';

const sheet = (url: string, bytes: number) => ({url: `http://127.0.0.1:4300${url}`, bytes});
const responses = [sheet('/assets/css/a.css', 9000), sheet('/assets/css/b.css', 700)];
const css = ':root{--a:1}body{margin:0}';

describe('the bench: CSS that blocks the first paint', () => {
  it('counts a stylesheet linked for screens, and the inline style compressed', () => {
    const html = `<html><head><style>${css}</style><link rel="stylesheet" href="/assets/css/a.css"></head><body></body></html>`;
    expect(renderBlockingCss(html, responses)).toBe(brotliCompressSync(css).length + 9000);
  });

  it('leaves out sheets loaded without blocking, and noscript copies of them', () => {
    const html =
      '<html><head><link rel=stylesheet href=/assets/css/a.css media=print data-media=all>' +
      '<noscript><link rel=stylesheet href=/assets/css/a.css></noscript>' +
      '<link rel="stylesheet" href="/assets/css/b.css" media="screen"></head><body>' +
      '<link rel="stylesheet" href="/assets/css/a.css"></body></html>';
    expect(renderBlockingCss(html, responses)).toBe(700);
  });
});
