import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {Resvg} from '@resvg/resvg-js';
import {load} from 'cheerio';
import satori, {type SatoriOptions} from 'satori';
import {SOCIAL_CARD_SIZE} from '../../src/lib/social-card';
import {buildCard, collapse, FONT_FAMILY, type CardContent} from './card';
import {PALETTE} from '../../src/lib/brand-palette';

/** The committed fonts (licences beside them): cards never depend on the machine's fonts. */
export const FONT_FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
  /** Chinese labels in hero art are bold; this subset holds the common characters. */
  chinese: 'NotoSansCJKsc-Bold-subset.otf',
} as const;

/** Everything a card needs besides its text, loaded once per build. */
export interface CardAssets {
  satoriFonts: SatoriOptions['fonts'];
  fontPaths: string[];
  /** The logo mark as a data URI. */
  logo: string;
}

export async function loadCardAssets(fontDir: string, logoPath: string): Promise<CardAssets> {
  const fontPaths = Object.values(FONT_FILES).map((file) => path.join(fontDir, file));
  const [regular, bold, chinese] = await Promise.all(fontPaths.map((file) => readFile(file)));
  const logo = await readFile(logoPath);
  return {
    satoriFonts: [
      {name: FONT_FAMILY, data: regular as Buffer, weight: 400, style: 'normal'},
      {name: FONT_FAMILY, data: bold as Buffer, weight: 700, style: 'normal'},
      {name: 'Noto Sans CJK SC', data: chinese as Buffer, weight: 700, style: 'normal'},
    ],
    fontPaths,
    logo: dataUri(logo, 'image/svg+xml'),
  };
}

function dataUri(data: Buffer, type: string): string {
  return `data:${type};base64,${data.toString('base64')}`;
}

/** The characters of an SVG's text that none of the committed fonts can draw. */
export async function undrawableText(svg: string, assets: CardAssets): Promise<string[]> {
  const text = collapse(load(svg, {xml: true})('text').text());
  const missing: string[] = [];
  await satori({type: 'div', props: {style: {display: 'flex'}, children: text}} as never, {
    width: 100,
    height: 100,
    fonts: assets.satoriFonts,
    loadAdditionalAsset: (_language, segment) => {
      missing.push(segment);
      return Promise.resolve([]);
    },
  });
  return missing;
}

/**
 * Hero art as a PNG data URI for the card. resvg does not lay out <text> inside an SVG embedded as
 * an image, so the art is rendered on its own first, with the committed fonts alone.
 */
export function rasterizeHero(svg: string, assets: CardAssets): string {
  const image = new Resvg(svg, {
    fitTo: {mode: 'width', value: SOCIAL_CARD_SIZE.width},
    font: {
      loadSystemFonts: false,
      fontFiles: assets.fontPaths,
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
    },
  }).render();
  return dataUri(image.asPng(), 'image/png');
}

/** A card as a 1200×630 PNG: satori turns the text into paths, resvg paints and encodes it. */
export async function renderCard(content: CardContent, assets: CardAssets): Promise<Buffer> {
  const svg = await satori(buildCard(content) as never, {
    ...SOCIAL_CARD_SIZE,
    fonts: assets.satoriFonts,
  });
  return new Resvg(svg, {background: PALETTE.ink, font: {loadSystemFonts: false}}).render().asPng();
}

/** An article's hero (its front matter `image`) as an image satori can draw. */
export async function heroArt(file: string, assets: CardAssets, siteDir: string): Promise<string> {
  const data = await readFile(file);
  const type = path.extname(file).slice(1).toLowerCase().replace('jpg', 'jpeg');
  if (type !== 'svg') return dataUri(data, `image/${type}`);
  const missing = await undrawableText(data.toString(), assets);
  if (missing.length > 0) {
    throw new Error(
      `${path.relative(siteDir, file)} has text the card fonts cannot draw ("${missing.join('')}"): ` +
        'add the characters to plugins/social-cards/fonts (see NotoSansCJK-LICENSE.txt there)',
    );
  }
  return rasterizeHero(data.toString(), assets);
}
