/**
 * `npm run build` compresses whichever out dir it built: npm test builds `build/` and, with
 * `--out-dir`, `build-waitlist/`, and nginx, Caddy and server/ serve the `.br` and `.gz` forms
 * they find beside each file.
 */
import {existsSync} from 'node:fs';
import {readFile} from 'node:fs/promises';
import path from 'node:path';
import {brotliDecompressSync, gunzipSync} from 'node:zlib';
import {compressibleFiles} from '../../build-steps/precompress';

/** Below this, a compressed form may be no smaller than the file, and is then left out. */
const SURELY_COMPRESSIBLE_BYTES = 1024;

const ROOT = path.resolve(__dirname, '../..');

describe.each(['build', 'build-waitlist'])('%s/', (outDir) => {
  const dir = path.join(ROOT, outDir);

  it('has brotli and gzip forms beside every text file, each decoding to the file', async () => {
    if (!existsSync(path.join(dir, 'sitemap.xml'))) {
      throw new Error(`No production build in ${dir}: npm test builds it (scripts/test.sh).`);
    }
    const files = await compressibleFiles(dir);
    expect(files).toContain('sitemap.xml');
    const problems: string[] = [];
    for (const file of files) {
      const body = await readFile(path.join(dir, file));
      const forms = {br: brotliDecompressSync, gz: gunzipSync};
      for (const [suffix, decode] of Object.entries(forms)) {
        const form = path.join(dir, `${file}.${suffix}`);
        if (!existsSync(form)) {
          if (body.length >= SURELY_COMPRESSIBLE_BYTES) problems.push(`${file}.${suffix} missing`);
        } else if (!decode(await readFile(form)).equals(body)) {
          problems.push(`${file}.${suffix} is stale`);
        }
      }
    }
    expect(problems).toEqual([]);
  });
});
