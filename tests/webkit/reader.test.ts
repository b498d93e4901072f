/**
 * Journeys that depend on the engine's clock and on the framework: a guide read at 10:00 in
 * Beijing on the morning after its first marked fact ended (the engine's own clock set from
 * outside with Debian's faketime, as no WebDriver command sets it), and the waitlist form on a
 * build with a product coming soon.
 */
import assert from 'node:assert/strict';
import {after, test} from 'node:test';
import {EXPIRING_GUIDE, WAITLIST_THANKS, endedNotes, expiringGuideLastDay} from '../e2e/journeys';
import {until} from '../poll';
import {serveSite, startWebKit} from './webkit';

const WAIT = {timeoutMs: 20_000};
const cleanUp: (() => Promise<void>)[] = [];
after(async () => {
  for (const step of cleanUp.reverse()) await step();
});

const LAST_DAY = expiringGuideLastDay();
/** 10:00 in Beijing on the day after LAST_DAY. */
const NEXT_MORNING = new Date(new Date(`${LAST_DAY}T10:00:00+08:00`).getTime() + 86_400_000);

void test(`a guide read at 10:00 in Beijing the morning after ${LAST_DAY} notes the facts that ended that day`, async () => {
  const webkit = await startWebKit({clock: NEXT_MORNING});
  cleanUp.push(() => webkit.stop());
  const site = await serveSite();
  cleanUp.push(() => site.dispose());
  const browser = await webkit.open({args: ['--time-zone=Asia/Shanghai']});
  cleanUp.push(() => browser.deleteSession());
  await browser.url(site.url + EXPIRING_GUIDE);
  const [now, zone] = await browser.execute(() => [
    Date.now(),
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  ]);
  // faketime's clock runs on from its start: minutes at most have passed.
  assert.ok(now >= NEXT_MORNING.getTime() && now < NEXT_MORNING.getTime() + 600_000);
  assert.equal(zone, 'Asia/Shanghai');
  const notes = endedNotes(LAST_DAY);
  const text = () => browser.execute(() => document.querySelector('main')?.innerText ?? '');
  await until('the notes show', async () => (await text()).includes(notes.guide), WAIT);
  assert.ok((await text()).includes(notes.fact), 'the note beside a fact');
});

void test('the waitlist form on a build with a product coming soon thanks the visitor', async () => {
  const webkit = await startWebKit();
  cleanUp.push(() => webkit.stop());
  const site = await serveSite('build-waitlist');
  cleanUp.push(() => site.dispose());
  const browser = await webkit.open();
  cleanUp.push(() => browser.deleteSession());
  await browser.url(`${site.url}/`);
  const form = browser.$('#products form');
  await form.$('input[type="email"]').setValue(`webkit-${Date.now()}@example.com`);
  await form.$('button').click();
  const toast = () =>
    browser.execute(() =>
      Array.from(document.querySelectorAll('[role="alert"]'), (alert) => alert.textContent),
    );
  await until('the thanks show', async () => (await toast()).includes(WAITLIST_THANKS), WAIT);
});
