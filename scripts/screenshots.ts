/**
 * Screenshots of routes for looking at the result, in every combination of width, colour scheme
 * and text size, rendered with the e2e suite's fonts (DejaVu only):
 *   npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots / /blogs
 * WIDTHS (default 390,1440), SCHEMES (light,dark), TEXT_SIZES in percent (100) and FULL_PAGE
 * (1; 0 for the first screen only) change what is taken.
 */
import {mkdir} from 'node:fs/promises';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH, FONTCONFIG_FILE} from '../playwright.config';
import {setTextSize} from '../tests/e2e/text-size';

const [origin = 'http://localhost:3000', outDir = 'screenshots', ...routes] = process.argv.slice(2);
const list = (value: string | undefined, fallback: string) => (value ?? fallback).split(',');
const widths = list(process.env.WIDTHS, '390,1440').map(Number);
const schemes = list(process.env.SCHEMES, 'light,dark') as ('light' | 'dark')[];
const textSizes = list(process.env.TEXT_SIZES, '100').map(Number);
const fullPage = process.env.FULL_PAGE !== '0';

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    env: {...process.env, FONTCONFIG_FILE},
  });
  await mkdir(outDir, {recursive: true});
  for (const route of routes.length > 0 ? routes : ['/']) {
    for (const width of widths) {
      for (const colorScheme of schemes) {
        for (const textSize of textSizes) {
          const page = await browser.newPage({viewport: {width, height: 900}, colorScheme});
          await setTextSize(page, textSize);
          await page.goto(origin + route, {waitUntil: 'networkidle'});
          // Lazy images load only near the viewport, which a full-page shot never scrolls: load
          // and decode them all first, or the shot shows empty frames where they go.
          await page.evaluate(() =>
            Promise.all(
              Array.from(document.images, (image) => {
                image.loading = 'eager';
                return image.decode().catch(() => undefined);
              }),
            ),
          );
          const slug = route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home';
          const name = `${slug}-${width}-${colorScheme}-text${textSize}.png`;
          await page.screenshot({path: path.join(outDir, name), fullPage});
          console.log(path.join(outDir, name));
          if (fullPage) {
            // Tall pages also in screen-sized slices, readable when viewed one at a time.
            const height = await page.evaluate(() => document.documentElement.scrollHeight);
            for (let top = 0, slice = 1; top < height; top += 1600, slice += 1) {
              const file = path.join(outDir, name.replace('.png', `.${slice}.png`));
              await page.screenshot({
                path: file,
                fullPage: true,
                clip: {x: 0, y: top, width, height: Math.min(1600, height - top)},
              });
            }
          }
          await page.close();
        }
      }
    }
  }
  await browser.close();
}

void main();
