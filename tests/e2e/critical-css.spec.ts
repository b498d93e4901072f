/**
 * Each page paints first with only the CSS inlined in it (build-steps/critical-css); the pages'
 * stylesheet (what any page can use: hover and focus states, print) loads without blocking and
 * applies when it arrives; the framework's full stylesheet comes only with the framework. So the
 * first screen must look the same with the inline CSS alone as with the pages' stylesheet, in light
 * and in dark mode: otherwise a visitor on a slow link sees the page jump or flash when the
 * stylesheet lands. And every element must look, in every state a reader brings about, as the full
 * stylesheet would draw it.
 */
import {writeFile} from 'node:fs/promises';
import type {BrowserContext, CDPSession, Page} from '@playwright/test';
import {COLOR_SCHEMES, EVERY_PAGE, NOT_FOUND_CONSOLE, expect, test} from './fixtures';

test.use({reducedMotion: 'reduce'});
// The stylesheet is held back with page.route, which a service worker would bypass.
test.use({serviceWorkers: 'block'});

/**
 * The first screen once all it shows is in and drawn: the load event comes after the stylesheet
 * (switched to `media="all"` by the page script before it, unless held back); images on screen are
 * decoded; a frame has been drawn since (Chromium once answered a capture taken right after a
 * load with "Unable to capture screenshot"). Two loads of a page used to differ now and then in
 * how Chromium placed glyphs, not in timing: the phone project fixes that choice
 * (playwright.config.ts).
 */
async function firstScreen(page: Page, route: string): Promise<Buffer> {
  await page.goto(route, {waitUntil: 'load'});
  await page.evaluate(async () => {
    const onScreen = Array.from(document.images).filter(
      (image) => image.getBoundingClientRect().top < window.innerHeight,
    );
    await Promise.all(onScreen.map((image) => image.decode()));
    await new Promise((drawn) => requestAnimationFrame(() => requestAnimationFrame(drawn)));
  });
  return page.screenshot({animations: 'disabled'});
}

/**
 * How many pixels of two same-sized screenshots differ by more than a rasterisation wobble (an
 * image edge decoded on a different frame shifts a channel by a few levels, never by 16).
 */
async function differentPixels(context: BrowserContext, a: Buffer, b: Buffer): Promise<number> {
  const scratch = await context.newPage();
  try {
    return await scratch.evaluate(
      async (shots) => {
        const pixels = async (base64: string) => {
          const image = new Image();
          image.src = `data:image/png;base64,${base64}`;
          await image.decode();
          const canvas = document.createElement('canvas');
          [canvas.width, canvas.height] = [image.width, image.height];
          const context2d = canvas.getContext('2d')!;
          context2d.drawImage(image, 0, 0);
          return context2d.getImageData(0, 0, image.width, image.height).data;
        };
        const [first, second] = (await Promise.all(shots.map(pixels))) as [
          Uint8ClampedArray,
          Uint8ClampedArray,
        ];
        let count = 0;
        for (let i = 0; i < first.length; i += 4) {
          const channels = [0, 1, 2].map((c) =>
            Math.abs((first[i + c] ?? 0) - (second[i + c] ?? 0)),
          );
          if (Math.max(...channels) > 16) count += 1;
        }
        return count;
      },
      [a.toString('base64'), b.toString('base64')],
    );
  } finally {
    await scratch.close();
  }
}

for (const scheme of COLOR_SCHEMES) {
  test.describe(`${scheme} mode`, () => {
    test.use({colorScheme: scheme});

    for (const route of EVERY_PAGE) {
      test(`${route}: the first screen needs no more than the page's inline CSS`, async ({
        page,
        watch,
      }, testInfo) => {
        watch.expectErrors(NOT_FOUND_CONSOLE);
        watch.expectErrors(/net::ERR_FAILED/);
        // No framework scripts in either shot: both show the server's HTML as first painted.
        await page.route('**/assets/js/**', (request) => request.abort());
        const finished = await firstScreen(page, route);
        expect(
          await page.evaluate(() =>
            Array.from(document.styleSheets).some((sheet) =>
              sheet.href?.includes('/assets/css/pages.'),
            ),
          ),
          "the pages' stylesheet applied in the finished shot",
        ).toBe(true);
        await page.route('**/assets/css/**', (request) => request.abort());
        const inlineOnly = await firstScreen(page, route);
        const differences = await differentPixels(page.context(), finished, inlineOnly);
        if (differences > 0) {
          for (const [name, shot] of Object.entries({finished, inlineOnly})) {
            await writeFile(testInfo.outputPath(`${name}.png`), shot);
          }
        }
        expect(differences, 'pixels that differ with the inline CSS alone').toBe(0);
      });
    }
  });
}

test("the first paint does not wait for the pages' stylesheet, which applies once it arrives", async ({
  page,
}) => {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/css/**', async (request) => {
    await held;
    await request.continue();
  });
  await page.goto('/blog/gotcha-vs-rest', {waitUntil: 'commit'});
  const firstPaint = await page.evaluate(
    () =>
      new Promise<number | null>((resolve) => {
        setTimeout(() => resolve(null), 5000);
        new PerformanceObserver((list) => {
          const paint = list.getEntriesByName('first-contentful-paint')[0];
          if (paint) resolve(paint.startTime);
        }).observe({type: 'paint', buffered: true});
      }),
  );
  expect(firstPaint, 'painted while the stylesheet was held back').not.toBeNull();

  release();
  await expect
    .poll(() =>
      page.evaluate(() =>
        Array.from(document.styleSheets).some(
          (sheet) => sheet.href?.includes('/assets/css/pages.') && sheet.media.mediaText === 'all',
        ),
      ),
    )
    .toBe(true);
});

/** Pseudo-classes a reader brings about, forced on every element at once, one group at a time. */
const STATES = [[], ['hover'], ['active'], ['focus', 'focus-visible', 'focus-within']];

/** Every element's computed style, and its `::before` and `::after`, in document order. */
const computedStyles = (page: Page) =>
  page.evaluate(() =>
    Array.from(document.querySelectorAll('body, body *')).flatMap((element) =>
      [null, '::before', '::after'].map((pseudo) => {
        const style = getComputedStyle(element, pseudo);
        const label = `${element.tagName.toLowerCase()}.${element.className}${pseudo ?? ''}`;
        // A pseudo-element without content draws nothing, whatever else it has.
        if (pseudo && ['none', 'normal'].includes(style.content)) return `${label} {}`;
        // Custom properties show only through the properties that read them.
        const values = Array.from(style)
          .filter((name) => !name.startsWith('--'))
          .map((name) => `${name}:${style.getPropertyValue(name)}`);
        return `${label} {${values.join(';')}}`;
      }),
    ),
  );

/**
 * The page's computed styles as printed, then in each of `STATES`, then with every `<details>`
 * open; the page is left as it was found. Transitions must be off, so a forced state shows its end.
 */
async function stylesInEveryState(page: Page, cdp: CDPSession): Promise<string[]> {
  const styles: string[] = [];
  const take = async (state: string) =>
    styles.push(...(await computedStyles(page)).map((style) => `[${state}] ${style}`));
  await page.emulateMedia({media: 'print'});
  await take('print');
  await page.emulateMedia({media: 'screen'});
  const {root} = await cdp.send('DOM.getDocument', {depth: -1});
  const {nodeIds} = await cdp.send('DOM.querySelectorAll', {
    nodeId: root.nodeId,
    selector: 'body, body *',
  });
  const force = (forcedPseudoClasses: string[]) =>
    Promise.all(
      nodeIds.map((nodeId) => cdp.send('CSS.forcePseudoState', {nodeId, forcedPseudoClasses})),
    );
  for (const state of STATES) {
    await force(state);
    await take(state.join() || 'at rest');
  }
  await force([]);
  const openDetails = (open: boolean) =>
    page.evaluate((to) => document.querySelectorAll('details').forEach((d) => (d.open = to)), open);
  await openDetails(true);
  await take('open');
  await openDetails(false);
  return styles;
}

for (const scheme of COLOR_SCHEMES) {
  test.describe(`${scheme} mode`, () => {
    test.use({colorScheme: scheme});

    for (const route of EVERY_PAGE) {
      test(`${route}: every element looks, in every state, as the full stylesheet draws it`, async ({
        page,
        watch,
      }) => {
        // Each element is compared in every state: a guide has a thousand or more (the travel
        // guide's passport answer twice that), where the other pages have a few hundred.
        test.slow(route.startsWith('/blog/'));
        watch.expectErrors(NOT_FOUND_CONSOLE);
        watch.expectErrors(/net::ERR_FAILED/);
        await page.route('**/assets/js/**', (request) => request.abort());
        await page.goto(route, {waitUntil: 'load'});
        const sheets = await page.evaluate(() => {
          const linked = (href: string) =>
            Array.from(document.styleSheets).find((sheet) => sheet.href?.includes(href));
          return {
            pages: linked('/assets/css/pages.')?.media.mediaText,
            full: linked('/assets/css/styles.') !== undefined,
          };
        });
        expect(sheets, "the pages' stylesheet applied, the full one absent").toEqual({
          pages: 'all',
          full: false,
        });
        await page.addStyleTag({content: '*, ::before, ::after { transition: none !important; }'});
        const cdp = await page.context().newCDPSession(page);
        await cdp.send('DOM.enable');
        await cdp.send('CSS.enable');
        const withPagesSheet = await stylesInEveryState(page, cdp);

        const href = await page.evaluate(() => {
          const script = Array.from(document.scripts).at(-1)?.textContent ?? '';
          return /"(\/assets\/css\/styles\.[\w]+\.css)"/.exec(script)?.[1];
        });
        expect(href, "the full stylesheet's address, in the page script").toBeTruthy();
        await page.evaluate(
          (url) =>
            new Promise((resolve) => {
              const link = Object.assign(document.createElement('link'), {
                rel: 'stylesheet',
                href: url,
              });
              link.onload = resolve;
              document.head.append(link);
            }),
          href!,
        );
        const withFullSheet = await stylesInEveryState(page, cdp);

        expect(withPagesSheet.length).toBe(withFullSheet.length);
        const differences = withPagesSheet.flatMap((style, i) => {
          const full = withFullSheet[i] ?? '';
          if (style === full) return [];
          const properties = (text: string) => text.slice(text.indexOf('{') + 1, -1).split(';');
          const theirs = properties(full);
          const changed = properties(style).filter((property, p) => property !== theirs[p]);
          return [
            `${style.slice(0, style.indexOf('{'))}: ${changed.join('; ')} (full: ${changed.map((c) => theirs[properties(style).indexOf(c)]).join('; ')})`,
          ];
        });
        expect(
          differences.slice(0, 5),
          'elements styled otherwise than by the full stylesheet',
        ).toEqual([]);
      });
    }
  });
}
