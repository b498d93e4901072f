/**
 * The header's search box, made live: `/search.js` (build-steps/search) runs `connectSearch` with the
 * guides' text once the page script has loaded it, on the visitor's first focus or tap in the box.
 * It draws the results into the box's panel (`.search-panel`, which the page renders empty and the
 * framework, if it runs later, leaves alone) as a combobox's list: arrows move through the guides,
 * Enter opens one, Escape closes the list, then clears the box. When no guide has every word, the
 * list is labelled "Closest matches".
 *
 * It listens on the document rather than on the box, so it keeps working when the framework, once
 * running, draws a new header for the next page.
 */
import {buildIndex, excerpt, marked, search, type Hit} from './engine';
import {SEARCH_BOX, SEARCH_CLASS, type SearchDocument} from './protocol';

const INPUT = `${SEARCH_BOX} input`;
const PANEL = '.search-panel';
const LIST_ID = 'search-results';

interface Box {
  root: Element;
  input: HTMLInputElement;
  panel: HTMLElement;
}

/** The search box around `target`, if it is in one with its panel. */
function boxOf(target: EventTarget | null): Box | undefined {
  const root = target instanceof Element ? target.closest(SEARCH_BOX) : null;
  const input = root?.querySelector('input');
  const panel = root?.querySelector<HTMLElement>(PANEL);
  return root && input && panel ? {root, input, panel} : undefined;
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string>,
  ...children: (Node | string)[]
): HTMLElementTagNameMap[K] {
  const made = document.createElement(tag);
  Object.entries(attributes).forEach(([name, value]) => made.setAttribute(name, value));
  made.append(...children);
  return made;
}

/** `text` with the matched terms in `<mark>`. */
function withMarks(text: string, terms: Set<string>): (Node | string)[] {
  return marked(text, terms).map((part) =>
    part.mark ? element('mark', {}, part.text) : part.text,
  );
}

function describeCount(hits: Hit[], query: string): string {
  if (hits.length === 0) return `No guide matches “${query.trim()}”. Try another word.`;
  const count = hits.length === 1 ? '1 guide' : `${hits.length} guides`;
  return hits[0]?.weak
    ? `No guide has all of “${query.trim()}”: ${count} close.`
    : `${count} found.`;
}

/** One result: the guide's title, the section that matches (if not the guide as a whole), a stretch of its text. */
function option(hit: Hit, position: number): HTMLAnchorElement {
  const {document: guide, section, terms} = hit;
  const parts: Node[] = [
    element('span', {class: SEARCH_CLASS.hitTitle}, ...withMarks(guide.title, terms)),
  ];
  if (section?.heading) {
    parts.push(
      element('span', {class: SEARCH_CLASS.hitSection}, ...withMarks(section.heading, terms)),
    );
  }
  const text = excerpt(section ? section.text : guide.description, terms);
  parts.push(element('span', {class: SEARCH_CLASS.hitText}, ...withMarks(text, terms)));
  const href = section?.id ? `${guide.url}#${section.id}` : guide.url;
  return element(
    'a',
    {
      class: SEARCH_CLASS.hit,
      role: 'option',
      id: `${LIST_ID}-${position}`,
      href,
      tabindex: '-1',
      'aria-selected': 'false',
    },
    ...parts,
  );
}

function options(panel: HTMLElement): HTMLAnchorElement[] {
  return [...panel.querySelectorAll<HTMLAnchorElement>('[role="option"]')];
}

/** Makes the box a combobox (again, if the framework drew it afresh). */
function prepare({input}: Box): void {
  if (input.getAttribute('role') === 'combobox') return;
  input.setAttribute('role', 'combobox');
  input.setAttribute('aria-autocomplete', 'list');
  input.setAttribute('aria-controls', LIST_ID);
  input.setAttribute('aria-expanded', 'false');
}

/** `panel` with only `children` in it (not `replaceChildren`: Safari has it only from 14). */
function fill(panel: HTMLElement, ...children: Node[]): void {
  panel.textContent = '';
  panel.append(...children);
}

function close({input, panel}: Box): void {
  fill(panel);
  input.setAttribute('aria-expanded', 'false');
  input.removeAttribute('aria-activedescendant');
}

/** Moves the list's highlight to the option at `position` (none when -1). */
function highlight({input, panel}: Box, position: number): void {
  options(panel).forEach((hit, i) => {
    hit.setAttribute('aria-selected', String(i === position));
    if (i === position) {
      input.setAttribute('aria-activedescendant', hit.id);
      hit.scrollIntoView({block: 'nearest'});
    }
  });
  if (position < 0) input.removeAttribute('aria-activedescendant');
}

/** Shows the visitor the guides that match the box's text, under the box. */
export function connectSearch(documents: SearchDocument[]): void {
  const index = buildIndex(documents);

  const show = (box: Box): void => {
    prepare(box);
    const query = box.input.value;
    if (query.trim() === '') {
      close(box);
      return;
    }
    const hits = search(index, query);
    const status = element(
      'p',
      {class: SEARCH_CLASS.status, role: 'status'},
      describeCount(hits, query),
    );
    const list = element('div', {role: 'listbox', id: LIST_ID, 'aria-label': 'Guides'});
    list.append(...hits.map(option));
    const results = element('div', {class: SEARCH_CLASS.results}, status);
    // Guides that have only some of the words: shown, but not as answers.
    if (hits[0]?.weak) {
      const label = element(
        'p',
        {class: SEARCH_CLASS.closest, id: `${LIST_ID}-label`},
        'Closest matches',
      );
      list.removeAttribute('aria-label');
      list.setAttribute('aria-labelledby', label.id);
      results.append(label);
    }
    if (hits.length > 0) results.append(list);
    fill(box.panel, results);
    box.input.setAttribute('aria-expanded', String(hits.length > 0));
    box.input.removeAttribute('aria-activedescendant');
  };

  const onKey = (event: KeyboardEvent, box: Box): void => {
    const hits = options(box.panel);
    const current = hits.findIndex((hit) => hit.getAttribute('aria-selected') === 'true');
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (hits.length === 0) return;
      event.preventDefault();
      // From the box (-1) through the guides and back to the box, either way round.
      let next = current + (event.key === 'ArrowDown' ? 1 : -1);
      if (next >= hits.length) next = -1;
      if (next < -1) next = hits.length - 1;
      highlight(box, next);
      return;
    }
    if (event.key === 'Enter') {
      const chosen = hits[Math.max(current, 0)];
      if (!chosen) return;
      event.preventDefault();
      chosen.click();
      return;
    }
    if (event.key === 'Escape') {
      if (box.panel.childElementCount === 0) return;
      event.preventDefault();
      close(box);
    }
  };

  document.addEventListener('input', (event) => {
    const box = boxOf(event.target);
    if (box && event.target === box.input) show(box);
  });
  document.addEventListener('focusin', (event) => {
    const box = boxOf(event.target);
    if (box && event.target === box.input) show(box);
  });
  document.addEventListener('focusout', (event) => {
    const box = boxOf(event.target);
    if (box && !box.root.contains(event.relatedTarget as Node | null)) close(box);
  });
  document.addEventListener('keydown', (event) => {
    const box = boxOf(event.target);
    if (box && event.target === box.input) onKey(event, box);
  });
  // A tap on a result must not take the focus from the box first: the list would close under it.
  document.addEventListener('mousedown', (event) => {
    if (event.target instanceof Element && event.target.closest(PANEL)) event.preventDefault();
  });

  // What was typed, or focused, while this script was on its way.
  const box = boxOf(document.querySelector(INPUT));
  if (box && (box.input.value !== '' || document.activeElement === box.input)) show(box);
}
