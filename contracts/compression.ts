/**
 * How the site's text files are compressed, as the build and the server agree: which files, brotli
 * and gzip at their best settings, and the suffixes nginx, Caddy and server/ look for.
 * build-steps/precompress writes the forms beside each file of a build; server/static-site.ts
 * makes them in memory for a file that has none.
 */
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip, type BrotliOptions} from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images, fonts and archives are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set([
  '.html',
  '.css',
  '.js',
  '.json',
  '.xml',
  '.txt',
  '.svg',
  '.webmanifest',
]);

/** The suffixes of a file's precompressed forms, as nginx, Caddy and server/ look for them. */
export const ENCODING_SUFFIXES = {br: '.br', gzip: '.gz'} as const;

export interface CompressedForms {
  br?: Buffer;
  gzip?: Buffer;
}

/** Brotli at its best setting, for a body of `size` bytes. */
export function brotliOptions(size: number): BrotliOptions {
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: size,
    },
  };
}

/** Brotli and gzip at their best settings; a form no smaller than the original is left out. */
export async function compressForms(body: Buffer): Promise<CompressedForms> {
  const [br, gz] = await Promise.all([
    brotli(body, brotliOptions(body.length)),
    gzipAsync(body, {level: constants.Z_BEST_COMPRESSION}),
  ]);
  return {
    br: br.length < body.length ? br : undefined,
    gzip: gz.length < body.length ? gz : undefined,
  };
}

/** Files a visitor may request: not `_headers`, `_deploy/` and the like, nor dotfiles. */
export function isBuildOnlyFile(urlPath: string): boolean {
  return urlPath.startsWith('/_') || urlPath.includes('/.');
}

export function isCompressedForm(file: string): boolean {
  return Object.values(ENCODING_SUFFIXES).some((suffix) => file.endsWith(suffix));
}
