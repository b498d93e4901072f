import type {Plugin} from '@docusaurus/types';
import {precompressDir} from './compress';

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file
 * of the build, for nginx's `brotli_static`/`gzip_static`, Caddy's `precompressed` and server/.
 *
 * Docusaurus runs every plugin's postBuild at once, and the sitemap, the feeds, the search index
 * and robots.txt are written there; so the files are compressed once the build has finished,
 * when the process has nothing else left to do. A failed build exits before that.
 */
export default function precompress(): Plugin {
  return {
    name: 'precompress',
    postBuild({outDir}) {
      process.once('beforeExit', () => {
        const started = Date.now();
        precompressDir(outDir).then(
          (count) => {
            console.log(`[precompress] ${count} files compressed in ${Date.now() - started} ms`);
          },
          (error: unknown) => {
            console.error('[precompress] failed:', error);
            process.exitCode = 1;
          },
        );
      });
      return Promise.resolve();
    },
  };
}
