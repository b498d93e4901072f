/** The printed report: a table per step, then the budgets, each MET, MISSED or NOT MEASURED. */
import {FIRST_ROUND_TRIP_BYTES} from '../scripts/first-screen';
import {shareRight, type QueryResult} from '../scripts/search-queries';
import {SEARCH, type ReaderViews, type RouteBytes} from './browser';
import type {Figure, FormFactor, RouteLighthouse} from './lighthouse';
import {DATABASE_LOAD, type DatabaseLoadRun, type LoadResult} from './load';
import {median, NOT_FOUND_PATH} from './util';

export interface Measured {
  build?: {wallMs: number; peakTreeRssBytes: number; gnuTimeMaxRssBytes: number};
  bytes?: RouteBytes[];
  lighthouse?: RouteLighthouse[];
  reader?: ReaderViews;
  load?: LoadResult;
  databaseLoad?: DatabaseLoadRun[];
  /** Each traveller's query of tests/unit/search-queries.yaml against the build's guides. */
  searchQueries?: QueryResult[];
}

type Cell = string | number | null | undefined;
const show = (cell: Cell): string =>
  cell === null || cell === undefined || Number.isNaN(cell) ? '–' : String(cell);
const fixed = (value: number | null | undefined, digits: number): string =>
  show(value == null || Number.isNaN(value) ? null : value.toFixed(digits));
const kb = (bytes: number | null | undefined): string =>
  fixed(bytes == null ? null : bytes / 1024, 1);
const ms = (value: number | null | undefined): string => fixed(value, 0);
const percent = (share: number): string => `${(share * 100).toFixed(0)}%`;
const codes = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');

/** A titled table of rows whose keys are the column headers; numbers are right-aligned. */
function table(title: string, rows: Record<string, Cell>[]): string {
  const head = Object.keys(rows[0] ?? {});
  const cells = [head, ...rows.map((row) => Object.values(row).map(show))];
  const width = (c: number) => Math.max(...cells.map((row) => (row[c] ?? '').length));
  const isNumber = (cell = '') => /^[-–\d.,×≤≥ %]*[\d–]/.test(cell);
  const numeric = head.map((_, c) => c > 0 && cells.slice(1).every((row) => isNumber(row[c])));
  const pad = (cell: string, c: number) =>
    numeric[c] ? cell.padStart(width(c)) : cell.padEnd(width(c));
  const line = (row: string[]) => row.map(pad).join('  ').trimEnd();
  const rule = head.map((_, c) => '-'.repeat(width(c))).join('  ');
  return [`== ${title} ==`, line(head), rule, ...cells.slice(1).map(line), ''].join('\n');
}

export const buildTable = (build: NonNullable<Measured['build']>): string =>
  table('Cold production build', [
    {
      command: '/usr/bin/time -v npm run build',
      'wall s': fixed(build.wallMs / 1000, 1),
      'peak RSS, process tree (MB)': fixed(build.peakTreeRssBytes / 2 ** 20, 0),
      'max RSS, one process (MB)': fixed(build.gnuTimeMaxRssBytes / 2 ** 20, 0),
    },
  ]);

export const bytesTable = (routes: RouteBytes[]): string =>
  table(
    'First visit, empty cache, phone viewport: bytes on the wire (brotli), KB = 1024 B',
    routes.map((r) => ({
      route: r.route,
      status: r.status,
      requests: r.requests,
      HTML: kb(r.bytes.html),
      CSS: kb(r.bytes.css),
      JS: kb(r.bytes.js),
      images: kb(r.bytes.images),
      other: kb(r.bytes.other),
      'page response, B': r.documentBytes,
      'first screen, B': r.firstScreenBytes,
      'CSS blocking paint': kb(r.renderBlockingCss),
      total: kb(r.total),
      'other origins': r.otherOrigins.length,
    })),
  );

const limitOf = (all: RouteLighthouse[], entry: RouteLighthouse) =>
  all.find(
    (e) => e.build === 'limit' && e.route === entry.route && e.formFactor === entry.formFactor,
  )?.median;
const lcpRatio = (all: RouteLighthouse[], entry: RouteLighthouse) =>
  (entry.median.lcp ?? NaN) / (limitOf(all, entry)?.lcp ?? NaN);

export function lighthouseTable(
  all: RouteLighthouse[],
  formFactor: FormFactor,
  runs: number,
): string {
  const ours = all.filter((e) => e.formFactor === formFactor && e.build === 'ours');
  const mobile = formFactor === 'mobile';
  const rows = ours.map((entry) => {
    const [m, limit] = [entry.median, limitOf(all, entry)];
    return {
      route: entry.route,
      perf: m.performance,
      a11y: m.accessibility,
      'best pr.': m['best-practices'],
      SEO: m.seo,
      FCP: ms(m.fcp),
      LCP: ms(m.lcp),
      ...(mobile && {'LCP no JS': ms(limit?.lcp), 'LCP ÷ no JS': fixed(lcpRatio(all, entry), 2)}),
      TBT: ms(m.tbt),
      ...(mobile && {'TBT no JS': ms(limit?.tbt)}),
      CLS: fixed(m.cls, 3),
      SI: ms(m.si),
      'ok/runs': `${entry.runs.filter((run) => !('error' in run)).length}/${entry.runs.length}`,
    };
  });
  const ok = ours.flatMap((e) => e.runs.flatMap((run) => ('error' in run ? [] : [run])));
  const meanRun = fixed(ok.reduce((total, run) => total + run.seconds, 0) / ok.length, 1);
  const cpu = ms(median(ok.map((run) => run.benchmarkIndex)));
  const title = `Lighthouse ${formFactor} (median of ${runs} runs per route; times in ms; mean run ${meanRun} s; CPU benchmark index ${cpu})`;
  const note =
    '"no JS": the same build with every script removed, measured in the same rounds; its TBT is the page\'s own parsing, style and layout, which no change to the scripts removes.\n';
  return table(title, rows) + (mobile ? note : '');
}

export function readerTable(views: ReaderViews): string {
  const row = (view: string, values: number[], format: (v: number) => string) => ({
    view,
    median: format(median(values)),
    runs: values.map(format).join(', '),
  });
  const title = `Reader views (Lighthouse's mobile network and 4× CPU; median of ${views.searchColdMs.length}; ms unless said)`;
  return table(title, [
    row(`Search "${SEARCH.query}": tap → first result, cold cache`, views.searchColdMs, ms),
    row("Search: tap → first result, search in the worker's cache", views.searchWarmMs, ms),
    row('Offline repeat view: FCP from the worker', views.offlineFcpMs, ms),
    row('"Save all guides", on the wire (KB)', views.saveAllBytes, kb),
  ]);
}

/** The search against travellers' queries: the share whose first result is right, then each miss. */
export function searchQueriesTable(results: QueryResult[]): string {
  const right = results.filter((result) => result.right).length;
  const title = `Search: travellers' queries (tests/unit/search-queries.yaml) right at first: ${right}/${results.length}, ${percent(shareRight(results))}`;
  const misses = results
    .filter((result) => !result.right)
    .map(({query, slug, anchor, got}) => ({
      miss: query,
      'first result': got,
      expected: slug === null ? 'nothing, or closest matches only' : `${slug}#${anchor}`,
    }));
  return table(title, misses);
}

export function loadTable({settings: s, runs, ratios, cpuRatios}: LoadResult): string {
  const title = `Server under load (autocannon, ${s.connections} connections, ${s.durationSeconds} s after ${s.warmupSeconds} s warm-up, 127.0.0.1)`;
  const rows = runs.map((r) => ({
    scenario: r.scenario,
    server: r.server,
    path: r.path,
    'one response': `${r.probe.status} ${r.probe.encoding} ${r.probe.bodyBytes} B`,
    'req/s': r.requestsPerSecond,
    'p50 ms': r.latencyP50Ms,
    'p99 ms': r.latencyP99Ms,
    statuses: codes(r.statusCodes),
    'non-2xx': r.non2xx,
    errors: r.errors,
    'server CPU ms/1k req': fixed(r.serverCpuMsPer1kRequests, 0),
    'load avg': fixed(r.loadAverage, 1),
  }));
  return `${table(title, rows)}ours ÷ docusaurus serve, req/s: HTML ${fixed(ratios.html, 2)}×, asset ${fixed(ratios.asset, 2)}×
docusaurus serve ÷ ours, server CPU per request: HTML ${fixed(cpuRatios.html, 2)}×, asset ${fixed(cpuRatios.asset, 2)}×
Note: ${s.note}; the client shares the 2 cores with the server under test.\n`;
}

export function databaseLoadTable(runs: DatabaseLoadRun[]): string {
  const {connections, seedRows, durationSeconds, pageConnections} = DATABASE_LOAD;
  const title = `A page while ${connections} connections load the database (${seedRows} rows, ${durationSeconds} s, ${pageConnections} page connection)`;
  const rows = runs.map((r) => ({
    'database load': `${r.load}: ${r.request}`,
    'db req/s': r.databaseRequestsPerSecond,
    'db statuses': codes(r.databaseStatusCodes),
    page: r.pagePath,
    'page requests': r.pageRequests,
    'p50 ms': r.pageLatencyP50Ms,
    'p99 ms': r.pageLatencyP99Ms,
    'max ms': r.pageLatencyMaxMs,
    'page errors': r.pageErrors,
  }));
  return table(title, rows);
}

type Candidates = {value: number | null; where: string}[];
export interface BudgetCheck {
  name: string;
  target: string;
  measured: string;
  where: string;
  status: 'MET' | 'MISSED' | 'NOT MEASURED';
}

export function checkBudgets(m: Measured): BudgetCheck[] {
  const all = m.lighthouse ?? [];
  const ours = all.filter((e) => e.build === 'ours');
  const mobile = ours.filter((e) => e.formFactor === 'mobile');
  /** On both form factors, or (`mobile`) on the phone only. */
  const lh = (figure: Figure, entries = ours): Candidates =>
    entries.map((e) => ({
      value: e.median[figure],
      where: entries === ours ? `${e.route} (${e.formFactor})` : e.route,
    }));
  const bytes = (pick: (r: RouteBytes) => number | null): Candidates =>
    (m.bytes ?? []).map((r) => ({value: pick(r), where: r.route}));
  const reader = (key: keyof ReaderViews, where: string): Candidates =>
    m.reader ? [{value: median(m.reader[key]), where}] : [];
  const one = (value: number | undefined, where: string): Candidates =>
    value === undefined ? [] : [{value, where}];
  const notOn404 = (candidates: Candidates) =>
    candidates.filter((c) => !c.where.startsWith(NOT_FOUND_PATH));
  const blocking = Math.max(...bytes((r) => r.renderBlockingCss).map((c) => c.value ?? 0));
  const s = (v: number) => `${(v / 1000).toFixed(2)} s`;
  const KB = (v: number) => `${kb(v)} KB`;
  const msInt = (v: number) => `${Math.round(v)} ms`;
  const int = (v: number) => String(Math.round(v));
  const every = ' on every route';
  const any = ' on any route';
  const perfWhereLimitIs100 = lh('performance', mobile).filter(
    (_, i) => limitOf(all, mobile[i] as RouteLighthouse)?.performance === 100,
  );
  const cssOrElse = blocking <= 6 * 1024;
  // name, ≤ or ≥, limit, format, the candidates (the worst decides), target's suffix, met anyway
  // prettier-ignore
  const budgets: [string, '≤' | '≥', number, (v: number) => string, Candidates, string?, boolean?][] = [
    ['Performance (mobile), where the build without scripts scores 100', '≥', 100, int,
      perfWhereLimitIs100, ' on every such route'],
    ['TBT ours − TBT without scripts (mobile, worst route)', '≤', 10, msInt,
      mobile.map((e) => ({value: (e.median.tbt ?? NaN) - (limitOf(all, e)?.tbt ?? NaN), where: e.route}))],
    ['Search: tap → first result, search in the worker’s cache', '≤', 800, s,
      reader('searchWarmMs', `from ${SEARCH.warmFrom}, then ${SEARCH.from}`)],
    ['Search: tap → first result, cold cache', '≤', 2_000, s, reader('searchColdMs', SEARCH.from)],
    ['"Save all guides", on the wire', '≤', 300 * 1024, KB, reader('saveAllBytes', 'after a visit to /blogs')],
    ["Search: travellers' queries right at first", '≥', 0.95, percent,
      one(m.searchQueries && shareRight(m.searchQueries), 'tests/unit/search-queries.yaml')],
    ['Accessibility', '≥', 100, int, lh('accessibility'), every],
    // On the 404, Chromium logs the page's own status as a console error, which Best Practices
    // counts; the e2e tests fail that page on any other console message.
    ['Best Practices (not on the 404)', '≥', 100, int, notOn404(lh('best-practices')), every],
    ['SEO (not on the 404)', '≥', 100, int, notOn404(lh('seo')), every],
    ['LCP (mobile, worst route)', '≤', 1_500, s, lh('lcp', mobile)],
    ['LCP ÷ LCP without scripts (mobile, worst route)', '≤', 1.15, (v) => v.toFixed(2),
      mobile.map((e) => ({value: lcpRatio(all, e), where: e.route}))],
    ['FCP (mobile, worst route)', '≤', 800, s, lh('fcp', mobile)],
    ['TBT (worst route and form factor)', '≤', 50, msInt, lh('tbt')],
    ['CLS (worst route and form factor)', '≤', 0.01, (v) => v.toFixed(3), lh('cls')],
    ['Script a reader fetches (no interaction, 5 s, worker and prefetches included; brotli)', '≤',
      15 * 1024, KB, bytes((r) => r.bytes.js), any],
    ['CSS blocking the first paint (brotli: inline, and linked for screens)', '≤', 6 * 1024, KB,
      bytes((r) => r.renderBlockingCss), any],
    ['CSS on first visit (brotli)', '≤', 10 * 1024, KB, bytes((r) => r.bytes.css),
      `${any}, or the rest non-blocking`, cssOrElse],
    // What the first screen needs: an article's HTML through its intro, any other page whole.
    ['First screen: HTML with its headers (first round trip)', '≤', FIRST_ROUND_TRIP_BYTES,
      (v) => `${v} B`, bytes((r) => r.firstScreenBytes)],
    ['Requests to other origins', '≤', 0, String,
      one(m.bytes?.reduce((n, r) => n + r.otherOrigins.length, 0), 'all routes')],
    ['Cold build', '≤', 30_000, (v) => `${(v / 1000).toFixed(1)} s`, one(m.build?.wallMs, 'npm run build')],
    ['HTML throughput, ours ÷ docusaurus serve', '≥', 3, (v) => `${v.toFixed(2)}×`,
      one(m.load?.ratios.html, '/blogs')],
  ];
  return budgets.map(([name, op, limit, format, candidates, suffix = '', metAnyway = false]) => {
    const target = `${op} ${format(limit)}${suffix}`;
    const valid = candidates.filter(
      (c): c is {value: number; where: string} => c.value !== null && !Number.isNaN(c.value),
    );
    // The worst: the highest under a ceiling, the lowest above a floor.
    const sign = op === '≤' ? 1 : -1;
    const worst = valid.reduce<(typeof valid)[number] | undefined>(
      (w, c) => (!w || sign * c.value > sign * w.value ? c : w),
      undefined,
    );
    if (!worst) return {name, target, measured: '–', where: '', status: 'NOT MEASURED'};
    const met = metAnyway || sign * worst.value <= sign * limit;
    return {
      name,
      target,
      measured: format(worst.value),
      where: worst.where,
      status: met ? 'MET' : 'MISSED',
    };
  });
}

export const budgetTable = (checks: BudgetCheck[]): string =>
  table(
    'Budgets',
    checks.map((c) => ({
      budget: c.name,
      target: c.target,
      measured: c.measured,
      'worst at': c.where,
      result: c.status,
    })),
  );

/** What lies behind a MISSED budget: the largest files, and the audits that cost points. */
export function diagnostics(m: Measured, reportsDir: string): string {
  const parts = (['js', 'css'] as const).map((kind) => {
    const files = new Map<string, {bytes: number; routes: Set<string>}>();
    for (const {route, responses} of m.bytes ?? []) {
      for (const {url, bytes} of responses.filter((r) => r.kind === kind)) {
        const seen = files.get(url) ?? {bytes, routes: new Set()};
        files.set(url, {bytes: Math.max(seen.bytes, bytes), routes: seen.routes.add(route)});
      }
    }
    const rows = [...files].sort((a, b) => b[1].bytes - a[1].bytes).slice(0, 8);
    const of = `/${m.bytes?.length ?? 0}`;
    return table(
      `Largest ${kind.toUpperCase()} files on first visits (brotli KB)`,
      rows.map(([file, f]) => ({
        file,
        KB: kb(f.bytes),
        'routes loading it': `${f.routes.size}${of}`,
      })),
    );
  });
  const audits = new Map<string, string[]>();
  for (const {route, formFactor, failingAudits, build} of m.lighthouse ?? []) {
    if (build === 'limit') continue;
    for (const id of failingAudits)
      audits.set(id, [...(audits.get(id) ?? []), `${route} (${formFactor})`]);
  }
  const rows = [...audits].map(([audit, where]) => ({
    audit,
    routes: where.length,
    where: where.join(', '),
  }));
  parts.push(
    table('Scored Lighthouse audits below 1 (median-performance run of each route)', rows),
  );
  return `${parts.join('\n')}Lighthouse's report of each route's median run (the causes, LCP's phases, the main thread): ${reportsDir}/\n`;
}
