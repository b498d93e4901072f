/** The printed report: one table per section, then the budgets. */
import type {BudgetCheck} from './budgets';
import type {BuildResult} from './build';
import {KINDS, type RouteBytes} from './bytes';
import {
  isOk,
  lcpRatio,
  type FormFactor,
  type FormFactorPlan,
  type RouteLighthouse,
} from './lighthouse';
import {DATABASE_LOAD, type DatabaseLoadRun, type LoadResult} from './load';
import {readerMedians, SEARCH, type ReaderViews} from './reader';
import {fixed, kb, ms, table, type Cell} from './table';

const mb = (bytes: number | undefined): string =>
  bytes === undefined ? '–' : (bytes / 1024 / 1024).toFixed(0);

export function buildTable(build: BuildResult): string {
  return table(
    'Cold production build',
    ['command', 'wall s', 'peak RSS, process tree (MB)', 'max RSS, one process (MB)'],
    [
      [
        build.command,
        fixed(build.wallMs / 1000, 1),
        mb(build.peakTreeRssBytes),
        mb(build.gnuTimeMaxRssBytes),
      ],
    ],
  );
}

export function bytesTable(routes: readonly RouteBytes[]): string {
  const rows: Cell[][] = routes.map((route) => [
    route.route,
    route.status,
    route.requests,
    ...KINDS.map((kind) => kb(route.bytes[kind])),
    route.documentBytes ?? '–',
    kb(route.renderBlockingCss),
    kb(route.total),
    route.otherOriginRequests.length,
  ]);
  return table(
    'First visit, empty cache, phone viewport: bytes on the wire (brotli), KB = 1024 B',
    [
      'route',
      'status',
      'requests',
      'HTML',
      'CSS',
      'JS',
      'images',
      'other',
      'page response, B',
      'CSS blocking paint',
      'total',
      'other origins',
    ],
    rows,
  );
}

export function lighthouseTable(
  formFactor: FormFactor,
  routes: readonly RouteLighthouse[],
  plan: FormFactorPlan | undefined,
): string {
  const ofFormFactor = routes.filter((entry) => entry.formFactor === formFactor);
  const limits = new Map(
    ofFormFactor.filter((entry) => entry.build === 'limit').map((entry) => [entry.route, entry]),
  );
  const rows: Cell[][] = ofFormFactor
    .filter((entry) => entry.build === 'ours')
    .map((entry) => {
      const {scores, metrics} = entry.median;
      const ok = entry.runs.filter(isOk).length;
      const limit = limits.get(entry.route);
      const comparison: Cell[] =
        limits.size === 0
          ? []
          : [ms(limit?.median.metrics.lcp ?? null), fixed(lcpRatio(entry, limit) ?? NaN, 2)];
      return [
        entry.route,
        scores.performance,
        scores.accessibility,
        scores['best-practices'],
        scores.seo,
        ms(metrics.fcp),
        ms(metrics.lcp),
        ...comparison,
        ms(metrics.tbt),
        ...(limits.size === 0 ? [] : [ms(limit?.median.metrics.tbt ?? null)]),
        fixed(metrics.cls, 3),
        ms(metrics.si),
        `${ok}/${entry.runs.length}`,
      ];
    });
  const runs = plan ? `median of ${plan.completedRuns} runs per route` : 'no runs';
  const title =
    `Lighthouse ${formFactor} (${runs}; times in ms; ` +
    `mean run ${fixed((plan?.meanRunMs ?? NaN) / 1000, 1)} s; ` +
    `CPU benchmark index ${plan?.benchmarkIndex ?? '–'})`;
  const note =
    (limits.size === 0
      ? ''
      : '"no JS": the same build with every script removed, measured in the same rounds; its TBT ' +
        "is the page's own parsing, style and layout, which no change to the scripts removes.\n") +
    (plan?.cut ? `CUT: ${plan.cut}\n` : '');
  return (
    table(
      title,
      [
        'route',
        'perf',
        'a11y',
        'best pr.',
        'SEO',
        'FCP',
        'LCP',
        ...(limits.size === 0 ? [] : ['LCP no JS', 'LCP ÷ no JS']),
        'TBT',
        ...(limits.size === 0 ? [] : ['TBT no JS']),
        'CLS',
        'SI',
        'ok/runs',
      ],
      rows,
    ) + note
  );
}

export function loadTable(load: LoadResult): string {
  const rows: Cell[][] = load.runs.map((run) => [
    run.scenario,
    run.server,
    run.path,
    `${run.probe.status} ${run.probe.contentEncoding ?? 'identity'} ${run.probe.bodyBytes} B`,
    run.requestsPerSecond,
    fixed(run.latencyP50Ms, 0),
    fixed(run.latencyP99Ms, 0),
    Object.entries(run.statusCodes)
      .map(([code, count]) => `${code}×${count}`)
      .join(' '),
    run.non2xx,
    run.errors + run.timeouts,
    fixed(run.serverCpuMsPer1kRequests, 0),
    fixed(run.loadAverage, 1),
  ]);
  const {connections, durationSeconds, warmupSeconds, host} = load.settings;
  return (
    table(
      `Server under load (autocannon, ${connections} connections, ${durationSeconds} s after ${warmupSeconds} s warm-up, ${host})`,
      [
        'scenario',
        'server',
        'path',
        'one response',
        'req/s',
        'p50 ms',
        'p99 ms',
        'statuses',
        'non-2xx',
        'errors',
        'server CPU ms/1k req',
        'load avg',
      ],
      rows,
    ) +
    `ours ÷ docusaurus serve, req/s: HTML ${fixed(load.ratios.html, 2)}×, asset ${fixed(load.ratios.asset, 2)}×\n` +
    `docusaurus serve ÷ ours, server CPU per request: HTML ${fixed(load.cpuRatios.html, 2)}×, asset ${fixed(load.cpuRatios.asset, 2)}×\n` +
    `Note: ${load.settings.note}; the client shares the 2 cores with the server under test.\n`
  );
}

export function budgetTable(checks: readonly BudgetCheck[]): string {
  return table(
    'Budgets',
    ['budget', 'target', 'measured', 'worst at', 'result'],
    checks.map((c) => [c.name, c.budget, c.measured, c.where, c.status]),
  );
}

/** A page's latency while the waitlist's database is kept busy. */
export function databaseLoadTable(runs: readonly DatabaseLoadRun[]): string {
  const {connections, seedRows, durationSeconds, pageConnections} = DATABASE_LOAD;
  return table(
    `A page while ${connections} connections load the database (${seedRows} rows, ${durationSeconds} s, ${pageConnections} page connection)`,
    [
      'database load',
      'db req/s',
      'db statuses',
      'page',
      'page requests',
      'p50 ms',
      'p99 ms',
      'max ms',
      'page errors',
    ],
    runs.map((run) => [
      `${run.load}: ${run.request}`,
      run.databaseRequestsPerSecond,
      Object.entries(run.databaseStatusCodes)
        .map(([code, count]) => `${code}×${count}`)
        .join(' '),
      run.pagePath,
      run.pageRequests,
      fixed(run.pageLatencyP50Ms, 0),
      fixed(run.pageLatencyP99Ms, 0),
      fixed(run.pageLatencyMaxMs, 0),
      run.pageErrors,
    ]),
  );
}

/** The biggest files of one kind over all first visits, with how many routes load each. */
function largestFiles(bytes: readonly RouteBytes[], kind: 'js' | 'css'): string {
  const files = new Map<string, {bytes: number; routes: Set<string>}>();
  for (const route of bytes) {
    for (const response of route.responses.filter((r) => r.kind === kind)) {
      const file = files.get(response.url) ?? {bytes: response.bytes, routes: new Set<string>()};
      file.bytes = Math.max(file.bytes, response.bytes);
      file.routes.add(route.route);
      files.set(response.url, file);
    }
  }
  const rows = [...files.entries()]
    .sort((a, b) => b[1].bytes - a[1].bytes)
    .slice(0, 8)
    .map(([url, file]): Cell[] => [url, kb(file.bytes), `${file.routes.size}/${bytes.length}`]);
  return table(
    `Largest ${kind.toUpperCase()} files on first visits (brotli KB)`,
    ['file', 'KB', 'routes loading it'],
    rows,
  );
}

/** Failing audits over all routes of one form factor: how many routes, and the worst value. */
function failingAudits(entries: readonly RouteLighthouse[], scored: boolean): string {
  const audits = new Map<
    string,
    {category: string; routes: string[]; worst: number; value: string}
  >();
  for (const entry of entries) {
    for (const audit of entry.digest?.failingAudits ?? []) {
      if (scored !== audit.weight > 0) continue;
      const seen = audits.get(audit.id) ?? {
        category: audit.category,
        routes: [],
        worst: Number.POSITIVE_INFINITY,
        value: '',
      };
      seen.routes.push(entry.route);
      if (audit.score < seen.worst) {
        seen.worst = audit.score;
        const first = audit.items[0] ?? {};
        const detail = audit.displayValue ?? String(first.description ?? first.url ?? '');
        seen.value = `${detail} (${entry.route})`.trim();
      }
      audits.set(audit.id, seen);
    }
  }
  const rows = [...audits.entries()]
    .sort((a, b) => b[1].routes.length - a[1].routes.length || a[1].worst - b[1].worst)
    .map(([id, audit]): Cell[] => [
      id,
      audit.category,
      `${audit.routes.length}/${entries.length}`,
      fixed(audit.worst, 2),
      audit.value.replace(/\u00a0/g, ' '),
    ]);
  return table(
    scored
      ? 'Scored Lighthouse audits below 1, mobile (median-performance run of each route)'
      : 'Lighthouse diagnostics flagged, mobile (weight 0: no points, but they name the causes)',
    ['audit', 'category', 'routes', 'worst', 'worst value (route)'],
    rows,
  );
}

/** Where the bytes and the points go: the facts behind a MISSED budget. */
export function diagnosticsText(
  bytes: readonly RouteBytes[] | undefined,
  lighthouse: readonly RouteLighthouse[] | undefined,
): string {
  const parts: string[] = [];
  if (bytes) parts.push(largestFiles(bytes, 'js'), largestFiles(bytes, 'css'));
  const mobile = (lighthouse ?? []).filter(
    (entry) => entry.formFactor === 'mobile' && entry.build === 'ours' && entry.digest,
  );
  if (mobile.length > 0) {
    parts.push(failingAudits(mobile, true), failingAudits(mobile, false));
    const lcpRows: Cell[][] = mobile.map((entry) => [
      entry.route,
      ms(entry.median.metrics.lcp),
      Object.entries(entry.digest?.lcpBreakdown ?? {})
        .map(([phase, time]) => `${phase} ${time}`)
        .join(', '),
      (entry.digest?.lcpElement ?? '').replace(/\s+/g, ' ').slice(0, 70),
    ]);
    parts.push(
      table(
        'LCP, mobile: phases (ms) and element, from the median-performance run',
        ['route', 'LCP', 'phases', 'LCP element'],
        lcpRows,
      ),
    );
    const blocking = new Map<string, {bytes: number; wastedMs: number}>();
    for (const entry of mobile) {
      for (const item of entry.digest?.renderBlocking ?? []) {
        const seen = blocking.get(item.url);
        if (!seen || item.wastedMs > seen.wastedMs) blocking.set(item.url, item);
      }
    }
    const worstRoute = [...mobile].sort(
      (a, b) => (a.median.scores.performance ?? 0) - (b.median.scores.performance ?? 0),
    )[0];
    const mainThread = Object.entries(worstRoute?.digest?.mainThreadMs ?? {})
      .map(([group, time]) => `${group} ${time}`)
      .join(', ');
    parts.push(
      [
        `Render-blocking (mobile): ${
          [...blocking.entries()]
            .map(([url, item]) => `${url} ${kb(item.bytes)} KB, up to ${item.wastedMs} ms`)
            .join('; ') || 'none'
        }`,
        `Main-thread work (ms, simulated mobile CPU) on ${worstRoute?.route ?? '–'}: ${mainThread}`,
        '',
      ].join('\n'),
    );
  }
  return parts.join('\n');
}

export function readerTable(views: ReaderViews): string {
  const medians = readerMedians(views);
  const all = (values: readonly number[], format: (value: number) => string) =>
    values.map(format).join(', ');
  const rows: Cell[][] = [
    [
      `Search "${SEARCH.query}": tap → first result, cold cache`,
      ms(medians.searchColdMs),
      all(views.searchColdMs, ms),
    ],
    [
      "Search: tap → first result, framework in the worker's cache",
      ms(medians.searchWarmMs),
      all(views.searchWarmMs, ms),
    ],
    [
      'Offline repeat view: FCP from the worker',
      ms(medians.offlineFcpMs),
      all(views.offlineFcpMs, ms),
    ],
    ['"Save all guides", on the wire (KB)', kb(medians.saveAllBytes), all(views.saveAllBytes, kb)],
  ];
  return table(
    `Reader views (Lighthouse's mobile network and 4× CPU; median of ${views.runs}; ms unless said)`,
    ['view', 'median', 'runs'],
    rows,
  );
}
