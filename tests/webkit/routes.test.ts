/**
 * Every route at the narrowest window, light and dark, with the text enlarged, and with
 * JavaScript off: nothing wider than the window, nothing cut off, the page's title and
 * navigation there.
 */
import assert from 'node:assert/strict';
import {mkdir} from 'node:fs/promises';
import path from 'node:path';
import {test} from 'node:test';
import {EVERY_PAGE, cutOffContent} from '../e2e/journeys';
import {webKitSession, type Browser} from './session';
import {NARROWEST} from './webkit';

const session = webKitSession();

async function expectFits(browser: Browser, where: string): Promise<void> {
  const width = await browser.execute(() => document.documentElement.scrollWidth);
  assert.equal(width, NARROWEST, `${where}: page width`);
  assert.deepEqual(await browser.execute(cutOffContent), [], `${where}: content cut off`);
}

const RUNS = [
  {name: 'light', args: [], dark: false, defaultText: '16px'},
  {name: 'dark', args: ['--dark-mode'], dark: true, defaultText: '16px'},
  {name: 'text at 200%', args: [], dark: false, defaultText: '32px', textSize: 200},
] as const;

/** Looked at by a person when the pages' design changes (test-results/ is not committed). */
const SCREENSHOTS = path.resolve(__dirname, '../../test-results/webkit');
const PHOTOGRAPHED = [
  '/',
  '/blogs',
  '/blog/taobao-guide',
  '/gotcha-screen-translator/privacy-policy',
];

for (const run of RUNS) {
  void test(`every route fits ${NARROWEST} px, ${run.name}`, async () => {
    const browser = await session.open(run);
    for (const route of EVERY_PAGE) {
      await browser.url(session.site.url + route);
      const where = `${route} (${run.name})`;
      const [dark, defaultText] = await browser.execute(() => {
        // The browser's default text size: what `medium` is.
        const probe = document.body.appendChild(document.createElement('span'));
        probe.style.fontSize = 'medium';
        const size = getComputedStyle(probe).fontSize;
        probe.remove();
        return [matchMedia('(prefers-color-scheme: dark)').matches, size] as const;
      });
      assert.equal(dark, run.dark, `${where}: dark`);
      assert.equal(defaultText, run.defaultText, `${where}: default text size`);
      await expectFits(browser, where);
      if (PHOTOGRAPHED.includes(route) && !('textSize' in run)) {
        await mkdir(SCREENSHOTS, {recursive: true});
        const name = route.slice(1).replace(/\W+/g, '-') || 'home';
        await browser.saveScreenshot(path.join(SCREENSHOTS, `${name}-${run.name}.png`));
      }
    }
  });
}

void test('every route is complete with JavaScript off', async () => {
  const browser = await session.open({args: ['--enable-javascript=false']});
  for (const route of EVERY_PAGE) {
    await browser.url(session.site.url + route);
    assert.ok(await browser.$('h1').isDisplayed(), `${route}: title shown`);
    assert.equal(
      await browser.$('header a[href="/#products"]').getText(),
      'Products',
      `${route}: header links`,
    );
    assert.ok(
      await browser.$('footer a[href$="privacy-policy"]').isDisplayed(),
      `${route}: footer`,
    );
  }
});
