/**
 * @jest-environment jsdom
 *
 * The script every page runs without the framework (src/lib/page-script.ts), in jsdom: each part
 * as a visitor meets it, then the built, inlined form the template carries.
 */
import {
  holdEarlySubmit,
  loadOnIntent,
  markEndedFacts,
  showCannotSave,
  showWorkerState,
  writeVisitorDay,
  writeYear,
} from '../../src/lib/page-script';
import {toLongDate} from '../../src/lib/dates';

/** An article as src/components/Expires and the post layout render it. */
export const ARTICLE = `
  <article>
    <p data-ended-notice="content" hidden>Some rules in this guide were announced to end on <time></time>; check them.</p>
    <div id="content">
      <span data-expires="2026-12-31">Visa-free until 31 December 2026.<strong data-ended hidden> (This was announced to end on <time>31 December 2026</time>)</strong></span>
      <span data-expires="2027-06-30">Another rule.<strong data-ended hidden> (This was announced to end on <time>30 June 2027</time>)</strong></span>
    </div>
    <section>
      <p><span data-expires="2026-06-30">A related guide's blurb.<strong data-ended hidden> (This was announced to end on <time>30 June 2026</time>)</strong></span></p>
    </section>
  </article>`;

function endedNotes(): string[] {
  return [...document.querySelectorAll('[data-expires]')]
    .filter((fact) => !fact.querySelector('[data-ended]')?.hasAttribute('hidden'))
    .map((fact) => fact.getAttribute('data-expires') ?? '');
}

function notice(): HTMLElement {
  const element = document.querySelector<HTMLElement>('[data-ended-notice]');
  if (!element) throw new Error('no notice');
  return element;
}

describe('facts that end (markEndedFacts)', () => {
  beforeEach(() => {
    document.body.innerHTML = ARTICLE;
  });

  it('shows nothing on the last day a fact holds, to the end of that day in Beijing', () => {
    markEndedFacts(new Date('2026-12-31T15:59:59Z')); // 23:59:59 on 31 December in Beijing
    expect(endedNotes()).toEqual(['2026-06-30']);
    expect(notice().hidden).toBe(true);
  });

  it("marks the fact and the article's notice from 00:00 the next day in Beijing", () => {
    markEndedFacts(new Date('2026-12-31T16:00:00Z')); // 00:00 on 1 January 2027 in Beijing
    expect(endedNotes()).toEqual(['2026-12-31', '2026-06-30']);
    expect(notice().hidden).toBe(false);
    expect(notice().textContent).toContain('announced to end on 31 December 2026;');
  });

  it('names the first day a fact ended when several have', () => {
    markEndedFacts(new Date('2027-08-01T00:00:00Z'));
    expect(endedNotes()).toEqual(['2026-12-31', '2027-06-30', '2026-06-30']);
    expect(notice().querySelector('time')?.textContent).toBe('31 December 2026');
  });

  it("counts only the article's own facts in its notice, not a related guide's blurb", () => {
    markEndedFacts(new Date('2026-07-01T00:00:00Z'));
    expect(endedNotes()).toEqual(['2026-06-30']);
    expect(notice().hidden).toBe(true);
  });

  it('marks a card or a page without a notice of its own', () => {
    document.body.innerHTML = `<p data-expires="2026-12-31">Card<strong data-ended hidden>ended on <time>31 December 2026</time></strong></p>`;
    markEndedFacts(new Date('2027-01-02T00:00:00Z'));
    expect(endedNotes()).toEqual(['2026-12-31']);
  });
});

describe('dates the visitor sees', () => {
  const zone = process.env.TZ;
  afterEach(() => {
    process.env.TZ = zone;
  });

  it("writes the visitor's own day on the legal pages, in every month, without Intl", () => {
    // 07:30 in Shanghai is 23:30 of the day before in UTC: the page must show Shanghai's day.
    process.env.TZ = 'Asia/Shanghai';
    for (let month = 0; month < 12; month += 1) {
      document.body.innerHTML =
        '<p><time data-visitor-day datetime="2026-11-26">26 November 2026</time></p>';
      writeVisitorDay(new Date(2027, month, 1, 7, 30));
      const time = document.querySelector('time');
      const day = new Date(Date.UTC(2027, month, 1));
      expect(time?.textContent).toBe(toLongDate(day));
      expect(time?.getAttribute('datetime')).toBe(day.toISOString().slice(0, 10));
    }
  });

  it("writes the visitor's year into the footer's copyright", () => {
    document.body.innerHTML = '<footer>© <span data-year>2026</span></footer>';
    writeYear(new Date(2027, 0, 1));
    expect(document.querySelector('[data-year]')?.textContent).toBe('2027');
  });
});

describe('the search and the framework on intent (loadOnIntent)', () => {
  const requested = () =>
    [...document.head.querySelectorAll('script[src], link[rel="stylesheet"]')].map(
      (element) => element.getAttribute('src') ?? element.getAttribute('href'),
    );

  beforeAll(() => {
    document.body.innerHTML = `
      <a href="/blog/x">A link</a>
      <div class="navbar__search"><input aria-label="Search"></div>
      <form><input aria-label="Email"></form>`;
    loadOnIntent(['/assets/js/runtime.js', '/assets/js/main.js'], ['/assets/css/styles.css']);
  });

  it('loads nothing for a reader who follows a link', () => {
    document.querySelector('a')?.dispatchEvent(new Event('pointerdown', {bubbles: true}));
    expect(requested()).toEqual([]);
  });

  it('loads the search alone, once, when the search box is touched: it needs no framework', () => {
    const search = document.querySelector<HTMLInputElement>('[aria-label="Search"]');
    search?.focus();
    search?.dispatchEvent(new Event('pointerdown', {bubbles: true}));
    expect(requested()).toEqual(['/search.js']);
  });

  it('loads the stylesheet, then the scripts in order, once, when a form is touched', () => {
    const email = document.querySelector<HTMLInputElement>('[aria-label="Email"]');
    email?.focus();
    email?.dispatchEvent(new Event('pointerdown', {bubbles: true}));
    expect(requested()).toEqual([
      '/search.js',
      '/assets/css/styles.css',
      '/assets/js/runtime.js',
      '/assets/js/main.js',
    ]);
    expect(document.head.querySelectorAll<HTMLScriptElement>('script')[1]?.async).toBe(false);
  });
});

describe('a form sent before the framework is live (holdEarlySubmit)', () => {
  it('is held back and marked for the component to send', () => {
    document.body.innerHTML = '<form><button>Join</button></form>';
    const form = document.querySelector('form') as HTMLFormElement;
    const event = new Event('submit', {cancelable: true}) as SubmitEvent;
    form.dispatchEvent(event); // sets the target
    const held = new Event('submit', {cancelable: true}) as SubmitEvent;
    Object.defineProperty(held, 'target', {value: form});
    holdEarlySubmit(held);
    expect(held.defaultPrevented).toBe(true);
    expect(form.hasAttribute('data-submitted')).toBe(true);
  });

  it('passes once the component marks the form live', () => {
    document.body.innerHTML = '<form data-live><button>Join</button></form>';
    const event = new Event('submit', {cancelable: true}) as SubmitEvent;
    Object.defineProperty(event, 'target', {value: document.querySelector('form')});
    holdEarlySubmit(event);
    expect(event.defaultPrevented).toBe(false);
  });
});

describe("the service worker's state (showWorkerState)", () => {
  it('shows the save control with its text, and only the guides saved on this device', () => {
    document.body.innerHTML = `
      <section data-offline hidden><button>Save all guides</button><output> </output></section>
      <ul><li data-saved="/blog/a" hidden>A</li><li data-saved="/blog/b" hidden>B</li></ul>`;
    showWorkerState({text: 'Saving 6 guides…', busy: true, saved: ['/blog/b']});
    expect(document.querySelector<HTMLElement>('[data-offline]')?.hidden).toBe(false);
    expect(document.querySelector('output')?.textContent).toBe('Saving 6 guides…');
    expect(document.querySelector('button')?.disabled).toBe(true);
    const shown = [...document.querySelectorAll<HTMLElement>('[data-saved]')].filter(
      (li) => !li.hidden,
    );
    expect(shown.map((li) => li.textContent)).toEqual(['B']);
  });
});

describe('a browser that cannot save pages (showCannotSave)', () => {
  it('says why and what to do instead, and offers no button', () => {
    document.body.innerHTML = `
      <section data-offline hidden>
        <p data-no-worker>Keep every guide on this device.</p>
        <p data-no-worker hidden>Open this page in Safari.</p>
        <div data-no-worker><button>Save all guides for offline</button><output> </output></div>
      </section>`;
    showCannotSave();
    const shown = [...document.querySelectorAll('[data-offline] p, [data-offline] button')]
      .filter((element) => !element.closest('[hidden]'))
      .map((element) => element.textContent);
    expect(document.querySelector<HTMLElement>('[data-offline]')?.hidden).toBe(false);
    expect(shown).toEqual(['Open this page in Safari.']);
  });
});
