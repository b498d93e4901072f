/**
 * `npm run bench`: a cold production build, then the site measured from it: bytes per route,
 * Lighthouse (mobile and desktop), the searcher's and the offline reader's views (reader.ts), and
 * the server under load, checked against the budgets.
 * Tables go to stdout, progress to stderr, everything to bench/results/<timestamp>.json.
 *
 *   npm run bench                 the whole thing (about 15 minutes on 2 cores)
 *   npm run bench -- --no-build   measure the existing build/ instead of building (quicker)
 *   npm run bench -- --runs=1     Lighthouse runs per route and form factor (1–3; default 3)
 *
 * Only loopback traffic; every process it starts is stopped on every exit path.
 */
import {cp, mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import {coldBuild, type BuildResult} from './build';
import {checkBudgets, type BudgetCheck} from './budgets';
import {measureBytes, type RouteBytes} from './bytes';
import {BUILD_DIR, LIGHTHOUSE_RUNS, LIMITS, NOT_FOUND_PATH, RESULTS_DIR, ROOT} from './config';
import {measureLighthouse, type LighthouseResult} from './lighthouse';
import {
  DATABASE_LOAD,
  measureLoad,
  measureStaticUnderDatabaseLoad,
  type DatabaseLoadRun,
  type LoadResult,
} from './load';
import {killLiveGroupsNow, runCleanups} from './processes';
import {
  budgetTable,
  buildTable,
  bytesTable,
  diagnosticsText,
  lighthouseTable,
  databaseLoadTable,
  loadTable,
  readerTable,
} from './report';
import {measureReaderViews, type ReaderViews} from './reader';
import {mainScriptPath, readRoutes, type Route} from './routes';
import {startOurServer, startStockServer} from './servers';
import {copyWithoutScripts} from './without-scripts';
import {WAITLIST_TABLE} from '../src/data/waitlist';

interface Results {
  startedAt: string;
  finishedAt?: string;
  totalMs?: number;
  machine: {cpus: number; node: string; loadAverage: Record<string, number[]>};
  options: {build: boolean; lighthouseRuns: number};
  build?: BuildResult;
  routes?: Route[];
  bytes?: {sizeSource: string; routes: RouteBytes[]};
  lighthouse?: LighthouseResult;
  reader?: ReaderViews;
  load?: LoadResult;
  staticUnderDatabaseLoad?: DatabaseLoadRun[];
  budgets?: BudgetCheck[];
  error?: string;
}

const startedAt = Date.now();
const elapsed = (): string => `${((Date.now() - startedAt) / 1000).toFixed(0)} s`;
const log = (message: string): void => {
  process.stderr.write(`[bench ${elapsed()}] ${message}\n`);
};

const results: Results = {
  startedAt: new Date(startedAt).toISOString(),
  machine: {cpus: os.cpus().length, node: process.version, loadAverage: {}},
  options: {build: !process.argv.includes('--no-build'), lighthouseRuns: runsOption()},
};

function runsOption(): number {
  const value = process.argv.find((arg) => arg.startsWith('--runs='))?.slice('--runs='.length);
  if (value === undefined) return LIGHTHOUSE_RUNS;
  const runs = Number(value);
  if (!Number.isInteger(runs) || runs < 1 || runs > LIGHTHOUSE_RUNS) {
    throw new Error(`--runs must be 1 to ${LIGHTHOUSE_RUNS}, got ${value}`);
  }
  return runs;
}

function noteLoad(stage: string): void {
  results.machine.loadAverage[stage] = os.loadavg().map((value) => Number(value.toFixed(2)));
}

async function writeResults(): Promise<string> {
  await mkdir(RESULTS_DIR, {recursive: true});
  const file = path.join(RESULTS_DIR, `${results.startedAt.replace(/[:.]/g, '-')}.json`);
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

async function measure(workDir: string): Promise<void> {
  noteLoad('start');
  if (results.options.build) {
    log('cold build: removing build/, .docusaurus/, node_modules/.cache, then npm run build');
    results.build = await coldBuild(workDir);
    log(`built in ${(results.build.wallMs / 1000).toFixed(1)} s`);
    process.stdout.write(`${buildTable(results.build)}\n`);
  } else {
    log('--no-build: measuring the existing build/');
  }
  noteLoad('after build');

  // Measure a private copy: others on this machine may rebuild build/ while this runs.
  const siteDir = path.join(workDir, 'site');
  await cp(BUILD_DIR, siteDir, {recursive: true});
  const routes = await readRoutes(siteDir);
  results.routes = routes;
  const mainScript = await mainScriptPath(siteDir);
  log(`${routes.length} routes: ${routes.map((route) => route.path).join(' ')}`);

  const limitDir = path.join(workDir, 'site-without-scripts');
  await copyWithoutScripts(siteDir, limitDir);
  const [site, limit] = await Promise.all([
    startOurServer(siteDir, workDir, 'pages'),
    startOurServer(limitDir, workDir, 'no-scripts'),
  ]);
  log(`our server at ${site.origin}; the build without scripts at ${limit.origin}`);
  const bytes = await measureBytes(site.origin, routes);
  const sizeSources = new Set(bytes.flatMap((route) => route.responses.map((r) => r.sizeMethod)));
  results.bytes = {sizeSource: [...sizeSources].join(', '), routes: bytes};
  process.stdout.write(`${bytesTable(bytes)}\n`);
  noteLoad('after bytes');

  const hardEnd = startedAt + LIMITS.totalMs - LIMITS.loadReserveMs - 60_000;
  results.lighthouse = await measureLighthouse(
    {ours: site.origin, limit: limit.origin},
    routes,
    {
      runs: results.options.lighthouseRuns,
      // Mobile keeps its three runs unless the hard limit forbids; desktop is cut to the target.
      targetEnd: {mobile: hardEnd, desktop: startedAt + LIMITS.targetMs - LIMITS.loadReserveMs},
      hardEnd,
    },
    log,
  );
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const plan = results.lighthouse.plans.find((p) => p.formFactor === formFactor);
    process.stdout.write(`${lighthouseTable(formFactor, results.lighthouse.routes, plan)}\n`);
  }
  noteLoad('after lighthouse');
  results.reader = await measureReaderViews(site.origin, results.options.lighthouseRuns, log);
  process.stdout.write(`${readerTable(results.reader)}\n`);
  await Promise.all([site.process.stop(), limit.process.stop()]);
  noteLoad('after reader views');

  log('load: starting a fresh server of ours and docusaurus serve');
  const [ours, stock] = await Promise.all([
    startOurServer(siteDir, workDir, 'load'),
    startStockServer(siteDir, workDir),
  ]);
  results.load = await measureLoad(ours, stock, '/blogs', mainScript, WAITLIST_TABLE, log);
  await Promise.all([ours.process.stop(), stock.process.stop()]);
  process.stdout.write(`${loadTable(results.load)}\n`);
  noteLoad('after load');

  log(`load: a server of ours holding ${DATABASE_LOAD.seedRows} waitlist rows`);
  const seeded = await startOurServer(siteDir, workDir, 'database', DATABASE_LOAD.seedRows);
  results.staticUnderDatabaseLoad = await measureStaticUnderDatabaseLoad(
    seeded,
    '/blogs',
    WAITLIST_TABLE,
    log,
  );
  await seeded.process.stop();
  process.stdout.write(`${databaseLoadTable(results.staticUnderDatabaseLoad)}\n`);
  noteLoad('after database load');
}

async function main(): Promise<number> {
  // Logs, the copy of the build and the servers' databases; kept only when a run fails.
  const workDir = await mkdtemp(path.join(os.tmpdir(), 'gotcha-bench-'));
  let failed = false;
  try {
    await measure(workDir);
  } catch (error) {
    failed = true;
    if (!signalled) {
      results.error = error instanceof Error ? (error.stack ?? error.message) : String(error);
      log(`FAILED: ${results.error}`);
      log(`logs kept in ${workDir}`);
    }
  } finally {
    await runCleanups();
  }
  results.budgets = checkBudgets({
    build: results.build,
    bytes: results.bytes?.routes,
    lighthouse: results.lighthouse?.routes,
    load: results.load,
    reader: results.reader,
    notFoundPath: NOT_FOUND_PATH,
  });
  results.finishedAt = new Date().toISOString();
  results.totalMs = Date.now() - startedAt;
  process.stdout.write(`${budgetTable(results.budgets)}\n`);
  process.stdout.write(diagnosticsText(results.bytes?.routes, results.lighthouse?.routes));
  const file = await writeResults();
  const loads = Object.entries(results.machine.loadAverage)
    .map(([stage, [oneMinute]]) => `${stage} ${String(oneMinute)}`)
    .join(', ');
  process.stdout.write(
    `\nLoad average (1 min, ${results.machine.cpus} cores): ${loads}\n` +
      `Total ${(results.totalMs / 1000).toFixed(0)} s. Results: ${path.relative(ROOT, file)}\n`,
  );
  if (!failed || signalled) await rm(workDir, {recursive: true, force: true});
  return signalled ? 130 : failed ? 1 : 0;
}

// Whatever happens, nothing this command started outlives it.
process.on('exit', killLiveGroupsNow);
// Lighthouse leaves promises of its own unawaited (e.g. its network-quiet polling): when its Chrome
// is killed (a hung run, Ctrl-C), they reject with nobody listening. Node would then exit on the
// spot, skipping the cleanup and the results file; such a rejection is logged instead.
process.on('unhandledRejection', (reason: unknown) => {
  const message = reason instanceof Error ? reason.message : String(reason);
  log(`ignored a rejection nobody awaited: ${message.split('\n')[0] ?? ''}`);
});
// Ctrl-C reaches this process twice (from the terminal, and relayed by tsx): the second one must
// not cut the cleanup short, so every signal after the first is ignored. Stopping every process
// makes the step under way fail at once; main() then ends as on any failure.
let signalled = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (signalled) return;
    signalled = true;
    log(`${signal}: stopping everything`);
    results.error = `interrupted by ${signal}`;
    void runCleanups();
    setTimeout(() => process.exit(130), 30_000).unref();
  });
}

const overall = setTimeout(() => {
  log(`over the ${LIMITS.totalMs / 60_000}-minute limit: stopping everything`);
  results.error = 'time limit';
  void runCleanups()
    .then(writeResults)
    .finally(() => process.exit(1));
}, LIMITS.totalMs - 20_000);

// Exit explicitly: a library may keep a handle open after everything it started was stopped.
main().then(
  (code) => {
    clearTimeout(overall);
    process.exit(code);
  },
  (error: unknown) => {
    clearTimeout(overall);
    console.error(error);
    void runCleanups().finally(() => process.exit(1));
  },
);
