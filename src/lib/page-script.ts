/**
 * The script every page runs without the framework, inlined at the end of the body by the page
 * template (build-steps/page-template/ssr-template.ts builds ./page-script-entry.ts into it; its hash
 * goes into the CSP). It runs once the page is parsed and must stay small: every byte is in every
 * page's first round trip.
 */
import {WORKER_PATH, type WorkerState} from '../../contracts/offline-worker';
import {CHINA_OFFSET_MS, toLongDate} from './dates';
import {SEARCH_BOX, SEARCH_SCRIPT_PATH} from './search/protocol';

/** What asks for the framework: a form, or a control marked `data-framework`. */
const FRAMEWORK_TRIGGERS = 'form, [data-framework]';

/** Applies the stylesheets linked as `media="print" data-media="all"`, which did not block the paint. */
function applyDeferredStylesheets(): void {
  document.querySelectorAll<HTMLLinkElement>('link[data-media]').forEach((link) => {
    link.media = link.dataset.media || 'all';
  });
}

/** The visitor's year in `[data-year]` (the footer's copyright). */
export function writeYear(now: Date): void {
  document.querySelectorAll('[data-year]').forEach((element) => {
    element.textContent = String(now.getFullYear());
  });
}

/**
 * The visitor's own day in `time[data-visitor-day]` (the legal pages' "Last Updated"), with
 * `toLongDate`'s month names: `toLocaleDateString` would first load the locale data, ~55 ms of
 * main thread on a phone.
 */
export function writeVisitorDay(now: Date): void {
  const day = new Date(now.getTime() - now.getTimezoneOffset() * 60_000);
  document.querySelectorAll<HTMLTimeElement>('time[data-visitor-day]').forEach((time) => {
    time.dateTime = day.toISOString().slice(0, 10);
    time.textContent = toLongDate(day);
  });
}

/**
 * Marks each fact (`[data-expires]`, src/components/Expires) whose last day is before the reader's
 * day in China: its note (`[data-ended]`) shows. An article with an ended fact of its own (inside
 * the element its notice names, not in a related guide's blurb) also shows its notice
 * (`[data-ended-notice]`) with the first day one of them ended, as that fact's note writes it.
 * The page may have been built, or saved for offline reading, long before the reader opens it;
 * the framework, if it loads, keeps what this changed (the components render these with
 * `suppressHydrationWarning`).
 */
export function markEndedFacts(now: Date): void {
  // China's calendar day, as YYYY-MM-DD (like chinaDay): as text, such days sort as dates.
  const today = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
  const notice = document.querySelector<HTMLElement>('[data-ended-notice]');
  const scope = notice && document.getElementById(String(notice.dataset.endedNotice));
  let first: HTMLElement | undefined;
  document.querySelectorAll<HTMLElement>('[data-expires]').forEach((fact) => {
    const lastDay = String(fact.dataset.expires);
    if (lastDay >= today) return;
    const note = fact.querySelector<HTMLElement>('[data-ended]');
    if (!note) return;
    note.hidden = false;
    if (scope && scope.contains(fact) && (!first || lastDay < String(first.dataset.expires))) {
      first = fact;
    }
  });
  const time = notice && notice.querySelector('time');
  const ended = first && first.querySelector('[data-ended] time');
  if (!notice || !time || !ended) return;
  time.textContent = ended.textContent;
  notice.hidden = false;
}

/**
 * On the home page, its section links (Products, Explore Our Products) glide to the section and
 * move the focus there, as src/lib/section-scroll.ts does once the framework runs.
 */
function glideToSections(event: MouseEvent): void {
  const link =
    event.target instanceof Element && event.target.closest<HTMLAnchorElement>('a[href^="/#"]');
  const section = link && location.pathname === '/' && document.getElementById(link.hash.slice(1));
  if (!section || event.defaultPrevented || event.metaKey || event.ctrlKey || event.shiftKey)
    return;
  event.preventDefault();
  const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
  section.scrollIntoView({behavior: still ? 'auto' : 'smooth'});
  section.focus({preventScroll: true});
  history.pushState(null, '', link.hash);
}

function append(tag: 'link' | 'script', attributes: Record<string, string | boolean>): void {
  document.head.append(Object.assign(document.createElement(tag), attributes));
}

/**
 * On the first focus or pointer-down in `FRAMEWORK_TRIGGERS` (a key always follows a focus),
 * appends the framework's stylesheets and scripts, in order; what is typed meanwhile stays in the
 * form, and its component picks it up as it hydrates. In the search box, it appends the search
 * instead (src/lib/search), which needs no framework and reads what was typed meanwhile.
 */
export function loadOnIntent(sources: string[], stylesheets: string[]): void {
  let framework = false;
  let search = false;
  const load = (event: Event): void => {
    const target = event.target;
    if (!(target instanceof Element)) return;
    if (!search && target.closest(SEARCH_BOX)) {
      search = true;
      append('script', {src: SEARCH_SCRIPT_PATH});
    }
    if (framework || !target.closest(FRAMEWORK_TRIGGERS)) return;
    framework = true;
    stylesheets.forEach((href) => append('link', {rel: 'stylesheet', href}));
    sources.forEach((src) => append('script', {src, async: false}));
  };
  addEventListener('focusin', load, true);
  addEventListener('pointerdown', load, true);
}

/**
 * A form sent before its component is live would be a plain page load: hold it back, and the
 * component sends it once it is (src/components/WaitlistForm).
 */
export function holdEarlySubmit(event: SubmitEvent): void {
  const form = event.target as HTMLFormElement;
  if (form.hasAttribute('data-live')) return;
  event.preventDefault();
  form.setAttribute('data-submitted', '');
}

/** Shows the worker's state: the "save all guides" control and the offline page's saved guides. */
export function showWorkerState(state: WorkerState): void {
  const offline = document.querySelector<HTMLElement>('[data-offline]');
  if (offline) {
    offline.hidden = false;
    const output = offline.querySelector('output');
    const button = offline.querySelector('button');
    if (output) output.textContent = state.text;
    if (button) button.disabled = state.busy;
  }
  document.querySelectorAll<HTMLElement>('[data-saved]').forEach((element) => {
    element.hidden = !state.saved.includes(String(element.dataset.saved));
  });
}

/**
 * Where no service worker can run (an in-app browser such as WeChat's, or a private window), shows
 * the "save all guides" block with its `[data-no-worker]` parts swapped: why the guides cannot be
 * saved here and what to do instead, in place of the button (src/components/SaveGuides).
 */
export function showCannotSave(): void {
  document.querySelectorAll<HTMLElement>('[data-offline], [data-no-worker]').forEach((element) => {
    element.hidden = !element.hidden;
  });
}

/**
 * Registers the service worker (plugins/offline) and wires the "save all guides" control
 * (`[data-offline]`) to the worker in charge when it is pressed: a deploy's new worker may have
 * replaced the one that was active when the page loaded, and the old one no longer answers.
 */
function connectWorker(workers: ServiceWorkerContainer): void {
  addEventListener('load', () => void workers.register(WORKER_PATH));
  workers.onmessage = (event: MessageEvent<WorkerState>) => {
    showWorkerState(event.data);
  };
  void workers.ready.then((registration) => {
    const ask = (message: string) => registration.active?.postMessage(message);
    ask('status');
    const button = document.querySelector<HTMLButtonElement>('[data-offline] button');
    if (button) {
      button.onclick = () => {
        // Keeps the saved guides when the disk runs short (Safari 17+); not Safari's seven-day
        // rule (src/data/saved-guides.ts). Only on a reader's "save", as browsers expect.
        const storage = navigator.storage as Partial<StorageManager> | undefined;
        if (storage && storage.persist) void storage.persist();
        ask('save');
      };
    }
  });
}

/** Everything the page does before, or without, the framework. */
export function startPage(sources: string[], stylesheets: string[]): void {
  applyDeferredStylesheets();
  const now = new Date();
  writeYear(now);
  writeVisitorDay(now);
  markEndedFacts(now);
  addEventListener('click', glideToSections);
  loadOnIntent(sources, stylesheets);
  addEventListener('submit', holdEarlySubmit, true);
  // Absent where the browser cannot run workers (or in a private window on some browsers).
  if ('serviceWorker' in navigator) connectWorker(navigator.serviceWorker);
  else showCannotSave();
}
