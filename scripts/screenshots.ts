/**
 * Screenshots of routes at phone and desktop widths, light and dark, for looking at the result:
 *   npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots / /blogs
 */
import {mkdir} from 'node:fs/promises';
import path from 'node:path';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS} from '../playwright.config';

const [origin = 'http://localhost:3000', outDir = 'screenshots', ...routes] = process.argv.slice(2);
const widths = {phone: 390, desktop: 1440} as const;

async function main(): Promise<void> {
  const browser = await chromium.launch({executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS});
  await mkdir(outDir, {recursive: true});
  for (const route of routes.length > 0 ? routes : ['/']) {
    for (const [device, width] of Object.entries(widths)) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const page = await browser.newPage({viewport: {width, height: 900}, colorScheme});
        await page.goto(origin + route, {waitUntil: 'networkidle'});
        // Scroll through once so lazy images load before the full-page shot.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForLoadState('networkidle');
        const name = `${route.replace(/[^a-z0-9]+/gi, '_').replace(/^_|_$/g, '') || 'home'}-${device}-${colorScheme}.png`;
        await page.screenshot({path: path.join(outDir, name), fullPage: true});
        console.log(path.join(outDir, name));
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
        await page.close();
      }
    }
  }
  await browser.close();
}

void main();
