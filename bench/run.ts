/**
 * `npm run bench`: a cold production build, then the site measured from a copy of it: bytes per
 * route, Lighthouse mobile and desktop (beside the same build without scripts), the reader views,
 * and the servers under load; then the budgets. Tables go to stdout, progress to stderr, and
 * everything to bench/results/<timestamp>.json. See bench/README.md.
 *
 *   npm run bench                 the whole thing (about 15 minutes on 2 cores)
 *   npm run bench -- --no-build   measure the existing build/ instead of building
 *   npm run bench -- --runs=1     Lighthouse and reader-view runs (1–3; default 3)
 *   npm run bench -- --only=reader  the reader views alone (search, offline, "Save all guides"):
 *                                 with --no-build, a few minutes instead of fifteen
 *   npm run bench -- --no-build --only=queries  the search against travellers' queries alone:
 *                                 seconds
 */
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import {cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {promisify} from 'node:util';
import * as cheerio from 'cheerio';
import {writeCompressedForms} from '../build-steps/precompress';
import {sitemapPaths} from '../scripts/build-files';
import {
  SEARCH_QUERIES,
  builtSearchDocuments,
  checkQueries,
  namedGuides,
} from '../scripts/search-queries';
import {measureBytes, measureReaderViews} from './browser';
import {measureLighthouse} from './lighthouse';
import {DATABASE_LOAD, measureDatabaseLoad, measureLoad, type Server} from './load';
import * as report from './report';
import {
  freePort,
  groupStats,
  HOST,
  killAll,
  log,
  NOT_FOUND_PATH,
  ROOT,
  start,
  waitForHttp,
} from './util';

const runs = Number(process.argv.find((a) => a.startsWith('--runs='))?.slice(7) ?? 3);
if (![1, 2, 3].includes(runs)) throw new Error('--runs must be 1, 2 or 3');
const buildFirst = !process.argv.includes('--no-build');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice(7);
if (only !== undefined && only !== 'reader' && only !== 'queries') {
  throw new Error('--only can only be reader or queries');
}
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
/** The results file, and beside it a folder of Lighthouse's reports. */
const resultsFile = path.join(ROOT, 'bench/results', `${stamp}.json`);
const reportsDir = path.join(ROOT, 'bench/results', stamp);
const loadAverage: Record<string, number[]> = {};
const noteLoad = (stage: string) =>
  (loadAverage[stage] = os.loadavg().map((v) => Number(v.toFixed(2))));
const results: report.Measured & Record<string, unknown> = {
  startedAt: startedAt.toISOString(),
  machine: {cpus: os.cpus().length, node: process.version, loadAverage},
  options: {build: buildFirst, runs, ...(only ? {only} : {})},
};
const print = (text: string) => process.stdout.write(`${text}\n`);

/** `rm -rf build .docusaurus node_modules/.cache`, then `npm run build`, timed, with its memory. */
async function coldBuild(workDir: string) {
  for (const dir of ['build', '.docusaurus', 'node_modules/.cache']) {
    await rm(path.join(ROOT, dir), {recursive: true, force: true});
  }
  const timeFile = path.join(workDir, 'build-time.txt');
  const started = performance.now();
  // GNU time, where installed, reports the largest single process.
  const npmBuild = ['npm', 'run', '--silent', 'build'];
  const [command = 'npm', ...args] = existsSync('/usr/bin/time')
    ? ['/usr/bin/time', '-v', '-o', timeFile, ...npmBuild]
    : npmBuild;
  const child = start(command, args, path.join(workDir, 'build.log'));
  let exitCode: number | null | undefined;
  void child.exited.then((code) => (exitCode = code));
  // The whole process tree's memory, sampled every 200 ms (so shorter peaks are missed).
  let peakTreeRssBytes = 0;
  for (const end = Date.now() + 5 * 60_000; exitCode === undefined && Date.now() < end;) {
    peakTreeRssBytes = Math.max(peakTreeRssBytes, (await groupStats(child.pid)).rssBytes);
    await sleep(200);
  }
  const wallMs = Math.round(performance.now() - started);
  await child.stop();
  if (exitCode !== 0) throw new Error(`npm run build failed (${String(exitCode ?? 'over 5 min')})`);
  const time = await readFile(timeFile, 'utf8').catch(() => '');
  const maxRssKb = Number(/Maximum resident set size \(kbytes\): (\d+)/.exec(time)?.[1]);
  return {wallMs, peakTreeRssBytes, gnuTimeMaxRssBytes: maxRssKb * 1024};
}

/** The limit: a copy of the build whose pages have no script and no script preload. */
async function copyWithoutScripts(siteDir: string, outDir: string): Promise<void> {
  await cp(siteDir, outDir, {recursive: true});
  const pages = (await readdir(outDir, {recursive: true})).filter((file) => file.endsWith('.html'));
  for (const page of pages.map((file) => path.join(outDir, file))) {
    const $ = cheerio.load(await readFile(page, 'utf8'));
    $('script, link[rel="modulepreload"], link[rel="preload"][as="script"]').remove();
    await writeFile(page, $.html());
    // The copied .br and .gz forms still hold the scripts; servers would send them instead.
    await writeCompressedForms(page);
  }
}

/** server/serve.ts for `siteDir` with a database of its own (seeded if asked), limits lifted. */
async function ourServer(siteDir: string, workDir: string, label: string, seedRows = 0) {
  const port = await freePort();
  const tsx = path.join(ROOT, 'node_modules/.bin/tsx');
  const database = {
    DATA_DIR: await mkdtemp(path.join(workDir, `data-${label}-`)),
    DATABASE_URL: '',
  };
  if (seedRows > 0) {
    const seed = ['scripts/seed-waitlist.ts', String(seedRows)];
    await promisify(execFile)(tsx, seed, {cwd: ROOT, env: {...process.env, ...database}});
  }
  const child = start(tsx, ['server/serve.ts'], path.join(workDir, `server-${label}.log`), {
    ...{...database, PORT: String(port), HOST, BUILD_DIR: siteDir},
    // The load comes from one address, faster and over more connections than any visitor's.
    ...{WAITLIST_WRITES_PER_MINUTE: '0', WAITLIST_READS_PER_MINUTE: '0'},
    MAX_CONNECTIONS_PER_ADDRESS: '0',
  });
  const origin = `http://${HOST}:${port}`;
  await waitForHttp(`${origin}/`, child);
  return {name: 'ours', origin, child} satisfies Server;
}

async function stockServer(siteDir: string, workDir: string): Promise<Server> {
  const port = String(await freePort());
  const args = ['serve', '--dir', siteDir, '--port', port, '--host', HOST, '--no-open'];
  const docusaurus = path.join(ROOT, 'node_modules/.bin/docusaurus');
  const child = start(docusaurus, args, path.join(workDir, 'docusaurus-serve.log'));
  await waitForHttp(`http://${HOST}:${port}/`, child);
  return {name: 'docusaurus serve', origin: `http://${HOST}:${port}`, child};
}

async function measure(workDir: string): Promise<void> {
  noteLoad('start');
  if (buildFirst) {
    log('cold build: removing build/, .docusaurus/, node_modules/.cache, then npm run build');
    results.build = await coldBuild(workDir);
    print(report.buildTable(results.build));
  }
  // A private copy: someone else may rebuild build/ while this runs.
  const siteDir = path.join(workDir, 'site');
  await cp(path.join(ROOT, 'build'), siteDir, {recursive: true});
  const sitemap = await readFile(path.join(siteDir, 'sitemap.xml'), 'utf8');
  const paths = [...new Set(sitemapPaths(sitemap))].sort((a, b) =>
    a === '/' ? -1 : b === '/' ? 1 : a.localeCompare(b),
  );
  const routes = [
    ...paths.map((p) => ({path: p, notFound: false})),
    {path: NOT_FOUND_PATH, notFound: true},
  ];
  const indexHtml = await readFile(path.join(siteDir, 'index.html'), 'utf8');
  const mainScript = /\/assets\/js\/main\.[\w-]+\.js/.exec(indexHtml)?.[0];
  if (!mainScript || paths.length === 0) throw new Error('the build has no sitemap or no main.js');
  // Judged as the search's test judges them: among the guides the queries file names.
  const documents = await builtSearchDocuments(siteDir);
  results.searchQueries = checkQueries(documents, SEARCH_QUERIES, namedGuides());
  print(report.searchQueriesTable(results.searchQueries));
  if (only === 'queries') return;
  if (only === 'reader') {
    const site = await ourServer(siteDir, workDir, 'pages');
    results.reader = await measureReaderViews(site.origin, runs);
    print(report.readerTable(results.reader));
    await site.child.stop();
    return;
  }
  await copyWithoutScripts(siteDir, path.join(workDir, 'no-scripts'));
  const site = await ourServer(siteDir, workDir, 'pages');
  const limit = await ourServer(path.join(workDir, 'no-scripts'), workDir, 'no-scripts');
  log(`${routes.length} routes; ours at ${site.origin}, without scripts at ${limit.origin}`);
  results.bytes = await measureBytes(site.origin, paths.concat(NOT_FOUND_PATH));
  print(report.bytesTable(results.bytes));
  noteLoad('after bytes');
  await mkdir(reportsDir, {recursive: true});
  const origins = {ours: site.origin, limit: limit.origin};
  results.lighthouse = await measureLighthouse(origins, routes, runs, {
    work: workDir,
    reports: reportsDir,
  });
  print(report.lighthouseTable(results.lighthouse, 'mobile', runs));
  print(report.lighthouseTable(results.lighthouse, 'desktop', runs));
  noteLoad('after lighthouse');
  results.reader = await measureReaderViews(site.origin, runs);
  print(report.readerTable(results.reader));
  await Promise.all([site.child.stop(), limit.child.stop()]);

  log('load: a fresh server of ours, and docusaurus serve');
  const [ours, stock] = [
    await ourServer(siteDir, workDir, 'load'),
    await stockServer(siteDir, workDir),
  ];
  results.load = await measureLoad(ours, stock, mainScript, log);
  await Promise.all([ours.child.stop(), stock.child.stop()]);
  print(report.loadTable(results.load));
  noteLoad('after load');
  log(`load: a server of ours holding ${DATABASE_LOAD.seedRows} waitlist rows`);
  const seeded = await ourServer(siteDir, workDir, 'database', DATABASE_LOAD.seedRows);
  results.databaseLoad = await measureDatabaseLoad(seeded, log);
  await seeded.child.stop();
  print(report.databaseLoadTable(results.databaseLoad));
  noteLoad('end');
}

async function main(): Promise<void> {
  // The build's and servers' logs, the copies of the build, the databases, Chrome's profiles.
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'gotcha-bench-'));
  let stopping = false;
  const stop = (reason: string, exitCode = 130) => {
    if (stopping) return; // Ctrl-C arrives twice: from the terminal, and relayed by tsx.
    stopping = true;
    log(`${reason}: stopping everything`);
    results.error = reason;
    // With its servers and browsers gone, the step under way fails, and the results are written.
    killAll();
    process.exitCode = exitCode;
    setTimeout(() => process.exit(), 15_000).unref();
  };
  process.on('SIGINT', () => stop('SIGINT')).on('SIGTERM', () => stop('SIGTERM'));
  // Lighthouse leaves promises unawaited; when its Chrome is killed they reject unheard.
  process.on('unhandledRejection', (reason) =>
    log(`ignored an unawaited rejection: ${String(reason)}`),
  );
  const timeLimit = setTimeout(() => stop('over the 45-minute limit', 1), 45 * 60_000);
  try {
    await measure(workDir);
  } catch (error) {
    results.error ??= error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.exitCode ??= 1;
  }
  clearTimeout(timeLimit);
  results.budgets = report.checkBudgets(results);
  print(report.budgetTable(results.budgets as report.BudgetCheck[]));
  print(report.diagnostics(results, path.relative(ROOT, reportsDir)));
  const totalSeconds = Math.round((Date.now() - startedAt.getTime()) / 1000);
  await mkdir(path.dirname(resultsFile), {recursive: true});
  await writeFile(resultsFile, `${JSON.stringify({...results, totalSeconds}, null, 2)}\n`);
  const loads = Object.entries(loadAverage).map(([stage, [oneMinute]]) => `${stage} ${oneMinute}`);
  print(`Load average (1 min, ${os.cpus().length} cores): ${loads.join(', ')}`);
  print(`Total ${totalSeconds} s. Results: ${path.relative(ROOT, resultsFile)}`);
  if (results.error === undefined) await rm(workDir, {recursive: true, force: true});
  else log(`FAILED: ${results.error as string}\nlogs kept in ${workDir}`);
  // A library may keep a handle open after all it started is stopped; exiting kills any group left.
  process.exit();
}

void main();
