import {createHash} from 'node:crypto';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliCompress, constants, gzip} from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One file of the build, held in memory with its precompressed forms. */
export interface StaticFile {
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
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

const COMPRESSIBLE = /^(?:text\/|application\/(?:json|xml|manifest\+json)|image\/svg\+xml)/;

/** Compressed forms worth sending: only those smaller than the original. */
async function compress(body: Buffer): Promise<Pick<StaticFile, 'br' | 'gzip'>> {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    }),
    gzipAsync(body, {level: constants.Z_BEST_COMPRESSION}),
  ]);
  return {
    br: br.length < body.length ? br : undefined,
    gzip: gz.length < body.length ? gz : undefined,
  };
}

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, {recursive: true, withFileTypes: true});
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Files the build writes for static hosts, not for visitors: `_headers`, `_redirects` and the
 * like at the root, and dotfiles anywhere. Static hosts answer 404 for them, and so do we.
 */
export function isBuildOnlyFile(urlPath: string): boolean {
  return /^\/_[^/]*$/.test(urlPath) || urlPath.includes('/.');
}

/**
 * Loads the whole production build into memory, keyed by URL path, compressing text once with
 * brotli and gzip at their best settings. The site is a few megabytes; serving it from memory with
 * precomputed ETags and encodings is what lets one small process outrun a plain file server.
 */
export async function loadStaticSite(buildDir: string): Promise<Map<string, StaticFile>> {
  const files = new Map<string, StaticFile>();
  for (const file of await listFiles(buildDir)) {
    const body = await readFile(file);
    const contentType =
      CONTENT_TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
    const urlPath = '/' + path.relative(buildDir, file).split(path.sep).join('/');
    if (isBuildOnlyFile(urlPath)) continue;
    files.set(urlPath, {
      body,
      ...(COMPRESSIBLE.test(contentType) ? await compress(body) : {}),
      contentType,
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
