/**
 * The article search: an index the browser builds from the guides' text (build-steps/search writes
 * them into `/search.js`), and the query that ranks the guides against it. No framework, no
 * dependency: it runs the moment the visitor asks, and offline from the worker's copy.
 *
 * It finds what travellers type: words in any form ("taxi" finds "taxis", "taob" finds
 * "Taobao"), a slip of the finger ("alipy", "taobo"), words run together ("wechatpay"), their own
 * words for the guides' ("cab", "subway"), and the Chinese names the guides print (淘宝, 支付宝),
 * matched as pairs of characters since Chinese has no spaces. A section with every word of the
 * query comes before a guide with some of them in its title; when no guide has them all in one
 * place, the results are marked weak (the box shows them as the closest matches).
 */
import type {SearchDocument} from './protocol';

/** Where a word was found, in the order of how much a match there says about the guide. */
const enum Field {
  Title,
  Heading,
  Description,
  Text,
}
const FIELD_WEIGHTS: Record<Field, number> = {
  [Field.Title]: 8,
  [Field.Heading]: 4,
  [Field.Description]: 2,
  [Field.Text]: 1,
};

/** How much a near match counts, against an exact one. */
const PREFIX_MATCH = 0.7;
const ONE_EDIT_MATCH = 0.5;
const TWO_EDITS_MATCH = 0.3;
/** Past its best section, how much a guide's other matching sections add to its score. */
const OTHER_SECTIONS = 0.25;
/** How much more a section counts where the query's words follow one another ("credit card"). */
const PHRASE = 2;
/**
 * How much a field's length tempers a match (BM25's b): a word in a short section says more about
 * it than the same word once in a long one.
 */
const LENGTH = 0.75;

/** How much of a query is read: a pasted page must not hold up the typing. */
export const QUERY_CHARACTERS = 100;
export const QUERY_TERMS = 8;

/** Travellers' words (a word, or two) for what the guides say in others, normalized. */
const SYNONYMS: Record<string, string> = {
  cab: 'taxi',
  eat: 'food',
  subway: 'metro',
  underground: 'metro',
  tube: 'metro',
  'credit card': 'card payment',
  'debit card': 'card payment',
};

const HAN = /\p{Script=Han}/u;
/** A run of Chinese characters, or a word of letters and digits in any script. */
const TOKEN = /\p{Script=Han}+|[\p{L}\p{N}]+/gu;

/**
 * Words that say nothing about a guide, a question's filler among them ("how much does", "do i
 * need"): left out of a query unless it has nothing else. Kept as `normalize` leaves them, as
 * "does" is "doe" there.
 */
const STOP_WORDS = new Set(
  'a about am an and any are as at be by can could do does did for from get has have how i if in is it many me much my need of on or should the there this to was we what when where which who why will with would you your'
    .split(' ')
    .map((word) => normalize(word)),
);

/** A word as the index keeps it: lower case, accents off, a plural's ending off. */
export function normalize(word: string): string {
  const plain = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
  if (HAN.test(plain) || plain.length <= 3) return plain;
  if (plain.endsWith('ies')) return `${plain.slice(0, -3)}y`;
  if (/(?:ss|sh|ch|x|z)es$/.test(plain)) return plain.slice(0, -2);
  if (plain.endsWith('s') && !/(?:ss|us|is)$/.test(plain)) return plain.slice(0, -1);
  return plain;
}

interface Token {
  /** The term the index keeps. */
  term: string;
  /** Where the word starts and ends in the text. */
  start: number;
  end: number;
}

/**
 * A run of Chinese characters as its single characters and each pair of neighbours (so 支付宝
 * matches 支付 and 付宝), in the order they start, where each is in the run.
 */
function hanTokens(run: string): Token[] {
  const tokens: Token[] = [];
  let previous: Token | undefined;
  let offset = 0;
  for (const character of run) {
    const end = offset + character.length;
    if (previous) tokens.push({term: previous.term + character, start: previous.start, end});
    previous = {term: character, start: offset, end};
    tokens.push(previous);
    offset = end;
  }
  return tokens;
}

/** The terms of a text, with where each is: words normalized, Chinese as `hanTokens`. */
function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const word = match[0];
    const start = match.index;
    if (!HAN.test(word)) {
      tokens.push({term: normalize(word), start, end: start + word.length});
      continue;
    }
    for (const token of hanTokens(word)) {
      tokens.push({term: token.term, start: start + token.start, end: start + token.end});
    }
  }
  return tokens;
}

/**
 * The terms a query looks for, from its first `QUERY_CHARACTERS` and at most `QUERY_TERMS` of
 * them: Chinese as pairs (or one character alone), a traveller's word as the guides', stop words
 * out.
 */
export function queryTerms(query: string): string[] {
  const terms: string[] = [];
  const words = Array.from(query.slice(0, QUERY_CHARACTERS).matchAll(TOKEN), ([word]) => word);
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    if (!HAN.test(word)) {
      const term = normalize(word);
      const two = SYNONYMS[`${term} ${normalize(words[i + 1] ?? '')}`];
      if (two) i += 1;
      terms.push(...(two ?? SYNONYMS[term] ?? term).split(' '));
      continue;
    }
    const pairs = hanTokens(word).filter((token) => Array.from(token.term).length === 2);
    terms.push(...(pairs.length === 0 ? [word] : pairs.map((token) => token.term)));
  }
  const unique = [...new Set(terms)];
  const meaningful = unique.filter((term) => !STOP_WORDS.has(term));
  return (meaningful.length > 0 ? meaningful : unique).slice(0, QUERY_TERMS);
}

/**
 * A normalized word's key for the singular and plural `normalize` keeps apart, as it cannot tell
 * the ending of one from the other's: "taxi" and "taxis", "bus" and "buses", "menu" and "menus",
 * "city" and "cities", "movie" and "movies".
 */
export function stem(term: string): string {
  return term.length < 3 ? term : term.replace(/(?:ie|y)$/, 'i').replace(/([iu])se?$/, '$1');
}

/**
 * The edit distance between two words (insertions, deletions, substitutions and swaps of
 * neighbours), or `limit + 1` as soon as it must be over `limit`.
 */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const cell = (row: number[], j: number) => row[j] ?? Infinity;
  let before: number[] = [];
  let previous = Array.from({length: b.length + 1}, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const swapped = i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1];
      current[j] = Math.min(
        cell(previous, j) + 1,
        cell(current, j - 1) + 1,
        cell(previous, j - 1) + cost,
        swapped ? cell(before, j - 2) + 1 : Infinity,
      );
    }
    if (Math.min(...current) > limit) return limit + 1;
    before = previous;
    previous = current;
  }
  return cell(previous, b.length);
}

/** How well an index term matches a query term, from 0 (not at all) to 1 (the same word). */
function matchWeight(queryTerm: string, term: string): number {
  if (term === queryTerm) return 1;
  // Chinese pairs match only exactly; a short word is too ambiguous to stretch.
  if (HAN.test(queryTerm) || queryTerm.length < 2) return 0;
  if (term.startsWith(queryTerm)) return PREFIX_MATCH;
  if (queryTerm.length < 4) return 0;
  const limit = queryTerm.length >= 8 ? 2 : 1;
  const distance = editDistance(queryTerm, term, limit);
  if (distance === 1) return ONE_EDIT_MATCH;
  if (distance === 2 && limit === 2) return TWO_EDITS_MATCH;
  return 0;
}

interface Posting {
  document: number;
  /** The section, or -1 for the guide's title and description. */
  section: number;
  field: Field;
  count: number;
  /** How many words the field has. */
  size: number;
}

interface SearchIndex {
  documents: SearchDocument[];
  postings: Map<string, Posting[]>;
  /** Each term's `stem`. */
  stems: Map<string, string>;
  /** How many sections (and guides' heads) there are, for how rare a term is. */
  parts: number;
  /** The average number of words in each field. */
  sizes: number[];
}

/** Indexes `text` (one field of one part of a guide); returns its number of words. */
function addField(
  postings: Map<string, Posting[]>,
  text: string,
  where: Omit<Posting, 'count' | 'size'>,
): number {
  const counts = new Map<string, number>();
  const tokens = tokenize(text);
  for (const {term} of tokens) counts.set(term, (counts.get(term) ?? 0) + 1);
  counts.forEach((count, term) => {
    const list = postings.get(term) ?? [];
    list.push({...where, count, size: tokens.length});
    postings.set(term, list);
  });
  return tokens.length;
}

/** The index of the guides, built in the browser from their text. */
export function buildIndex(documents: SearchDocument[]): SearchIndex {
  const postings = new Map<string, Posting[]>();
  let parts = 0;
  const totals = [0, 0, 0, 0];
  const add = (text: string, document: number, section: number, field: Field) => {
    totals[field] = (totals[field] ?? 0) + addField(postings, text, {document, section, field});
  };
  documents.forEach((guide, document) => {
    add(guide.title, document, -1, Field.Title);
    add(guide.description, document, -1, Field.Description);
    parts += 1;
    guide.sections.forEach(({heading, text}, section) => {
      add(heading, document, section, Field.Heading);
      add(text, document, section, Field.Text);
      parts += 1;
    });
  });
  const stems = new Map([...postings.keys()].map((term) => [term, stem(term)]));
  const heads = documents.length;
  const sizes = totals.map(
    (total, field) => total / Math.max(1, field % 2 ? parts - heads : heads),
  );
  return {documents, postings, stems, parts, sizes};
}

export interface Hit {
  document: SearchDocument;
  /** The section that answers best, or undefined when only the guide's title or description matches. */
  section: SearchDocument['sections'][number] | undefined;
  score: number;
  /** The index terms the query matched, to mark them in what is shown. */
  terms: Set<string>;
  /** No section (with the guide's title and description) has every word: not an answer. */
  weak: boolean;
}

/**
 * The index terms a query term matches, with how well: the same word in either number, or begun,
 * or mistyped. A word the guides have as typed (or begun) is not read as a slip too: "taxi" would
 * otherwise find "tax".
 */
function expand(index: SearchIndex, queryTerm: string): Map<string, number> {
  const matches = new Map<string, number>();
  const key = stem(queryTerm);
  index.stems.forEach((termStem, term) => {
    const weight = termStem === key ? 1 : matchWeight(queryTerm, term);
    if (weight > 0) matches.set(term, weight);
  });
  const found = [...matches.values()].some((weight) => weight >= PREFIX_MATCH);
  if (found) matches.forEach((weight, term) => weight < PREFIX_MATCH && matches.delete(term));
  return matches;
}

/**
 * A word that matches nothing in the guides, not even as a slip ("bulet" is "bullet"), read as
 * two they have run together ("wechatpay" as "wechat pay"), when it can be.
 */
function split(index: SearchIndex, term: string, matches: Map<string, number>): string[] {
  if (HAN.test(term) || matches.size > 0) return [term];
  for (let at = 2; at < term.length - 1; at += 1) {
    const words = [term.slice(0, at), term.slice(at)].map(normalize);
    if (words.every((word) => index.postings.has(word))) return words;
  }
  return [term];
}

/** A score per part of each guide (`section + 1`; 0 is the title and description) for one term. */
function scoreTerm(
  index: SearchIndex,
  matches: Map<string, number>,
): Map<number, Map<number, number>> {
  const scores = new Map<number, Map<number, number>>();
  matches.forEach((weight, term) => {
    const list = index.postings.get(term) ?? [];
    const parts = new Set(list.map((p) => `${p.document}:${p.section}`)).size;
    const rarity = Math.log(1 + index.parts / parts);
    for (const {document, section, field, count, size} of list) {
      const length = 1 - LENGTH + (LENGTH * size) / (index.sizes[field] ?? size);
      const score = weight * rarity * FIELD_WEIGHTS[field] * (count / (count + length));
      const guide = scores.get(document) ?? new Map<number, number>();
      // A term counts once per part, by its best match there.
      guide.set(section + 1, Math.max(guide.get(section + 1) ?? 0, score));
      scores.set(document, guide);
    }
  });
  return scores;
}

/**
 * Whether `text` has words matching each query term in turn, one after another (stop words and
 * the single characters between Chinese pairs aside).
 */
function inOrder(text: string, expansions: Map<string, number>[]): boolean {
  let next = 0;
  for (const {term} of tokenize(text)) {
    if (STOP_WORDS.has(term) || (HAN.test(term) && term.length === 1)) continue;
    next = expansions[next]?.has(term) ? next + 1 : Number(expansions[0]?.has(term));
    if (next === expansions.length) return true;
  }
  return false;
}

/** A part of a guide as the query finds it: its score, and which of the query's terms it has. */
interface Part {
  score: number;
  /** A bit per query term. */
  terms: number;
}

const bits = (mask: number): number => mask.toString(2).replace(/0/g, '').length;

/**
 * The guides that match `query`, best first: those that match every term of it, or, if none
 * does, those that match the most. Those with one part (a section, or the title and description)
 * that has every term come first (a section where they follow one another counts double), then
 * those with a section that has them with the title and description; if no guide has either, the
 * rest, marked weak. A guide's score is its best section's (with its title and description's),
 * plus a little for each other section that matches.
 */
export function search(index: SearchIndex, query: string, limit = 6): Hit[] {
  // Each term's matches once: reading the whole index for each is the search's cost.
  const expanded = new Map<string, Map<string, number>>();
  const matchesOf = (term: string) => {
    const matches = expanded.get(term) ?? expand(index, term);
    expanded.set(term, matches);
    return matches;
  };
  const terms = queryTerms(query)
    .flatMap((term) => split(index, term, matchesOf(term)))
    .slice(0, QUERY_TERMS);
  if (terms.length === 0) return [];
  const all = 2 ** terms.length - 1;
  const expansions = terms.map(matchesOf);
  const perTerm = expansions.map((matches) => scoreTerm(index, matches));
  const matched = new Set(expansions.flatMap((matches) => [...matches.keys()]));
  const hits: (Hit & {covered: number; tier: number})[] = [];
  index.documents.forEach((guide, g) => {
    const parts = new Map<number, Part>();
    perTerm.forEach((scores, t) => {
      // A word of the guide's title or description adds to its sections', never takes away.
      scores.get(g)?.forEach((score, part) => {
        const found = parts.get(part) ?? {score: 0, terms: 0};
        parts.set(part, {score: found.score + score, terms: found.terms | (2 ** t)});
      });
    });
    if (parts.size === 0) return;
    const head = parts.get(0) ?? {score: 0, terms: 0};
    parts.delete(0);
    const withHead = (part: Part) => part.terms | head.terms;
    parts.forEach((part, p) => {
      const section = guide.sections[p - 1];
      if (terms.length > 1 && section && part.terms === all) {
        if (inOrder(`${section.heading} ${section.text}`, expansions)) part.score *= PHRASE;
      }
    });
    const ranked = [...parts].sort(
      ([, a], [, b]) => bits(withHead(b)) - bits(withHead(a)) || b.score - a.score,
    );
    const [best] = ranked;
    const others = ranked.slice(1).reduce((sum, [, part]) => sum + part.score, 0);
    // 2: one part has every term; 1: a section has them with the title and description; 0: weak.
    const tier = Math.max(
      head.terms === all ? 2 : 0,
      ...ranked.map(([, part]) => (part.terms === all ? 2 : Number(withHead(part) === all))),
    );
    hits.push({
      document: guide,
      section: best && guide.sections[best[0] - 1],
      score: head.score + (best?.[1].score ?? 0) + OTHER_SECTIONS * others,
      terms: matched,
      weak: tier === 0,
      covered: bits(ranked.reduce((mask, [, part]) => mask | part.terms, head.terms)),
      tier,
    });
  });
  const most = Math.max(0, ...hits.map((hit) => hit.covered));
  const found = hits.filter((hit) => hit.covered === most);
  const answers = found.filter((hit) => !hit.weak);
  return (answers.length > 0 ? answers : found)
    .sort((a, b) => b.tier - a.tier || b.score - a.score)
    .slice(0, limit)
    .map(({document, section, score, terms, weak}) => ({document, section, score, terms, weak}));
}

/** A stretch of `text` to show: cut at words, around the first matched term, with `…` where cut. */
export function excerpt(text: string, terms: Set<string>, length = 140): string {
  if (text.length <= length) return text;
  const first = tokenize(text).find((token) => terms.has(token.term));
  let start = first ? Math.max(0, first.start - Math.round(length / 3)) : 0;
  const space = text.indexOf(' ', start);
  if (start > 0 && space !== -1 && space < (first?.start ?? start)) start = space + 1;
  let end = Math.min(text.length, start + length);
  const lastSpace = text.lastIndexOf(' ', end);
  if (end < text.length && lastSpace > start) end = lastSpace;
  return `${start > 0 ? '…' : ''}${text.slice(start, end).trim()}${end < text.length ? '…' : ''}`;
}

/** `text` as stretches, each marked when it is (part of) a matched term. */
export function marked(text: string, terms: Set<string>): {text: string; mark: boolean}[] {
  // Chinese pairs overlap (支付, 付宝): join the stretches they cover.
  const ranges: [number, number][] = [];
  for (const {term, start, end} of tokenize(text)) {
    if (!terms.has(term)) continue;
    const last = ranges[ranges.length - 1];
    if (last && start <= last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
  }
  const parts: {text: string; mark: boolean}[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) parts.push({text: text.slice(at, start), mark: false});
    parts.push({text: text.slice(start, end), mark: true});
    at = end;
  }
  if (at < text.length) parts.push({text: text.slice(at), mark: false});
  return parts;
}
