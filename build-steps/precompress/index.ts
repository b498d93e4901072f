import {readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {
  COMPRESSIBLE_EXTENSIONS,
  ENCODING_SUFFIXES,
  compressForms,
  isBuildOnlyFile,
  type CompressedForms,
} from '../../contracts/compression';

// The last step of the build, run by scripts/build.ts once `docusaurus build` has exited.

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
