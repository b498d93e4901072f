/**
 * The limit the site is measured against: a copy of the build whose pages have no script element
 * and no script preload, so nothing but HTML, CSS, images and fonts competes with the first paint.
 */
import {cp, readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import * as cheerio from 'cheerio';
import {writeCompressedForms} from '../plugins/precompress/compress';

export async function copyWithoutScripts(buildDir: string, outDir: string): Promise<void> {
  await cp(buildDir, outDir, {recursive: true});
  const pages = (await readdir(outDir, {recursive: true})).filter((file) => file.endsWith('.html'));
  for (const page of pages) {
    const file = path.join(outDir, page);
    const $ = cheerio.load(await readFile(file, 'utf8'));
    $('script, link[rel="modulepreload"], link[rel="preload"][as="script"]').remove();
    await writeFile(file, $.html());
    // The copied .br and .gz forms still hold the scripts; servers would send them instead.
    await writeCompressedForms(file);
  }
}
