/**
 * "Which way in is mine?": the travel guide answers per passport, from src/data/entry-rules.ts,
 * with each route's length of stay, purposes, end, ports, source and the day it was read; as
 * crawlers get it, with JavaScript off, from the worker's copy offline, and linkable per country.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';
import type {Locator, Page} from '@playwright/test';
import {load} from 'cheerio';
import {ruleById} from '../../src/data/entry-rules';
import {expect, test} from './fixtures';
import {setTextSize} from './text-size';

const GUIDE = '/blog/china-best-travel-destination-2025';
const CHECKED = 'read 28 November 2026';

/** What each passport must be told, route by route (none says "visa-free" where it is not). */
const ANSWERS: Record<string, {id: string; routes: RegExp[]; not: RegExp[]}> = {
  'United Kingdom': {
    id: 'united-kingdom',
    routes: [
      /One-sided 30-day visa-free scheme: Up to 30 days, open to it since 17 February 2026; announced until 31 December 2026\. For: Tourism, business/,
      /240-hour visa-free transit: Up to 240 hours/,
    ],
    not: [/Mutual visa exemption/, /Russia/],
  },
  'United States': {
    id: 'united-states',
    routes: [/240-hour visa-free transit: Up to 240 hours .*Ports: 65 designated ports/],
    not: [/One-sided/, /Mutual/],
  },
  Singapore: {
    id: 'singapore',
    routes: [
      /Mutual visa exemption: .*open to it since 9 February 2024; no announced end/,
      /240-hour visa-free transit/,
      /ASEAN tour groups into Xishuangbanna: Up to 6 days/,
    ],
    not: [/One-sided/],
  },
  Brazil: {
    id: 'brazil',
    routes: [/One-sided 30-day visa-free scheme: Up to 30 days; announced until 31 December 2026/],
    not: [/Mutual/],
  },
  Russia: {
    id: 'russia',
    routes: [
      /Russia’s one-year visa-free trial: Up to 30 days; announced to run until 14 September 2026: check whether it has been extended/,
      /240-hour visa-free transit/,
    ],
    not: [/One-sided/, /\bhas ended\b/],
  },
  Germany: {
    id: 'germany',
    routes: [/One-sided 30-day visa-free scheme: Up to 30 days; announced until 31 December 2026/],
    not: [/Mutual/],
  },
};

async function expectAnswer(row: Locator, name: string): Promise<void> {
  const {routes, not} = ANSWERS[name]!;
  await expect(row.getByText(name, {exact: true})).toBeVisible();
  const text = await row.innerText();
  for (const route of routes) expect(text).toMatch(route);
  for (const wrong of not) expect(text).not.toMatch(wrong);
  // Each route names its source, as a link, and the day it was read.
  const sources = row.getByRole('link', {name: /^Source: /});
  expect(await sources.count()).toBeGreaterThanOrEqual(routes.length);
  expect(text.split(CHECKED).length - 1).toBeGreaterThanOrEqual(routes.length);
  for (const href of await sources.evaluateAll((links) =>
    links.map((link) => link.getAttribute('href')),
  ))
    expect(href).toMatch(/^https?:\/\//);
}

/** Follows the passport's link in the list, as a reader picks it: the row is the target. */
async function pick(page: Page, name: string): Promise<Locator> {
  const {id} = ANSWERS[name]!;
  await page
    .getByRole('navigation', {name: 'Passports'})
    .getByRole('link', {name, exact: true})
    .click();
  await expect(page).toHaveURL(new RegExp(`#${id}$`));
  const row = page.locator(`[id="${id}"]`);
  await expect(row).toBeInViewport();
  expect(await row.evaluate((element) => element.matches(':target'))).toBe(true);
  return row;
}

test.describe('which way in is mine', () => {
  test('answers each passport online, linkable by its anchor', async ({page}) => {
    await page.goto(GUIDE);
    for (const name of Object.keys(ANSWERS)) await expectAnswer(await pick(page, name), name);
    await page.goto(`${GUIDE}#brazil`);
    await expect(page.locator('#brazil')).toBeInViewport();
  });

  test.describe('with JavaScript off', () => {
    test.use({javaScriptEnabled: false});
    test('answers each passport from the server’s HTML', async ({page}) => {
      await page.goto(GUIDE);
      for (const name of Object.keys(ANSWERS)) await expectAnswer(await pick(page, name), name);
    });
  });

  test('answers offline, from the copy the worker kept', async ({page, context}) => {
    await page.goto(GUIDE);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await expect
      .poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, GUIDE))
      .toBe(true);
    await context.setOffline(true);
    const response = await page.goto(GUIDE);
    expect(response?.fromServiceWorker()).toBe(true);
    for (const name of Object.keys(ANSWERS)) await expectAnswer(await pick(page, name), name);
  });

  test('fits a 320 px phone with text at 200%: no row is wider than the screen', async ({page}) => {
    await page.setViewportSize({width: 320, height: 640});
    await setTextSize(page, 200);
    await page.goto(GUIDE);
    const widest = await page
      .locator('[id="united-kingdom"], [id="russia"], [id="bosnia-and-herzegovina"]')
      .evaluateAll((rows) => Math.max(...rows.map((row) => row.scrollWidth - row.clientWidth)));
    expect(widest).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      320,
    );
  });
});

test('marks the 30-day stays to end with the scheme, in the list of routes and above the answer, noted once it has', async ({
  page,
}) => {
  const end = ruleById('one-sided-30-day')?.end;
  if (end === undefined) throw new Error('The one-sided 30-day scheme has no announced end');
  // 10:00 in Beijing on the day after its end.
  await page.clock.setFixedTime(new Date(Date.parse(`${end}T10:00:00+08:00`) + 86_400_000));
  await page.goto(GUIDE);
  const marked = page.locator('[data-rule="one-sided-30-day"]');
  for (const text of ['up to 30 days', 'one-sided 30-day scheme is announced until']) {
    const fact = marked.filter({hasText: text});
    expect(await fact.count(), `"${text}" in a marked fact`).toBeGreaterThan(0);
    await expect(fact.first().locator('[data-ended]')).toBeVisible();
  }
});

test('crawlers get every passport’s answer in the built HTML', () => {
  const html = readFileSync(path.resolve(__dirname, `../../build${GUIDE}.html`), 'utf8');
  const $ = load(html);
  for (const [name, {id, routes}] of Object.entries(ANSWERS)) {
    const text = $(`[id="${id}"]`).text().replace(/\s+/g, ' ');
    expect(text, name).toContain(name);
    for (const route of routes) expect(text).toMatch(route);
    expect(text).toContain(CHECKED);
  }
});
