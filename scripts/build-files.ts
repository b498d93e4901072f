/**
 * Readers for two files of a build that the tests, the gates and the bench all look into: the
 * sitemap and the PNG social cards.
 */
import {load} from 'cheerio';

/**
 * The paths of the URLs a sitemap lists. With `siteOrigin`, a URL on any other origin is an error
 * (a build made for the wrong SITE_URL).
 */
export function sitemapPaths(xml: string, siteOrigin?: string): string[] {
  const $ = load(xml, {xml: true});
  return $('url > loc')
    .toArray()
    .map((element) => {
      const url = new URL($(element).text().trim());
      if (siteOrigin !== undefined && url.origin !== siteOrigin) {
        throw new Error(`Sitemap URL ${url.href} is not under ${siteOrigin}`);
      }
      return url.pathname;
    });
}

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

/** Width and height from a PNG's IHDR chunk, or undefined for anything that is not a PNG. */
export function pngSize(bytes: Uint8Array): {width: number; height: number} | undefined {
  if (bytes.length < 24 || PNG_SIGNATURE.some((byte, i) => bytes[i] !== byte)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return {width: view.getUint32(16), height: view.getUint32(20)};
}
