/**
 * A fact marked to end (`<Expires>`) ends on the reader's day in China, not on the day the site
 * was built: the guide whose marked fact ends first, whichever it is, read online, from the
 * service worker's cache and from "Save all guides" offline, with the browser's clock set on
 * either side of that fact's last day.
 */
import type {BrowserContext, Locator, Page} from '@playwright/test';
import {ruleById} from '../../src/data/entry-rules';
import {firstToEnd} from '../guides';
import {expect, hydrate, test} from './fixtures';
import {ALL_SAVED, EXPIRING_GUIDE, endedNotes, expiringGuideLastDay} from './journeys';

const GUIDE = EXPIRING_GUIDE;
const LAST_DAY = expiringGuideLastDay();
const NOTES = endedNotes(LAST_DAY);
/** The rules the guide's marks name, each of which must show its note once it has ended. */
const RULES = [...new Set(firstToEnd().guide.marks.flatMap(({rule}) => rule ?? []))];
/** 23:55 on the fact's last day in Beijing, 00:05 on the next, and 10:00 that morning. */
const LAST_MINUTES = new Date(`${LAST_DAY}T23:55:00+08:00`);
const NEXT_DAY = new Date(LAST_MINUTES.getTime() + 10 * 60_000);
const NEXT_MORNING = new Date(NEXT_DAY.getTime() + (10 * 60 - 5) * 60_000);

const factNote = (page: Page) => page.getByText(NOTES.fact);
const articleNotice = (page: Page) => page.getByText(NOTES.guide);

/**
 * Each rule noted more than once in one section (from one h2 or h3 to the next), as
 * "rule in section"; none when the reader sees at most one note per rule per section.
 */
function notesPerRuleAndSection(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const seen = new Set<string>();
    const repeated: string[] = [];
    const headings = [...document.querySelectorAll('main h2, main h3')];
    for (const note of document.querySelectorAll<HTMLElement>('[data-ended]')) {
      if (note.hidden) continue;
      const mark = note.closest<HTMLElement>('[data-expires]');
      const section = headings
        .filter(
          (heading) => heading.compareDocumentPosition(note) & Node.DOCUMENT_POSITION_FOLLOWING,
        )
        .at(-1);
      const key = `${mark?.dataset.rule ?? mark?.dataset.expires} in ${section?.id ?? 'the top'}`;
      if (seen.has(key)) repeated.push(key);
      seen.add(key);
    }
    return repeated;
  });
}

async function expectEnded(page: Page, ended: boolean): Promise<void> {
  const state = ended ? 'visible' : 'hidden';
  await factNote(page).first().waitFor({state});
  await articleNotice(page).waitFor({state});
}

/** Opens a page and waits until the service worker runs and has it saved. */
async function openWithWorker(page: Page, route: string): Promise<void> {
  await page.goto(route);
  await page.evaluate(() => navigator.serviceWorker.ready);
  await expect
    .poll(() => page.evaluate(async (url) => (await caches.match(url)) !== undefined, route))
    .toBe(true);
}

async function offlineOnTheNextDay(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.clock.setFixedTime(NEXT_DAY);
  const response = await page.goto(GUIDE);
  expect(response?.fromServiceWorker()).toBe(true);
}

test.describe(`${GUIDE}'s fact that ends on ${LAST_DAY}`, () => {
  test('holds to the last minute of its day in Beijing', async ({page}) => {
    await page.clock.setFixedTime(LAST_MINUTES);
    await page.goto(GUIDE);
    await expect(page.locator(`[data-expires="${LAST_DAY}"]`).first()).toBeVisible();
    await expectEnded(page, false);
  });

  test('has ended at 00:05 the next day in Beijing: a note beside it and at the top', async ({
    page,
  }) => {
    await page.clock.setFixedTime(NEXT_DAY);
    await page.goto(GUIDE);
    await expectEnded(page, true);
    // The notice comes under the title, before the article's first section.
    const top = async (locator: Locator) => (await locator.boundingBox())?.y ?? NaN;
    const noticeTop = await top(articleNotice(page));
    expect(noticeTop).toBeGreaterThan(await top(page.getByRole('heading', {level: 1})));
    expect(noticeTop).toBeLessThan(await top(page.getByRole('heading', {level: 2}).first()));
  });

  test('marks only the words that end, with one note per rule per section', async ({page}) => {
    await page.clock.setFixedTime(NEXT_MORNING);
    await page.goto(GUIDE);
    await expectEnded(page, true);
    const marked = page.locator('[data-expires]');
    const markedText = (await marked.allInnerTexts()).join('\n');
    // Routes that go on whatever happens to the 30-day scheme carry no note, nor do the 29
    // mutual exemptions counted beside it.
    expect(markedText).not.toMatch(/240-hour|ordinary visa|29 countries|mutual/i);
    // Each rule the guide marks has its words marked, with the note, once past its end.
    for (const rule of RULES.filter((id) => (ruleById(id)?.end ?? '') <= LAST_DAY)) {
      const fact = page.locator(`[data-rule="${rule}"]`);
      expect(await fact.count(), `a marked fact of ${rule}`).toBeGreaterThan(0);
      await expect(fact.first().locator('[data-ended]')).toBeVisible();
    }
    // Every note and the notice ask the reader to check for an extension; none says it ended.
    const notes = await page.locator('[data-ended]:visible').allInnerTexts();
    expect(notes.length).toBeGreaterThan(0);
    for (const note of notes)
      expect(note).toMatch(/announced to end on .*check whether it has been extended/);
    expect(await page.locator('main').innerText()).not.toMatch(
      /\bThis ended\b|\brules in this guide ended\b|\btrial has ended\b/,
    );
    expect(await notesPerRuleAndSection(page)).toEqual([]);
  });

  test('stays ended once the framework hydrates the page', async ({page}) => {
    await page.clock.setFixedTime(NEXT_DAY);
    await page.goto(GUIDE);
    await expectEnded(page, true);
    await hydrate(page);
    await expectEnded(page, true);
  });

  test('ends in the copy the worker kept when it was read the day before', async ({
    page,
    context,
  }) => {
    await page.clock.setFixedTime(LAST_MINUTES);
    await openWithWorker(page, GUIDE);
    await expectEnded(page, false);
    await offlineOnTheNextDay(page, context);
    await expectEnded(page, true);
  });

  test('ends in the copy "Save all guides" kept', async ({page, context}) => {
    await page.clock.setFixedTime(LAST_MINUTES);
    await openWithWorker(page, '/blogs');
    const control = page.getByRole('region', {name: 'Read offline'});
    await control.getByRole('button', {name: 'Save all guides for offline'}).click();
    await expect(control.locator('output')).toHaveText(ALL_SAVED);
    await offlineOnTheNextDay(page, context);
    await expectEnded(page, true);
  });
});
