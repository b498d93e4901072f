import {createHash} from 'node:crypto';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {
  COMPRESSIBLE_EXTENSIONS,
  ENCODING_SUFFIXES,
  compressForms,
  isBuildOnlyFile,
  isCompressedForm,
  type CompressedForms,
} from '../contracts/compression';

export {isBuildOnlyFile};

/** One file of the build, held in memory with its precompressed forms. */
export interface StaticFile extends CompressedForms {
  body: Buffer;
  contentType: string;
  /** A digest of the plain body; each stored form's ETag is made from it. */
  hash: string;
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

async function listFiles(dir: string): Promise<Set<string>> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return new Set(
    entries
      .filter((entry) => entry.isFile())
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
}

/**
 * The brotli and gzip forms the build holds beside a text file (build-steps/precompress writes them).
 * A text file without any, in a build made some other way, is compressed here instead.
 */
async function compressedForms(file: string, onDisk: Set<string>): Promise<CompressedForms> {
  if (!COMPRESSIBLE_EXTENSIONS.has(path.extname(file).toLowerCase())) return {};
  const [br, gzip] = [ENCODING_SUFFIXES.br, ENCODING_SUFFIXES.gzip].map((suffix) =>
    onDisk.has(file + suffix) ? file + suffix : undefined,
  );
  if (!br && !gzip) return compressForms(await readFile(file));
  return {
    br: br === undefined ? undefined : await readFile(br),
    gzip: gzip === undefined ? undefined : await readFile(gzip),
  };
}

/**
 * Loads the whole production build into memory, keyed by URL path, with the compressed forms of
 * its text files. The site is a few megabytes; serving it from memory with precomputed ETags and
 * encodings is what lets one small process outrun a plain file server.
 */
export async function loadStaticSite(buildDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  const onDisk = await listFiles(buildDir);
  for (const file of onDisk) {
    const urlPath = '/' + path.relative(buildDir, file).split(path.sep).join('/');
    if (isBuildOnlyFile(urlPath) || isCompressedForm(file)) continue;
    const body = await readFile(file);
    files.set(urlPath, {
      body,
      ...(await compressedForms(file, onDisk)),
      contentType: CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
      hash: createHash('sha256').update(body).digest('base64url').slice(0, 27),
    });
  }
  return files;
}

/**
 * The build file a clean URL maps to: `/blogs` → `/blogs.html`, `/` → `/index.html`. Paths are
 * looked up in the map only, so `..` can never reach the disk.
 */
export function resolveUrlPath(
  files: {has(path: string): boolean},
  urlPath: string,
): string | undefined {
  const candidates = urlPath.endsWith('/')
    ? [`${urlPath}index.html`]
    : [urlPath, `${urlPath}.html`, `${urlPath}/index.html`];
  return candidates.find((candidate) => files.has(candidate));
}
