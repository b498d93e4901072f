import {brotliCompressSync} from 'node:zlib';
import {sum} from './util';

/**
 * CSS the first paint of `html` waits for: its inline `<style>` (brotli) and the stylesheets its
 * head links for screens, at their transferred size in `responses`; not those loaded without
 * blocking (`media="print"` switched on later) nor `<noscript>` copies.
 */
export function renderBlockingCss(
  html: string,
  responses: readonly {url: string; bytes: number}[],
): number {
  const head = (html.split(/<\/head>/i)[0] ?? '').replace(/<noscript>[\s\S]*?<\/noscript>/gi, '');
  const inline = [...head.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/gi)].map((m) => m[1]).join('');
  const inlineBytes = inline === '' ? 0 : brotliCompressSync(inline).length;
  const blockingHrefs = [...head.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => /\brel="?stylesheet\b/i.test(tag))
    .filter((tag) => !/\bmedia=["']?(?!(?:all|screen)\b)[^"'\s>]/i.test(tag))
    .map((tag) => /\bhref="?([^"\s>]+)/i.exec(tag)?.[1] ?? '');
  const linked = responses.filter((entry) =>
    blockingHrefs.some((href) => href !== '' && new URL(entry.url).pathname === href),
  );
  return inlineBytes + sum(linked.map((entry) => entry.bytes));
}
