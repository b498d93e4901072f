import {readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
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

/**
 * Writes `<file>.br` and `<file>.gz` beside one file, or removes them when a form would not be
 * smaller: a stale form beside a rewritten file would be served in its place.
 */
export async function writeCompressedForms(file: string): Promise<void> {
  const forms = await compressForms(await readFile(file));
  for (const [encoding, suffix] of Object.entries(ENCODING_SUFFIXES)) {
    const form = forms[encoding as keyof CompressedForms];
    if (form) await writeFile(file + suffix, form);
    else await rm(file + suffix, {force: true});
  }
}

/** Every compressible file a visitor may request under `dir`, as paths relative to it. */
export async function compressibleFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .filter(
      (file) =>
        COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase()) &&
        !isBuildOnlyFile('/' + file.split(path.sep).join('/')),
    );
}

export async function precompressDir(dir: string): Promise<number> {
  const files = await compressibleFiles(dir);
  // A few at a time: brotli at quality 11 is slow, and the machine may have two cores.
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
      await writeCompressedForms(path.join(dir, file));
    }
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return files.length;
}
