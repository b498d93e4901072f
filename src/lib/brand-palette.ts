/**
 * The brand colours, read from the custom properties of src/css/custom.css, which is their one
 * source: the cards and the browser's theme colour follow any change made there.
 */
import {readFileSync} from 'node:fs';
import path from 'node:path';

const COLOURS = ['ink', 'indigo', 'vermilion', 'cream', 'mist'] as const;

export type Palette = Record<(typeof COLOURS)[number], string>;

/** `--gl-<name>: #rrggbb;` of each brand colour in the stylesheet's first `:root` rule. */
export function parsePalette(css: string): Palette {
  const root = /:root\s*\{([^}]*)\}/.exec(css)?.[1] ?? '';
  const entries = COLOURS.map((name) => {
    const value = new RegExp(`--gl-${name}:\\s*(#[0-9a-f]{6})\\s*;`, 'i').exec(root)?.[1];
    if (value === undefined) {
      throw new Error(`src/css/custom.css: :root has no --gl-${name} colour like #14173a`);
    }
    return [name, value] as const;
  });
  return Object.fromEntries(entries) as Palette;
}

export const PALETTE: Palette = parsePalette(
  readFileSync(path.join(__dirname, '..', 'css', 'custom.css'), 'utf8'),
);
