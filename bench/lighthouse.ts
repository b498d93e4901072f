/**
 * Lighthouse through its Node API, one Chrome per form factor reused for every run: mobile is
 * Lighthouse's default config (simulated throttling, moto g power), desktop its desktop config.
 * Runs go round-robin over the routes (round 1 over every route, then round 2, …), so a cut for
 * time drops whole rounds and every route keeps the same number of runs.
 *
 * Lighthouse and chrome-launcher are ES modules loaded with `import()`: tsx would otherwise
 * transpile them to CommonJS and add helpers to functions that Lighthouse runs inside the page.
 */
import {mkdtemp, rm} from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type {Flags, Result, RunnerResult} from 'lighthouse';
import {LIGHTHOUSE_CHROME_FLAGS, CHROMIUM_PATH, LIMITS} from './config';
import {assertRunning, onCleanup, trackGroup, waitForGroupExit} from './processes';
import type {Route} from './routes';
import {median, withTimeout} from './util';

export const FORM_FACTORS = ['mobile', 'desktop'] as const;
export type FormFactor = (typeof FORM_FACTORS)[number];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

/** Metric name → Lighthouse audit id. */
export const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
export type Metric = keyof typeof METRICS;

export type Scores = Record<Category, number | null>;
export type Metrics = Record<Metric, number | null>;

export interface RunSummary {
  round: number;
  durationMs: number;
  scores: Scores;
  metrics: Metrics;
  /** Lighthouse's CPU benchmark of this machine during the run: low means a busy machine. */
  benchmarkIndex: number | null;
  runtimeError?: string;
  error?: string;
}

/** What costs points, from one run's report: failing audits and the usual suspects' details. */
export interface Digest {
  fromRound: number;
  failingAudits: {
    id: string;
    title: string;
    score: number;
    displayValue?: string;
    /** Its weight in the category score (0 for diagnostics and insights). */
    weight: number;
    category: Category;
    items: Record<string, string | number>[];
  }[];
  lcpElement?: string;
  lcpBreakdown: Record<string, number>;
  renderBlocking: {url: string; bytes: number; wastedMs: number}[];
  scripts: {url: string; transferBytes: number; resourceBytes: number}[];
  unusedJavascript: {url: string; totalBytes: number; wastedBytes: number}[];
  mainThreadMs: Record<string, number>;
}

/**
 * `ours` is the site as built; `limit` is the same build with every script removed, served the
 * same way: what the first paint could be if no JavaScript competed with it.
 */
export type Build = 'ours' | 'limit';

export interface RouteLighthouse {
  route: string;
  formFactor: FormFactor;
  build: Build;
  runs: RunSummary[];
  /** Median of the successful runs, metric by metric. */
  median: {scores: Scores; metrics: Metrics};
  /** Digest of the run whose performance score is the median. */
  digest?: Digest;
}

export interface FormFactorPlan {
  formFactor: FormFactor;
  plannedRuns: number;
  completedRuns: number;
  meanRunMs: number;
  /** Median of Lighthouse's CPU benchmark over the runs: lower means a busier machine. */
  benchmarkIndex: number | null;
  cut?: string;
}

export interface LighthouseResult {
  settings: Record<string, unknown>;
  plans: FormFactorPlan[];
  routes: RouteLighthouse[];
}

export interface LighthouseSchedule {
  runs: number;
  /** Epoch ms by which each form factor's rounds should end (whole rounds are dropped to fit). */
  targetEnd: Record<FormFactor, number>;
  /** Epoch ms no round may be expected to run past, even the first. */
  hardEnd: number;
}

/** Settings added to Lighthouse's own config: neither changes a score. */
const EXTRA_SETTINGS = {
  // The full-page screenshot only illustrates the HTML report; it costs ~1.3 s a run.
  disableFullPageScreenshot: true,
} satisfies Flags;

type LighthouseFn = typeof import('lighthouse').default;
type ChromeLauncher = typeof import('chrome-launcher');
type Chrome = Awaited<ReturnType<ChromeLauncher['launch']>>;

interface Session {
  run(url: string, route: Route): Promise<Result>;
  close(): Promise<void>;
}

async function openSession(formFactor: FormFactor): Promise<Session> {
  const {default: lighthouse}: {default: LighthouseFn} = await import('lighthouse');
  const chromeLauncher: ChromeLauncher = await import('chrome-launcher');
  const config =
    formFactor === 'desktop'
      ? (await import('lighthouse/core/config/desktop-config.js')).default
      : undefined;

  let chrome: Chrome | undefined;
  // Our own profile directory, removed by us once Chrome is gone (chrome-launcher removes its own
  // while Chrome may still be writing to it, which can leave it behind).
  let profile = '';
  let untrack = (): void => undefined;
  /** Kills Chrome's process group, waits until it is gone, then removes its profile. */
  let launching: Promise<Chrome> | undefined;
  const kill = async (): Promise<void> => {
    // A Chrome still starting is waited for, so that it is killed too.
    await launching?.catch(() => undefined);
    const dying = chrome;
    chrome = undefined;
    if (!dying) return;
    dying.kill();
    await waitForGroupExit(dying.pid, 5_000);
    untrack();
    await rm(profile, {recursive: true, force: true});
  };
  const start = async (): Promise<Chrome> => {
    assertRunning('Chrome for Lighthouse');
    profile = await mkdtemp(path.join(os.tmpdir(), `bench-chrome-${formFactor}-`));
    const launched = await chromeLauncher
      .launch({
        chromePath: CHROMIUM_PATH,
        userDataDir: profile,
        chromeFlags: [...LIGHTHOUSE_CHROME_FLAGS],
        handleSIGINT: false,
        logLevel: 'silent',
      })
      .catch(async (error: unknown) => {
        await rm(profile, {recursive: true, force: true});
        throw error;
      });
    untrack = trackGroup(launched.pid);
    chrome = launched;
    return launched;
  };
  const launch = async (): Promise<Chrome> => {
    launching = start();
    try {
      return await launching;
    } finally {
      launching = undefined;
    }
  };
  const removeCleanup = onCleanup(kill);

  return {
    async run(url, route) {
      const browser = chrome ?? (await launch());
      const flags: Flags = {
        port: browser.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: [...CATEGORIES],
        ...EXTRA_SETTINGS,
        // The not-found route answers 404 on purpose; Lighthouse refuses such a page otherwise.
        ignoreStatusCode: route.notFound,
      };
      try {
        const result: RunnerResult | undefined = await withTimeout(
          lighthouse(url, flags, config),
          LIMITS.lighthouseRunMs,
          `Lighthouse took over ${LIMITS.lighthouseRunMs / 1000} s on ${url}`,
        );
        if (!result) throw new Error(`Lighthouse returned no result for ${url}`);
        return result.lhr;
      } catch (error) {
        // A hung or broken Chrome is replaced before the next run.
        await kill();
        throw error;
      }
    },
    close() {
      removeCleanup();
      return kill();
    },
  };
}

const EMPTY_SCORES = Object.fromEntries(CATEGORIES.map((id) => [id, null])) as Scores;
const EMPTY_METRICS = Object.fromEntries(Object.keys(METRICS).map((id) => [id, null])) as Metrics;

/** Extra attempts for a run that failed. */
const RETRIES = 1;

export function isOk(run: RunSummary): boolean {
  return run.error === undefined && run.runtimeError === undefined;
}

async function runOnce(
  session: Session,
  origin: string,
  route: Route,
  round: number,
  keep: (lhr: Result) => void,
): Promise<RunSummary> {
  const started = performance.now();
  try {
    const lhr = await session.run(origin + route.path, route);
    const run = summarize(lhr, round, performance.now() - started);
    if (isOk(run)) keep(lhr);
    return run;
  } catch (error) {
    return {
      round,
      durationMs: Math.round(performance.now() - started),
      scores: EMPTY_SCORES,
      metrics: EMPTY_METRICS,
      benchmarkIndex: null,
      error: error instanceof Error ? error.message : String(error),
    };
  }
}

function score(lhr: Result, category: Category): number | null {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? null : Math.round(value * 100);
}

function summarize(lhr: Result, round: number, durationMs: number): RunSummary {
  const scores = Object.fromEntries(CATEGORIES.map((id) => [id, score(lhr, id)])) as Scores;
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue ?? null]),
  ) as Metrics;
  return {
    round,
    durationMs: Math.round(durationMs),
    scores,
    metrics,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    runtimeError: lhr.runtimeError?.message,
  };
}

type Item = Record<string, unknown>;

function detailItems(lhr: Result, auditId: string): Item[] {
  const details = lhr.audits[auditId]?.details as {items?: unknown} | undefined;
  // Some audits' items are an object, not a list, on some pages (e.g. a page with no script).
  const items = Array.isArray(details?.items) ? (details.items as unknown[]) : [];
  return items.filter((item): item is Item => typeof item === 'object' && item !== null);
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function number(value: unknown): number {
  return typeof value === 'number' ? Math.round(value) : 0;
}

/** The readable columns of an audit's table row (URLs, sizes, times, element labels). */
function compactItem(item: Item, origin: string): Record<string, string | number> {
  const compact: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(item)) {
    if (typeof value === 'number') compact[key] = Math.round(value);
    else if (typeof value === 'string') compact[key] = value.replace(origin, '');
    else if (key === 'node' && typeof value === 'object' && value !== null) {
      const node = value as {nodeLabel?: unknown; snippet?: unknown};
      compact.node = text(node.snippet) || text(node.nodeLabel);
    }
  }
  return compact;
}

function digest(lhr: Result, round: number, origin: string): Digest {
  const strip = (url: unknown): string => text(url).replace(origin, '');
  const failingAudits: Digest['failingAudits'] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (!audit || audit.score === null || audit.score >= 1) continue;
      if (!['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode)) continue;
      failingAudits.push({
        id: ref.id,
        title: audit.title,
        score: audit.score,
        displayValue: audit.displayValue,
        weight: ref.weight,
        category,
        items: detailItems(lhr, ref.id)
          .slice(0, 5)
          .map((item) => compactItem(item, origin)),
      });
    }
  }
  // The LCP element audit is a list: a table with the node, then a table with its phases.
  const lcpTables = detailItems(lhr, 'largest-contentful-paint-element') as {items?: Item[]}[];
  const lcpNode = lcpTables[0]?.items?.[0]?.node as {snippet?: unknown} | undefined;
  const lcpPhases = lcpTables[1]?.items ?? [];
  return {
    fromRound: round,
    failingAudits,
    lcpElement: text(lcpNode?.snippet) || undefined,
    lcpBreakdown: Object.fromEntries(
      lcpPhases.map((phase) => [text(phase.phase) || text(phase.subpart), number(phase.timing)]),
    ),
    renderBlocking: detailItems(lhr, 'render-blocking-resources').map((item) => ({
      url: strip(item.url),
      bytes: number(item.totalBytes),
      wastedMs: number(item.wastedMs),
    })),
    scripts: detailItems(lhr, 'network-requests')
      .filter((item) => item.resourceType === 'Script')
      .map((item) => ({
        url: strip(item.url),
        transferBytes: number(item.transferSize),
        resourceBytes: number(item.resourceSize),
      }))
      .sort((a, b) => b.transferBytes - a.transferBytes),
    unusedJavascript: detailItems(lhr, 'unused-javascript').map((item) => ({
      url: strip(item.url),
      totalBytes: number(item.totalBytes),
      wastedBytes: number(item.wastedBytes),
    })),
    mainThreadMs: Object.fromEntries(
      detailItems(lhr, 'mainthread-work-breakdown').map((item) => [
        text(item.group),
        number(item.duration),
      ]),
    ),
  };
}

function medianOf(runs: readonly RunSummary[]): RouteLighthouse['median'] {
  const ok = runs.filter(isOk);
  const pick = (values: (number | null)[]): number | null => {
    const present = values.filter((value): value is number => value !== null);
    return present.length === 0 ? null : median(present);
  };
  return {
    scores: Object.fromEntries(
      CATEGORIES.map((id) => [id, pick(ok.map((run) => run.scores[id]))]),
    ) as Scores,
    metrics: Object.fromEntries(
      (Object.keys(METRICS) as Metric[]).map((name) => [
        name,
        pick(ok.map((run) => run.metrics[name])),
      ]),
    ) as Metrics,
  };
}

export async function measureLighthouse(
  origins: Record<Build, string>,
  routes: readonly Route[],
  schedule: LighthouseSchedule,
  log: (message: string) => void,
): Promise<LighthouseResult> {
  const results: RouteLighthouse[] = [];
  const plans: FormFactorPlan[] = [];
  let meanRunMs = Number.NaN;

  for (const formFactor of FORM_FACTORS) {
    // Mobile measures the limit too, in the same rounds, alternating with ours route by route so
    // that noise on the machine hits both alike.
    const builds: Build[] = formFactor === 'mobile' ? ['ours', 'limit'] : ['ours'];
    const perRoute = routes.flatMap((route) =>
      builds.map(
        (build): RouteLighthouse & {reports: {round: number; lhr: Result}[]; source: Route} => ({
          route: route.path,
          formFactor,
          build,
          runs: [],
          median: {scores: EMPTY_SCORES, metrics: EMPTY_METRICS},
          reports: [],
          source: route,
        }),
      ),
    );
    const plan: FormFactorPlan = {
      formFactor,
      plannedRuns: schedule.runs,
      completedRuns: 0,
      meanRunMs: Number.NaN,
      benchmarkIndex: null,
    };
    const session = await openSession(formFactor);
    const durations: number[] = [];
    try {
      for (let round = 1; round <= schedule.runs; round += 1) {
        // Estimate a round from the runs so far (the other form factor's before the first).
        const estimate = (durations.length > 0 ? mean(durations) : meanRunMs) * perRoute.length;
        const end = Date.now() + (Number.isNaN(estimate) ? 0 : estimate);
        if (end > schedule.hardEnd || (round > 1 && end > schedule.targetEnd[formFactor])) {
          plan.cut =
            `${formFactor}: ${round - 1} of ${schedule.runs} runs per route; ` +
            `a round takes ~${Math.round(estimate / 1000)} s and would end past the time budget`;
          log(plan.cut);
          break;
        }
        for (const entry of perRoute) {
          const route = entry.source;
          // A run that fails (e.g. NO_NAVSTART from a trace on a busy machine) is retried once.
          for (let attempt = 1; attempt <= 1 + RETRIES; attempt += 1) {
            assertRunning('Lighthouse');
            const run = await runOnce(session, origins[entry.build], route, round, (lhr) =>
              entry.reports.push({round, lhr}),
            );
            entry.runs.push(run);
            durations.push(run.durationMs);
            const failure = run.error ?? run.runtimeError;
            log(
              `lighthouse ${formFactor} ${entry.build} ${route.path} run ${round}: ` +
                (failure === undefined
                  ? `perf ${String(run.scores.performance)} in ${(run.durationMs / 1000).toFixed(1)} s`
                  : `failed (${failure})${attempt <= RETRIES ? ', retrying' : ''}`),
            );
            if (failure === undefined) break;
          }
        }
        plan.completedRuns = round;
      }
    } finally {
      await session.close();
    }
    meanRunMs = mean(durations);
    plan.meanRunMs = Math.round(meanRunMs);
    const indexes = perRoute.flatMap((entry) =>
      entry.runs.flatMap((run) => (run.benchmarkIndex === null ? [] : [run.benchmarkIndex])),
    );
    plan.benchmarkIndex = indexes.length === 0 ? null : Math.round(median(indexes));
    plans.push(plan);

    for (const {reports, source: _source, ...entry} of perRoute) {
      entry.median = medianOf(entry.runs);
      // Keep only the digest of the median run: full reports are ~0.5 MB each.
      const byPerformance = reports
        .map((report) => ({...report, performance: report.lhr.categories.performance?.score ?? 0}))
        .sort((a, b) => a.performance - b.performance);
      const middle = byPerformance[Math.floor((byPerformance.length - 1) / 2)];
      if (middle) entry.digest = digest(middle.lhr, middle.round, origins[entry.build]);
      results.push(entry);
    }
  }
  return {
    settings: {
      mobile: "Lighthouse's default config (simulated throttling, moto g power)",
      desktop: 'lighthouse/core/config/desktop-config.js',
      added: EXTRA_SETTINGS,
      chromeFlags: LIGHTHOUSE_CHROME_FLAGS,
      notFoundRoute: 'ignoreStatusCode: true',
    },
    plans,
    routes: results,
  };
}

/** LCP of ours over LCP of the same build without scripts, both medians of the same rounds. */
export function lcpRatio(
  ours: RouteLighthouse,
  limit: RouteLighthouse | undefined,
): number | undefined {
  const lcp = ours.median.metrics.lcp;
  const limitLcp = limit?.median.metrics.lcp;
  return lcp == null || limitLcp == null || limitLcp === 0 ? undefined : lcp / limitLcp;
}

function mean(values: readonly number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}
