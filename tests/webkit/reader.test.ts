/**
 * Journeys that depend on the engine's clock and on the framework: a guide read at 10:00 in
 * Beijing on the morning after its first marked fact ended (the engine's own clock set from
 * outside with Debian's faketime, as no WebDriver command sets it), and the waitlist form on a
 * build with a product coming soon.
 */
import assert from 'node:assert/strict';
import {describe, test} from 'node:test';
import {EXPIRING_GUIDE, WAITLIST_THANKS, endedNotes, expiringGuideLastDay} from '../e2e/journeys';
import {until} from '../poll';
import {webKitSession} from './session';

const WAIT = {timeoutMs: 20_000};

const LAST_DAY = expiringGuideLastDay();
/** 10:00 in Beijing on the day after LAST_DAY. */
const NEXT_MORNING = new Date(new Date(`${LAST_DAY}T10:00:00+08:00`).getTime() + 86_400_000);

void describe(`the morning after ${LAST_DAY} in Beijing`, () => {
  const session = webKitSession({clock: NEXT_MORNING});

  void test(`a guide read at 10:00 notes the facts that ended on ${LAST_DAY}`, async () => {
    const browser = await session.open({args: ['--time-zone=Asia/Shanghai']});
    await browser.url(session.site.url + EXPIRING_GUIDE);
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
});

void describe('on a build with a product coming soon', () => {
  const session = webKitSession({build: 'build-waitlist'});

  void test('the waitlist form thanks the visitor', async () => {
    const browser = await session.open();
    await browser.url(`${session.site.url}/`);
    const form = browser.$('#products form');
    await form.$('input[type="email"]').setValue(`webkit-${Date.now()}@example.com`);
    await form.$('button').click();
    const toast = () =>
      browser.execute(() =>
        Array.from(document.querySelectorAll('[role="alert"]'), (alert) => alert.textContent),
      );
    await until('the thanks show', async () => (await toast()).includes(WAITLIST_THANKS), WAIT);
  });
});
