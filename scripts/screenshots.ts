/**
 * Screenshots of routes for looking at the result, in every combination of width, colour scheme
 * and text size, rendered with the e2e suite's fonts (DejaVu only):
 *   npx tsx scripts/screenshots.ts http://localhost:3000 /tmp/shots / /blogs
 * WIDTHS (default 390,1440), SCHEMES (light,dark), TEXT_SIZES in percent (100) and FULL_PAGE
 * (1: screen after screen down to the page's end, as a visitor scrolls; 0: the first screen only)
 * change what is taken; CLOCK (an ISO date, e.g. 2027-01-01T10:00:00+08:00) sets the browser's
 * clock, to see the pages as a reader does on that day. Screens after the first are named
 * `<shot>.2.png`, `<shot>.3.png`, ….
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
const clock = process.env.CLOCK ? new Date(process.env.CLOCK) : undefined;
const HEIGHT = 900;

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
          const page = await browser.newPage({viewport: {width, height: HEIGHT}, colorScheme});
          await setTextSize(page, textSize);
          if (clock) await page.clock.setFixedTime(clock);
          await page.goto(origin + route, {waitUntil: 'networkidle'});
          // Load and decode every lazy image first: a screenshot right after a scroll would
          // catch them as empty frames.
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
          // Screens, not Playwright's fullPage: a full-page shot resets the page's emulation, and
          // the text size with it, so it showed every page at 100 %. Each screen starts where the
          // last one ended under the sticky header.
          const {end, header} = await page.evaluate(() => {
            const banner = document.querySelector('header');
            const sticky = banner && getComputedStyle(banner).position === 'sticky';
            const scrollEnd = document.documentElement.scrollHeight - window.innerHeight;
            return {end: scrollEnd, header: sticky ? banner.offsetHeight : 0};
          });
          const step = HEIGHT - header;
          const screens = fullPage ? Math.ceil(end / step) + 1 : 1;
          const tops = Array.from({length: screens}, (_, index) => Math.min(index * step, end));
          for (const [index, top] of tops.entries()) {
            await page.evaluate((y) => window.scrollTo({top: y, behavior: 'instant'}), top);
            const file = index === 0 ? name : name.replace('.png', `.${index + 1}.png`);
            await page.screenshot({path: path.join(outDir, file)});
            console.log(path.join(outDir, file));
          }
          await page.close();
        }
      }
    }
  }
  await browser.close();
}

void main();
