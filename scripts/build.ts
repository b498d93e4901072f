/**
 * `npm run build [-- <docusaurus build options>]`: `docusaurus build`, then `<file>.br` and
 * `<file>.gz` beside every text file of the out dir it wrote (`build/`, or `--out-dir`), for
 * nginx's `brotli_static`/`gzip_static`, Caddy's `precompressed` and server/.
 *
 * A step of its own, the last of the build's (plugins/post-build lists the others in order),
 * because Docusaurus runs every plugin's postBuild at once, and the sitemap and the feeds are
 * written there: only once the build has exited is the out dir complete. A failed build exits
 * with its code and compresses nothing.
 */
import {spawnSync} from 'node:child_process';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {precompressDir} from '../build-steps/precompress';
import {nginxSettings} from '../build-steps/host-configs/host-settings';
import {site} from '../src/data/site';
import {checkLegalFacts} from '../src/lib/legal-facts';
import {loadSiteEnv} from './site-env';
import {
  articleRoutes,
  FIRST_ROUND_TRIP_BYTES,
  measurePage,
  overBudgetMessage,
} from './first-screen';

/** The out dir `docusaurus build` writes for these arguments, as its `--out-dir` option reads. */
export function outDirOf(args: string[]): string {
  const {values} = parseArgs({
    args,
    options: {'out-dir': {type: 'string'}},
    strict: false,
    allowPositionals: true,
  });
  const outDir = values['out-dir'];
  return typeof outDir === 'string' ? outDir : 'build';
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  // docusaurus.config.ts and the plugin check these too, but Docusaurus would bury each line in
  // two stack traces. deploy/site.env is read into this process's environment, which the build
  // below inherits.
  try {
    const {production} = loadSiteEnv(path.resolve(__dirname, '..'));
    nginxSettings(process.env);
    checkLegalFacts(site.legal, {production});
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    for (const line of message.split('\n')) console.error(`[build] ${line}`);
    process.exit(1);
  }
  const docusaurus = path.resolve(__dirname, '../node_modules/.bin/docusaurus');
  const {status, signal} = spawnSync(docusaurus, ['build', ...args], {stdio: 'inherit'});
  if (status !== 0) {
    console.error(`[build] docusaurus build failed (${signal ?? `exit code ${status}`})`);
    process.exit(status ?? 1);
  }
  const started = Date.now();
  const count = await precompressDir(path.resolve(outDirOf(args)));
  console.log(`[precompress] ${count} files compressed in ${Date.now() - started} ms`);
  warnOfLongFirstScreens(path.resolve(outDirOf(args)));
}

/** A warning per article whose first screen is over budget; `npm run check-content` fails on it. */
function warnOfLongFirstScreens(outDir: string): void {
  for (const route of articleRoutes(outDir)) {
    const figures = measurePage(outDir, route);
    if (figures.firstScreen <= FIRST_ROUND_TRIP_BYTES) continue;
    console.warn(`[WARNING] ${route}: ${overBudgetMessage(figures)}`);
  }
}

if (require.main === module) void main();
