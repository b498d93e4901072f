/**
 * The pure parts of the social cards: title cleanup, text measuring and fitting, the satori element
 * tree of a card, and the route → file mapping. Nothing here touches the file system, so it is all
 * unit-tested (tests/unit/social-cards.test.ts); render.ts and index.ts do the I/O.
 */

export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The brand palette (see src/css/custom.css). */
export const PALETTE = {
  ink: '#14173A',
  indigo: '#2F3592',
  vermilion: '#E5452C',
  cream: '#FFF7EF',
  mist: '#E8EAFB',
} as const;

/** Family name the cards register their fonts under in satori. */
export const FONT_FAMILY = 'DejaVu Sans Condensed';

// ---------------------------------------------------------------------------------------------
// Titles and routes

/**
 * The page's own title: `<title>` without the ` | Gotcha Labs` suffix Docusaurus appends (or a
 * ` | Gotcha Labs Blog` one, as blog pages have), with whitespace collapsed. A title that is only
 * the site name stays as it is.
 */
export function cleanTitle(rawTitle: string, siteTitle: string, delimiter = '|'): string {
  const title = collapse(rawTitle);
  const separator = ` ${delimiter} `;
  const at = title.lastIndexOf(separator);
  if (at > 0 && title.slice(at + separator.length).startsWith(collapse(siteTitle))) {
    return title.slice(0, at).trim();
  }
  return title;
}

export function collapse(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** `https://gotchalabs.app/` → `gotchalabs.app` (a `www.` prefix is dropped too). */
export function siteHost(siteUrl: string): string {
  return new URL(siteUrl).host.replace(/^www\./, '');
}

/** A route relative to the site's baseUrl: `/base/blogs` with baseUrl `/base/` → `/blogs`. */
export function stripBaseUrl(route: string, baseUrl: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  if (base !== '' && (route === base || route.startsWith(`${base}/`))) {
    return route.slice(base.length) || '/';
  }
  return route;
}

/**
 * Where the build may have written a route's HTML, relative to outDir and in order of preference:
 * `/` → `index.html`; `/404.html` → itself; `/blogs` → `blogs.html` (trailingSlash: false), then
 * `blogs/index.html` (the other trailingSlash settings).
 */
export function htmlFileCandidates(route: string): string[] {
  const clean = route.replace(/^\/+/, '').replace(/\/+$/, '');
  if (clean === '') return ['index.html'];
  if (clean.endsWith('.html')) return [clean];
  return [`${clean}.html`, `${clean}/index.html`];
}

/** The slug of a blog article route (`/blog/taobao-guide` → `taobao-guide`), else null. */
export function articleSlug(route: string): string | null {
  const match = /^\/blog\/([a-z0-9]+(?:-[a-z0-9]+)*)\/?$/.exec(route);
  return match?.[1] ?? null;
}

/** Whether a folder under blog/ is the `YYYY-MM-DD-<slug>` folder of that article. */
export function isPostFolderFor(folder: string, slug: string): boolean {
  return /^\d{4}-\d{2}-\d{2}-/.test(folder) && folder.slice(11) === slug;
}

// ---------------------------------------------------------------------------------------------
// Font metrics: just enough of TrueType (cmap + hmtx) to measure a line of text, so the cards can
// break lines themselves and never depend on how satori would have wrapped them.

export interface FontMetrics {
  unitsPerEm: number;
  /** Advance width of a code point in font units (the .notdef width when it is not mapped). */
  advance(codePoint: number): number;
}

export function parseFontMetrics(data: Uint8Array): FontMetrics {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const numTables = view.getUint16(4);
  const tables = new Map<string, number>();
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(
      view.getUint8(record),
      view.getUint8(record + 1),
      view.getUint8(record + 2),
      view.getUint8(record + 3),
    );
    tables.set(tag, view.getUint32(record + 8));
  }
  const table = (tag: string): number => {
    const offset = tables.get(tag);
    if (offset === undefined) throw new Error(`font has no "${tag}" table`);
    return offset;
  };
  const unitsPerEm = view.getUint16(table('head') + 18);
  const numberOfHMetrics = view.getUint16(table('hhea') + 34);
  const hmtx = table('hmtx');
  const glyphAdvance = (glyph: number): number =>
    view.getUint16(hmtx + 4 * Math.min(glyph, numberOfHMetrics - 1));

  const glyphOf = cmapLookup(view, table('cmap'));
  const cache = new Map<number, number>();
  return {
    unitsPerEm,
    advance(codePoint) {
      let width = cache.get(codePoint);
      if (width === undefined) {
        width = glyphAdvance(glyphOf(codePoint));
        cache.set(codePoint, width);
      }
      return width;
    },
  };
}

/** A code point → glyph id lookup from the best Unicode subtable (format 12, else format 4). */
function cmapLookup(view: DataView, cmap: number): (codePoint: number) => number {
  const count = view.getUint16(cmap + 2);
  let format4: number | undefined;
  let format12: number | undefined;
  for (let i = 0; i < count; i++) {
    const platform = view.getUint16(cmap + 4 + i * 8);
    const encoding = view.getUint16(cmap + 6 + i * 8);
    const offset = cmap + view.getUint32(cmap + 8 + i * 8);
    const format = view.getUint16(offset);
    const unicode = platform === 0 || (platform === 3 && (encoding === 1 || encoding === 10));
    if (!unicode) continue;
    if (format === 12) format12 ??= offset;
    if (format === 4) format4 ??= offset;
  }
  if (format12 !== undefined) {
    const sub = format12;
    const groups = view.getUint32(sub + 12);
    return (codePoint) => {
      let low = 0;
      let high = groups - 1;
      while (low <= high) {
        const mid = (low + high) >> 1;
        const group = sub + 16 + mid * 12;
        const start = view.getUint32(group);
        const end = view.getUint32(group + 4);
        if (codePoint < start) high = mid - 1;
        else if (codePoint > end) low = mid + 1;
        else return view.getUint32(group + 8) + (codePoint - start);
      }
      return 0;
    };
  }
  if (format4 !== undefined) {
    const sub = format4;
    const segments = view.getUint16(sub + 6) / 2;
    const ends = sub + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    return (codePoint) => {
      if (codePoint > 0xffff) return 0;
      for (let i = 0; i < segments; i++) {
        if (codePoint > view.getUint16(ends + i * 2)) continue;
        const start = view.getUint16(starts + i * 2);
        if (codePoint < start) return 0;
        const delta = view.getInt16(deltas + i * 2);
        const rangeOffset = view.getUint16(rangeOffsets + i * 2);
        if (rangeOffset === 0) return (codePoint + delta) & 0xffff;
        const glyphAt = rangeOffsets + i * 2 + rangeOffset + (codePoint - start) * 2;
        const glyph = view.getUint16(glyphAt);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('font has no Unicode cmap subtable');
}

/** Width of a line of text in px; `letterSpacing` is in px, added after every character. */
export type Measure = (text: string) => number;

export function measurer(metrics: FontMetrics, fontSize: number, letterSpacing = 0): Measure {
  const scale = fontSize / metrics.unitsPerEm;
  return (text) => {
    let units = 0;
    let chars = 0;
    for (const char of text) {
      units += metrics.advance(char.codePointAt(0) ?? 0);
      chars++;
    }
    return units * scale + chars * letterSpacing;
  };
}

// ---------------------------------------------------------------------------------------------
// Line breaking

export const ELLIPSIS = '…';

/**
 * Greedy line breaking at spaces into lines no wider than maxWidth, at most maxLines of them. A
 * word wider than a whole line is split between characters. When the text does not fit, the last
 * line ends with an ellipsis (words are dropped until it fits, so it never overflows). With
 * `bindWords`, one-letter words and dashes stay with their neighbours (see bindShortWords).
 */
export function wrapLines(
  text: string,
  measure: Measure,
  maxWidth: number,
  maxLines: number,
  bindWords = true,
): {lines: string[]; truncated: boolean} {
  const split = collapse(text)
    .split(' ')
    .filter((word) => word !== '');
  const words = (bindWords ? bindShortWords(split) : split).flatMap((word) =>
    splitLongWord(word, measure, maxWidth),
  );
  const lines: string[] = [];
  let current = '';
  for (const word of words) {
    const candidate = current === '' ? word : `${current} ${word}`;
    if (current === '' || measure(candidate) <= maxWidth) {
      current = candidate;
      continue;
    }
    lines.push(current);
    current = word;
    if (lines.length === maxLines) break;
  }
  if (lines.length < maxLines) {
    if (current !== '') lines.push(current);
    return {lines, truncated: false};
  }
  // Out of lines with words left over: end the last line with an ellipsis that fits.
  lines[maxLines - 1] = withEllipsis(lines[maxLines - 1] ?? '', measure, maxWidth);
  return {lines, truncated: true};
}

/**
 * Keeps a one-letter word ("a", "A", "&") with the word after it, and a dash with the word before
 * it, so no line ends on "A" or starts with "—".
 */
export function bindShortWords(words: readonly string[]): string[] {
  const out: string[] = [];
  let pending = '';
  for (const word of words) {
    const previous = out.at(-1);
    if (/^[—–-]$/u.test(word) && pending === '' && previous !== undefined) {
      out[out.length - 1] = `${previous} ${word}`;
      continue;
    }
    const joined = pending === '' ? word : `${pending} ${word}`;
    if (/^[\p{L}\p{N}&]$/u.test(word)) {
      pending = joined;
    } else {
      out.push(joined);
      pending = '';
    }
  }
  if (pending !== '') out.push(pending);
  return out;
}

function splitLongWord(word: string, measure: Measure, maxWidth: number): string[] {
  if (measure(word) <= maxWidth) return [word];
  const pieces: string[] = [];
  let piece = '';
  for (const char of word) {
    if (piece !== '' && measure(piece + char) > maxWidth) {
      pieces.push(piece);
      piece = '';
    }
    piece += char;
  }
  if (piece !== '') pieces.push(piece);
  return pieces;
}

/** `line…`, dropping whole words (or characters, for a single word) until it fits. */
export function withEllipsis(line: string, measure: Measure, maxWidth: number): string {
  let text = line.replace(/[\s,.;:!?—–-]+$/u, '');
  while (text !== '' && measure(text + ELLIPSIS) > maxWidth) {
    const lastSpace = text.lastIndexOf(' ');
    text = lastSpace > 0 ? text.slice(0, lastSpace) : Array.from(text).slice(0, -1).join('');
    text = text.replace(/[\s,.;:!?—–-]+$/u, '');
  }
  return text + ELLIPSIS;
}

/**
 * Lines of the same count as greedy breaking gives, but as even in width as possible (like CSS
 * `text-wrap: balance`), so a title does not end on a lone word.
 */
export function balanceLines(
  text: string,
  measure: Measure,
  maxWidth: number,
  maxLines: number,
  bindWords = true,
): {lines: string[]; truncated: boolean} {
  const greedy = wrapLines(text, measure, maxWidth, maxLines, bindWords);
  if (greedy.truncated || greedy.lines.length < 2) return greedy;
  const count = greedy.lines.length;
  let low = maxWidth / count;
  let high = maxWidth;
  let best = greedy;
  for (let step = 0; step < 12; step++) {
    const width = (low + high) / 2;
    const attempt = wrapLines(text, measure, width, count, bindWords);
    if (!attempt.truncated && attempt.lines.length === count) {
      best = attempt;
      high = width;
    } else {
      low = width;
    }
  }
  return best;
}

export interface FittedText {
  fontSize: number;
  lines: string[];
  truncated: boolean;
  /** Width of the widest line, in px. */
  width: number;
}

/** One way to set a text: a font size and the widest a line may be. */
export interface TextBox {
  fontSize: number;
  maxWidth: number;
}

/**
 * How fitText weighs layouts that fit: each step down the list of boxes, each px between the
 * widest and narrowest line, and breaking after a one-letter word or before a dash.
 */
const COST = {box: 40, ragged: 0.5, unbound: 120} as const;

/**
 * The best layout of the text in maxLines without truncation: in an early box of `boxes` (they are
 * in order of preference), with even lines, and with short words kept with their neighbours (see
 * bindShortWords). If it fits in no box, the last box, truncated with an ellipsis.
 */
export function fitText(
  text: string,
  metrics: FontMetrics,
  options: {boxes: readonly TextBox[]; maxLines: number; balance?: boolean},
): FittedText {
  const {boxes, maxLines, balance = false} = options;
  const wrap = balance ? balanceLines : wrapLines;
  let best: {fitted: FittedText; cost: number} | undefined;
  let fallback: FittedText | undefined;
  boxes.forEach(({fontSize, maxWidth}, index) => {
    const measure = measurer(metrics, fontSize);
    for (const bindWords of [true, false]) {
      const result = wrap(text, measure, maxWidth, maxLines, bindWords);
      const widths = result.lines.map(measure);
      const width = Math.max(0, ...widths);
      const fitted = {fontSize, ...result, width};
      if (result.truncated) {
        if (bindWords) fallback = fitted;
        continue;
      }
      const cost =
        index * COST.box +
        (width - Math.min(width, ...widths)) * COST.ragged +
        (bindWords ? 0 : COST.unbound);
      if (best === undefined || cost < best.cost) best = {fitted, cost};
    }
  });
  const chosen = best?.fitted ?? fallback;
  if (chosen === undefined) throw new Error('fitText needs at least one box');
  return chosen;
}

// ---------------------------------------------------------------------------------------------
// The card

/** A satori node in its object form (satori accepts these in place of React elements). */
export interface CardNode {
  type: string;
  props: {
    style?: Record<string, string | number>;
    children?: CardNode | string | (CardNode | string)[];
    [prop: string]: unknown;
  };
}

export interface CardContent {
  /** Cleaned page title. */
  title: string;
  description: string;
  /** e.g. `gotchalabs.app` */
  host: string;
  companyName: string;
  /** The logo mark as a data URI. */
  logo: string;
  /** The article's hero art as a data URI; without it the card uses the brand layout. */
  hero?: string | undefined;
  /** Small label above the title, e.g. "Blog". */
  kicker?: string | undefined;
}

export interface CardFonts {
  regular: FontMetrics;
  bold: FontMetrics;
}

/** Layout constants, exported for the tests. */
export const LAYOUT = {
  padding: 72,
  /**
   * Where the title may go, in order of preference: large in a column that leaves room for the
   * art, then 56 px in ever wider columns, so long titles still fit in three lines.
   */
  titleBoxes: [
    {fontSize: 72, maxWidth: 700},
    {fontSize: 66, maxWidth: 700},
    {fontSize: 60, maxWidth: 700},
    {fontSize: 56, maxWidth: 700},
    {fontSize: 56, maxWidth: 800},
    {fontSize: 56, maxWidth: 900},
    {fontSize: 56, maxWidth: 1000},
    {fontSize: 56, maxWidth: 1056},
  ],
  titleMaxLines: 3,
  titleLineHeight: 1.12,
  descriptionBoxes: [
    {fontSize: 30, maxWidth: 700},
    {fontSize: 28, maxWidth: 700},
  ],
  descriptionMaxLines: 2,
  descriptionLineHeight: 1.4,
} as const;

/** Fraction of a box the measured text may use: a margin for kerning and rounding. */
const SAFE_WIDTH = 0.97;

type Style = Record<string, string | number>;

function div(style: Style, children?: CardNode['props']['children']): CardNode {
  return {type: 'div', props: children === undefined ? {style} : {style, children}};
}

function img(src: string, width: number, height: number, style: Style = {}): CardNode {
  return {type: 'img', props: {src, width, height, style: {width, height, ...style}}};
}

function layer(style: Style, children?: CardNode['props']['children']): CardNode {
  return div({position: 'absolute', display: 'flex', ...style}, children);
}

export function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

function textLines(fitted: FittedText, lineHeight: number, style: Style): CardNode {
  return div(
    {display: 'flex', flexDirection: 'column', fontSize: fitted.fontSize, lineHeight, ...style},
    fitted.lines.map((line) => div({display: 'flex', whiteSpace: 'nowrap'}, line)),
  );
}

const pct = (px: number) => `${((100 * px) / CARD_WIDTH).toFixed(2)}%`;

export interface BuiltCard {
  tree: CardNode;
  title: FittedText;
  description: FittedText;
  /** Right edge of the text block, in px. */
  textRight: number;
}

/** The satori tree of a card, with the text as it was fitted (for tests and logs). */
export function buildCard(content: CardContent, fonts: CardFonts): BuiltCard {
  const safe = (boxes: readonly TextBox[]) =>
    boxes.map((box) => ({...box, maxWidth: box.maxWidth * SAFE_WIDTH}));
  const title = fitText(content.title, fonts.bold, {
    boxes: safe(LAYOUT.titleBoxes),
    maxLines: LAYOUT.titleMaxLines,
    balance: true,
  });
  const description = fitText(content.description, fonts.regular, {
    boxes: safe(LAYOUT.descriptionBoxes),
    maxLines: LAYOUT.descriptionMaxLines,
    balance: true,
  });
  const textRight = LAYOUT.padding + Math.ceil(Math.max(title.width, description.width));

  const background =
    content.hero === undefined
      ? brandBackground(content.logo, textRight)
      : heroBackground(content.hero, textRight);

  const kicker = div({display: 'flex', alignItems: 'center', marginBottom: 28}, [
    div({width: 64, height: 8, borderRadius: 4, backgroundColor: PALETTE.vermilion}),
    ...(content.kicker
      ? [
          div(
            {
              marginLeft: 18,
              fontSize: 22,
              fontWeight: 700,
              letterSpacing: 4,
              color: PALETTE.mist,
              textTransform: 'uppercase',
            },
            content.kicker,
          ),
        ]
      : []),
  ]);

  const main = div(
    {display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center'},
    [
      kicker,
      textLines(title, LAYOUT.titleLineHeight, {fontWeight: 700, color: PALETTE.cream}),
      ...(description.lines.length > 0
        ? [
            textLines(description, LAYOUT.descriptionLineHeight, {
              marginTop: 24,
              fontWeight: 400,
              color: rgba(PALETTE.mist, 0.88),
            }),
          ]
        : []),
    ],
  );

  const footer = div(
    {display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: '100%'},
    [
      div({display: 'flex', alignItems: 'center'}, [
        img(content.logo, 56, 56, {borderRadius: 14}),
        div(
          {marginLeft: 18, fontSize: 30, fontWeight: 700, color: PALETTE.cream},
          content.companyName,
        ),
      ]),
      div(
        {
          display: 'flex',
          alignItems: 'center',
          fontSize: 24,
          fontWeight: 400,
          color: PALETTE.mist,
          padding: '10px 22px',
          borderRadius: 999,
          backgroundColor: rgba(PALETTE.ink, 0.78),
          border: `2px solid ${rgba(PALETTE.mist, 0.24)}`,
        },
        content.host,
      ),
    ],
  );

  const tree = div(
    {
      display: 'flex',
      position: 'relative',
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      backgroundColor: PALETTE.ink,
      fontFamily: FONT_FAMILY,
      color: PALETTE.cream,
      overflow: 'hidden',
    },
    [
      ...background,
      layer(
        {
          top: 0,
          left: 0,
          width: CARD_WIDTH,
          height: CARD_HEIGHT,
          flexDirection: 'column',
          padding: `64px ${LAYOUT.padding}px 56px`,
        },
        [main, footer],
      ),
    ],
  );
  return {tree, title, description, textRight};
}

const FULL = {top: 0, left: 0, width: CARD_WIDTH, height: CARD_HEIGHT} as const;

/**
 * The hero art full-bleed, under an ink panel that ends just after the text and fades out, with
 * the art shifted so its centre sits in the part left visible.
 */
function heroBackground(hero: string, textRight: number): CardNode[] {
  const ink = (alpha: number) => rgba(PALETTE.ink, alpha);
  const solid = Math.min(textRight + 40, CARD_WIDTH - 200);
  const fadeEnd = Math.min(solid + 300, CARD_WIDTH);
  return [
    layer(FULL, [img(hero, CARD_WIDTH, CARD_HEIGHT, {objectFit: 'cover'})]),
    layer({
      ...FULL,
      backgroundImage: `linear-gradient(90deg, ${ink(0.95)} 0%, ${ink(0.92)} ${pct(solid)}, ${ink(0.6)} ${pct(solid + 100)}, ${ink(0.15)} ${pct(fadeEnd)}, ${ink(0.1)} 100%)`,
    }),
    layer({
      ...FULL,
      backgroundImage: `linear-gradient(0deg, ${ink(0.7)} 0%, ${ink(0.3)} 16%, ${ink(0)} 32%)`,
    }),
  ];
}

/**
 * Ink with an indigo glow and the logo mark large on the right when the text leaves room for it,
 * else as a faint watermark in the corner.
 */
function brandBackground(logo: string, textRight: number): CardNode[] {
  const free = CARD_WIDTH - LAYOUT.padding - (textRight + 64);
  const glow = (x: number, y: number) =>
    layer({
      ...FULL,
      backgroundImage: `radial-gradient(circle at ${x}px ${y}px, ${rgba(PALETTE.indigo, 0.95)} 0%, ${rgba(PALETTE.indigo, 0.45)} 22%, ${rgba(PALETTE.ink, 0)} 48%)`,
    });
  if (free >= 220) {
    const size = Math.min(300, free);
    const left = CARD_WIDTH - LAYOUT.padding - size;
    const top = Math.round(290 - size / 2);
    return [
      glow(left + size / 2, top + size / 2),
      layer({top, left, width: size, height: size}, [
        img(logo, size, size, {borderRadius: size / 4}),
      ]),
    ];
  }
  return [
    glow(1080, 90),
    layer(
      {top: -110, left: 850, width: 440, height: 440, opacity: 0.14, transform: 'rotate(-12deg)'},
      [img(logo, 440, 440)],
    ),
  ];
}
