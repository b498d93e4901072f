/** The pure parts of the cards: the title to show, its size and the satori element tree. */

import {SOCIAL_CARD_SIZE} from '../../src/lib/social-card';
import {PALETTE} from '../../src/lib/brand-palette';

const {width: CARD_WIDTH, height: CARD_HEIGHT} = SOCIAL_CARD_SIZE;

/** Family name the cards register the committed DejaVu fonts under. */
export const FONT_FAMILY = 'DejaVu Sans Condensed';

const PADDING = 72;

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

/**
 * Title size and column width by length: short titles large beside the art, longer ones smaller
 * in a wider column, so that titles of up to about 80 characters fit in three lines of the bold
 * face (satori ends a longer one with an ellipsis).
 */
export function titleBox(title: string): {fontSize: number; width: number} {
  const length = Array.from(title).length;
  if (length <= 56) return {fontSize: 72, width: 720};
  if (length <= 70) return {fontSize: 60, width: 960};
  return {fontSize: 56, width: 1000};
}

/** A satori node in its object form (satori accepts these in place of React elements). */
export interface CardNode {
  type: string;
  props: {style?: Style; children?: Children; [prop: string]: unknown};
}
type Children = CardNode | string | (CardNode | string)[];
type Style = Record<string, string | number>;

/** A card's text and art; images are data URIs, `host` is e.g. `gotchalabs.app`. */
export interface CardContent {
  title: string;
  description: string;
  host: string;
  companyName: string;
  logo: string;
  /** An article's hero art; without it the card shows the brand art. */
  hero?: string | undefined;
  /** Small label above the title, e.g. "Blog". */
  kicker?: string | undefined;
}

function div(style: Style, children?: Children): CardNode {
  return {type: 'div', props: children === undefined ? {style} : {style, children}};
}

function img(src: string, size: {width: number; height: number}, style: Style = {}): CardNode {
  return {type: 'img', props: {src, ...size, style: {...size, ...style}}};
}

function layer(style: Style, children?: Children): CardNode {
  return div({position: 'absolute', display: 'flex', ...style}, children);
}

function rgba(hex: string, alpha: number): string {
  const value = Number.parseInt(hex.slice(1), 16);
  return `rgba(${(value >> 16) & 255}, ${(value >> 8) & 255}, ${value & 255}, ${alpha})`;
}

/** At most `lines` lines, the last ending in an ellipsis if the text is longer. */
const clamped = (lines: number, lineHeight: number): Style => ({
  display: 'block',
  lineClamp: lines,
  lineHeight,
  textOverflow: 'ellipsis',
});

const FULL = {top: 0, left: 0, width: CARD_WIDTH, height: CARD_HEIGHT} as const;
const pct = (px: number) => `${((100 * px) / CARD_WIDTH).toFixed(2)}%`;

/** The satori tree of a card. */
export function buildCard(content: CardContent): CardNode {
  const title = titleBox(content.title);
  const textRight = PADDING + title.width;
  const kicker = div({display: 'flex', alignItems: 'center', marginBottom: 28}, [
    div({width: 64, height: 8, borderRadius: 4, backgroundColor: PALETTE.vermilion}),
    div(
      {marginLeft: 18, fontSize: 22, fontWeight: 700, letterSpacing: 4, color: PALETTE.mist},
      (content.kicker ?? '').toUpperCase(),
    ),
  ]);
  const main = div(
    {display: 'flex', flexDirection: 'column', flexGrow: 1, justifyContent: 'center'},
    [
      kicker,
      div(
        {...clamped(3, 1.12), width: title.width, fontSize: title.fontSize, fontWeight: 700},
        content.title,
      ),
      div(
        {
          ...clamped(2, 1.4),
          width: 760,
          marginTop: 24,
          fontSize: 30,
          color: rgba(PALETTE.mist, 0.88),
        },
        content.description,
      ),
    ],
  );
  const footer = div(
    {display: 'flex', alignItems: 'center', justifyContent: 'space-between', width: '100%'},
    [
      div({display: 'flex', alignItems: 'center'}, [
        img(content.logo, {width: 56, height: 56}, {borderRadius: 14}),
        div({marginLeft: 18, fontSize: 30, fontWeight: 700}, content.companyName),
      ]),
      div(
        {
          display: 'flex',
          fontSize: 24,
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
  return div(
    {
      ...FULL,
      display: 'flex',
      position: 'relative',
      backgroundColor: PALETTE.ink,
      fontFamily: FONT_FAMILY,
      color: PALETTE.cream,
      overflow: 'hidden',
    },
    [
      ...(content.hero === undefined
        ? brandBackground(content.logo, textRight)
        : heroBackground(content.hero, textRight)),
      layer({...FULL, flexDirection: 'column', padding: `64px ${PADDING}px 56px`}, [main, footer]),
    ],
  );
}

/** The hero art full-bleed, under an ink panel that ends just after the text and fades out. */
function heroBackground(hero: string, textRight: number): CardNode[] {
  const ink = (alpha: number) => rgba(PALETTE.ink, alpha);
  const solid = Math.min(textRight + 40, CARD_WIDTH - 200);
  const fadeEnd = Math.min(solid + 300, CARD_WIDTH);
  return [
    layer(FULL, [img(hero, {width: CARD_WIDTH, height: CARD_HEIGHT}, {objectFit: 'cover'})]),
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

/** Ink with an indigo glow, the logo mark large beside a short title, else faint in a corner. */
function brandBackground(logo: string, textRight: number): CardNode[] {
  const roomy = textRight + 64 + 272 <= CARD_WIDTH - PADDING;
  const size = roomy ? 272 : 440;
  const [left, top] = roomy ? [CARD_WIDTH - PADDING - size, 154] : [850, -110];
  const [x, y] = roomy ? [left + size / 2, top + size / 2] : [1080, 90];
  const glow = `radial-gradient(circle at ${x}px ${y}px, ${rgba(PALETTE.indigo, 0.95)} 0%, ${rgba(PALETTE.indigo, 0.45)} 22%, ${rgba(PALETTE.ink, 0)} 48%)`;
  const faint = {opacity: 0.14, transform: 'rotate(-12deg)'};
  return [
    layer({...FULL, backgroundImage: glow}),
    layer({top, left, width: size, height: size, ...(roomy ? {} : faint)}, [
      img(logo, {width: size, height: size}, {borderRadius: roomy ? size / 4 : 0}),
    ]),
  ];
}
