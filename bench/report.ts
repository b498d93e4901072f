/** The printed report: a table per step, then the budgets, each MET, MISSED or NOT MEASURED. */
import {KINDS, SEARCH, type ReaderViews, type RouteBytes} from './browser';
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
}

type Cell = string | number | null | undefined;
const show = (cell: Cell): string =>
  cell === null || cell === undefined || Number.isNaN(cell) ? '–' : String(cell);
const fixed = (value: number | null | undefined, digits: number): string =>
  show(value == null || Number.isNaN(value) ? null : value.toFixed(digits));
const kb = (bytes: number | null | undefined): string =>
  fixed(bytes == null ? null : bytes / 1024, 1);
const ms = (value: number | null | undefined): string => fixed(value, 0);
const codes = (counts: Record<string, number>): string =>
  Object.entries(counts)
    .map(([code, count]) => `${code}×${count}`)
    .join(' ');

/** A titled table; columns of numbers are right-aligned. `headers` are separated by `|`. */
export function table(title: string, headers: string, rows: Cell[][]): string {
  const head = headers.split('|');
  const cells = [head, ...rows.map((row) => row.map(show))];
  const width = (c: number) => Math.max(...cells.map((row) => (row[c] ?? '').length));
  const numeric = head.map(
    (_, c) => c > 0 && cells.slice(1).every((row) => /^[-–\d.,×≤≥ %]*[\d–]/.test(row[c] ?? '')),
  );
  const line = (row: string[]) =>
    row
      .map((cell, c) => (numeric[c] ? cell.padStart(width(c)) : cell.padEnd(width(c))))
      .join('  ')
      .trimEnd();
  const rule = head.map((_, c) => '-'.repeat(width(c))).join('  ');
  return [`== ${title} ==`, line(head), rule, ...cells.slice(1).map(line), ''].join('\n');
}

export const buildTable = ({
  wallMs,
  peakTreeRssBytes,
  gnuTimeMaxRssBytes,
}: NonNullable<Measured['build']>) =>
  table(
    'Cold production build',
    'command|wall s|peak RSS, process tree (MB)|max RSS, one process (MB)',
    [
      [
        '/usr/bin/time -v npm run build',
        fixed(wallMs / 1000, 1),
        fixed(peakTreeRssBytes / 2 ** 20, 0),
        fixed(gnuTimeMaxRssBytes / 2 ** 20, 0),
      ],
    ],
  );

export const bytesTable = (routes: RouteBytes[]): string =>
  table(
    'First visit, empty cache, phone viewport: bytes on the wire (brotli), KB = 1024 B',
    'route|status|requests|HTML|CSS|JS|images|other|page response, B|CSS blocking paint|total|other origins',
    routes.map((r) => [
      ...[
        r.route,
        r.status,
        r.requests,
        ...KINDS.map((kind) => kb(r.bytes[kind])),
        r.documentBytes,
      ],
      ...[kb(r.renderBlockingCss), kb(r.total), r.otherOrigins.length],
    ]),
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
  const ok = ours.flatMap((e) => e.runs.flatMap((run) => ('error' in run ? [] : [run])));
  const rows = ours.map(({median: m, route, runs: done}, i) => {
    const limit = limitOf(all, ours[i] as RouteLighthouse);
    const lcpVersusLimit = mobile
      ? [ms(limit?.lcp), fixed(lcpRatio(all, ours[i] as RouteLighthouse), 2)]
      : [];
    const scores = [m.performance, m.accessibility, m['best-practices'], m.seo];
    const runsOk = `${done.filter((run) => !('error' in run)).length}/${done.length}`;
    return [
      route,
      ...scores,
      ms(m.fcp),
      ms(m.lcp),
      ...lcpVersusLimit,
      ms(m.tbt),
      ...(mobile ? [ms(limit?.tbt)] : []),
      fixed(m.cls, 3),
      ms(m.si),
      runsOk,
    ];
  });
  const meanRun = ok.reduce((total, run) => total + run.seconds, 0) / ok.length;
  const cpu = ms(median(ok.map((run) => run.benchmarkIndex)));
  const title = `Lighthouse ${formFactor} (median of ${runs} runs per route; times in ms; mean run ${fixed(meanRun, 1)} s; CPU benchmark index ${cpu})`;
  const columns = `route|perf|a11y|best pr.|SEO|FCP|LCP|${mobile ? 'LCP no JS|LCP ÷ no JS|TBT|TBT no JS' : 'TBT'}|CLS|SI|ok/runs`;
  const note = mobile
    ? '"no JS": the same build with every script removed, measured in the same rounds; its TBT is the page\'s own parsing, style and layout, which no change to the scripts removes.\n'
    : '';
  return table(title, columns, rows) + note;
}

export function readerTable(views: ReaderViews): string {
  const row = (label: string, values: number[], format: (v: number) => string): Cell[] => [
    label,
    format(median(values)),
    values.map(format).join(', '),
  ];
  const title = `Reader views (Lighthouse's mobile network and 4× CPU; median of ${views.searchColdMs.length}; ms unless said)`;
  return table(title, 'view|median|runs', [
    row(`Search "${SEARCH.query}": tap → first result, cold cache`, views.searchColdMs, ms),
    row("Search: tap → first result, framework in the worker's cache", views.searchWarmMs, ms),
    row('Offline repeat view: FCP from the worker', views.offlineFcpMs, ms),
    row('"Save all guides", on the wire (KB)', views.saveAllBytes, kb),
  ]);
}

export function loadTable({settings: s, runs, ratios, cpuRatios}: LoadResult): string {
  const title = `Server under load (autocannon, ${s.connections} connections, ${s.durationSeconds} s after ${s.warmupSeconds} s warm-up, 127.0.0.1)`;
  const columns =
    'scenario|server|path|one response|req/s|p50 ms|p99 ms|statuses|non-2xx|errors|server CPU ms/1k req|load avg';
  const rows = runs.map((r) => [
    ...[
      r.scenario,
      r.server,
      r.path,
      `${r.probe.status} ${r.probe.encoding} ${r.probe.bodyBytes} B`,
    ],
    ...[
      r.requestsPerSecond,
      r.latencyP50Ms,
      r.latencyP99Ms,
      codes(r.statusCodes),
      r.non2xx,
      r.errors,
    ],
    ...[fixed(r.serverCpuMsPer1kRequests, 0), fixed(r.loadAverage, 1)],
  ]);
  return `${table(title, columns, rows)}ours ÷ docusaurus serve, req/s: HTML ${fixed(ratios.html, 2)}×, asset ${fixed(ratios.asset, 2)}×
docusaurus serve ÷ ours, server CPU per request: HTML ${fixed(cpuRatios.html, 2)}×, asset ${fixed(cpuRatios.asset, 2)}×
Note: ${s.note}; the client shares the 2 cores with the server under test.\n`;
}

export function databaseLoadTable(runs: DatabaseLoadRun[]): string {
  const {connections, seedRows, durationSeconds, pageConnections} = DATABASE_LOAD;
  const title = `A page while ${connections} connections load the database (${seedRows} rows, ${durationSeconds} s, ${pageConnections} page connection)`;
  return table(
    title,
    'database load|db req/s|db statuses|page|page requests|p50 ms|p99 ms|max ms|page errors',
    runs.map((r) => [
      ...[
        `${r.load}: ${r.request}`,
        r.databaseRequestsPerSecond,
        codes(r.databaseStatusCodes),
        r.pagePath,
      ],
      ...[r.pageRequests, r.pageLatencyP50Ms, r.pageLatencyP99Ms, r.pageLatencyMaxMs, r.pageErrors],
    ]),
  );
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
    ['Search: tap → first result, framework in the worker’s cache', '≤', 1_000, s,
      reader('searchWarmMs', `from ${SEARCH.warmFrom}, then ${SEARCH.from}`)],
    ['Search: tap → first result, cold cache', '≤', 3_000, s, reader('searchColdMs', SEARCH.from)],
    ['"Save all guides", on the wire', '≤', 300 * 1024, KB, reader('saveAllBytes', 'after a visit to /blogs')],
    ['Accessibility', '≥', 100, int, lh('accessibility'), every],
    ['Best Practices', '≥', 100, int, lh('best-practices'), every],
    ['SEO (not on the 404)', '≥', 100, int, lh('seo').filter((c) => !c.where.startsWith(NOT_FOUND_PATH)), every],
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
    // TCP's initial window: 10 segments of 1,460 B; past it the rest waits a round trip.
    ['HTML response with its headers (first round trip)', '≤', 10 * 1460, (v) => `${v} B`,
      bytes((r) => r.documentBytes)],
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
    'budget|target|measured|worst at|result',
    checks.map((c) => [c.name, c.target, c.measured, c.where, c.status]),
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
    const title = `Largest ${kind.toUpperCase()} files on first visits (brotli KB)`;
    const routes = m.bytes?.length ?? 0;
    return table(
      title,
      'file|KB|routes loading it',
      rows.map(([url, f]) => [url, kb(f.bytes), `${f.routes.size}/${routes}`]),
    );
  });
  const audits = new Map<string, string[]>();
  for (const e of (m.lighthouse ?? []).filter((entry) => entry.build === 'ours')) {
    for (const id of e.failingAudits)
      audits.set(id, [...(audits.get(id) ?? []), `${e.route} (${e.formFactor})`]);
  }
  const title = 'Scored Lighthouse audits below 1 (median-performance run of each route)';
  parts.push(
    table(
      title,
      'audit|routes|where',
      [...audits].map(([id, where]) => [id, where.length, where.join(', ')]),
    ),
  );
  return `${parts.join('\n')}Lighthouse's report of each route's median run (the causes, LCP's phases, the main thread): ${reportsDir}/\n`;
}
