import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {renderAsync} from '@resvg/resvg-js';
import satori, {type SatoriOptions} from 'satori';
import {
  buildCard,
  CARD_HEIGHT,
  CARD_WIDTH,
  FONT_FAMILY,
  isPostFolderFor,
  PALETTE,
  parseFontMetrics,
  type CardContent,
  type CardFonts,
} from './card';
import {encodeOpaquePng} from './png';

/** The font files in fonts/ (DejaVu Sans Condensed, see fonts/LICENSE.txt). */
export const FONT_FILES = {
  regular: 'DejaVuSansCondensed.ttf',
  bold: 'DejaVuSansCondensed-Bold.ttf',
} as const;

/** Everything a card needs besides its text, loaded once per build. */
export interface CardAssets {
  satoriFonts: SatoriOptions['fonts'];
  metrics: CardFonts;
  fontPaths: string[];
  /** The logo mark as a data URI. */
  logo: string;
}

export async function loadCardAssets(fontDir: string, logoPath: string): Promise<CardAssets> {
  const regularPath = path.join(fontDir, FONT_FILES.regular);
  const boldPath = path.join(fontDir, FONT_FILES.bold);
  const [regular, bold, logo] = await Promise.all([
    readFile(regularPath),
    readFile(boldPath),
    readFile(logoPath),
  ]);
  return {
    satoriFonts: [
      {name: FONT_FAMILY, data: regular, weight: 400, style: 'normal'},
      {name: FONT_FAMILY, data: bold, weight: 700, style: 'normal'},
    ],
    metrics: {regular: parseFontMetrics(regular), bold: parseFontMetrics(bold)},
    fontPaths: [regularPath, boldPath],
    logo: svgDataUri(logo),
  };
}

export function svgDataUri(svg: Buffer | string): string {
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/**
 * The hero art of the article with this slug: `blog/YYYY-MM-DD-<slug>/hero.svg`, or null when
 * there is no such folder or it has no hero.svg yet. Other I/O errors are thrown.
 */
export async function findHeroSvg(siteDir: string, slug: string): Promise<string | null> {
  const blogDir = path.join(siteDir, 'blog');
  let folders: string[];
  try {
    folders = await readdir(blogDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const folder = folders.find((name) => isPostFolderFor(name, slug));
  if (folder === undefined) return null;
  const hero = path.join(blogDir, folder, 'hero.svg');
  try {
    return await readFile(hero, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** A card as SVG (satori turns all text into paths with the given fonts). */
export async function renderCardSvg(content: CardContent, assets: CardAssets): Promise<string> {
  const {tree} = buildCard(content, assets.metrics);
  return satori(tree as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: assets.satoriFonts,
  });
}

/**
 * Hero art rasterised to a 1200-px-wide PNG data URI for the card. resvg does not lay out <text>
 * inside an SVG embedded as an image, so the art is rendered on its own first: its labels use the
 * card fonts, then the machine's fonts (Chinese labels, say), as they do when a browser shows it.
 */
export async function rasterizeHero(svg: string, assets: CardAssets): Promise<string> {
  const image = await renderAsync(svg, {
    fitTo: {mode: 'width', value: CARD_WIDTH},
    font: {
      loadSystemFonts: true,
      fontFiles: assets.fontPaths,
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
    },
  });
  return `data:image/png;base64,${image.asPng().toString('base64')}`;
}

/** A card as a 1200×630 PNG. */
export async function renderCard(content: CardContent, assets: CardAssets): Promise<Buffer> {
  const svg = await renderCardSvg(content, assets);
  // Satori has turned all text into paths, so no fonts are needed here.
  const image = await renderAsync(svg, {
    fitTo: {mode: 'width', value: CARD_WIDTH},
    background: PALETTE.ink,
    font: {loadSystemFonts: false},
  });
  if (image.width !== CARD_WIDTH || image.height !== CARD_HEIGHT) {
    throw new Error(
      `rendered ${image.width}×${image.height}, expected ${CARD_WIDTH}×${CARD_HEIGHT}`,
    );
  }
  // Opaque (resvg paints the ink background first), so an RGB PNG: about half resvg's size.
  return encodeOpaquePng(image.pixels, image.width, image.height);
}
