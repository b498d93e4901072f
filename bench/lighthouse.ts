/**
 * Lighthouse 12 through its Node API, one Chrome per form factor: mobile is Lighthouse's default
 * config (simulated moto g power), desktop its desktop config. Each round goes over every route;
 * on mobile each route also runs on the build without scripts (the limit) right after ours, so
 * noise on the machine hits both alike. A failed run is retried once on a fresh Chrome. Tables
 * and budgets use the median of the runs, figure by figure; the run with the median performance
 * score is kept as Lighthouse's own HTML report, for the causes behind a figure.
 * Lighthouse and chrome-launcher are ES modules loaded with import(): tsx would otherwise make
 * them CommonJS and add helpers to functions that Lighthouse runs inside the page.
 */
import {mkdtemp, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Result} from 'lighthouse';
import {BROWSER_ARGS, CHROMIUM_PATH, groups, log, median, withTimeout} from './util';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;
export type FormFactor = 'mobile' | 'desktop';
export type Figure = (typeof CATEGORIES)[number] | keyof typeof METRICS;
/** Scores (0–100) and metrics (ms; CLS unitless); null where Lighthouse gave none. */
type Figures = Record<Figure, number | null>;
type Run = Figures & {round: number; seconds: number; benchmarkIndex: number};

export interface RouteLighthouse {
  route: string;
  formFactor: FormFactor;
  /** `limit`: the same build with every script removed, served alike. */
  build: 'ours' | 'limit';
  runs: (Run | {round: number; error: string})[];
  median: Figures;
  /** Scored audits below 1 in the median run (what costs points), and its HTML report. */
  failingAudits: string[];
  report?: string;
}

function figures(lhr: Result): Figures {
  const scores = CATEGORIES.map((id) => {
    const score = lhr.categories[id]?.score;
    return [id, typeof score === 'number' ? Math.round(score * 100) : null];
  });
  const metrics = Object.entries(METRICS).map(([name, id]) => [name, lhr.audits[id]?.numericValue]);
  return Object.fromEntries([...scores, ...metrics.map(([k, v]) => [k, v ?? null])]) as Figures;
}

const failingAudits = (lhr: Result): string[] =>
  CATEGORIES.flatMap((category) => lhr.categories[category]?.auditRefs ?? [])
    .filter(({id, weight}) => weight > 0 && (lhr.audits[id]?.score ?? 1) < 1)
    .map(({id}) => id);

async function openChrome(workDir: string) {
  const {launch} = await import('chrome-launcher');
  const chrome = await launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: ['--headless', ...BROWSER_ARGS],
    userDataDir: await mkdtemp(path.join(workDir, 'chrome-')),
    handleSIGINT: false,
    logLevel: 'silent',
  });
  groups.add(chrome.pid);
  const close = (): void => {
    groups.delete(chrome.pid);
    chrome.kill();
  };
  return {port: chrome.port, close};
}

export async function measureLighthouse(
  origins: {ours: string; limit: string},
  routes: readonly {path: string; notFound: boolean}[],
  runs: number,
  dirs: {work: string; reports: string},
): Promise<RouteLighthouse[]> {
  const {default: lighthouse, desktopConfig, generateReport} = await import('lighthouse');
  const results: RouteLighthouse[] = [];
  for (const formFactor of ['mobile', 'desktop'] as const) {
    const builds = formFactor === 'mobile' ? (['ours', 'limit'] as const) : (['ours'] as const);
    const entries = routes.flatMap((route) =>
      builds.map((build) => ({
        route,
        build,
        runs: [] as RouteLighthouse['runs'],
        lhrs: [] as Result[],
      })),
    );
    let chrome = await openChrome(dirs.work);
    try {
      for (let round = 1; round <= runs; round += 1) {
        for (const {route, build, runs: done, lhrs} of entries) {
          const what = `lighthouse ${formFactor} ${build} ${route.path} run ${round}`;
          for (let attempt = 1; attempt <= 2; attempt += 1) {
            const started = performance.now();
            const flags = {
              port: chrome.port,
              logLevel: 'error' as const,
              onlyCategories: [...CATEGORIES],
              // The full-page screenshot only illustrates the HTML report (~1.3 s a run).
              disableFullPageScreenshot: true,
              // The not-found route answers 404 on purpose.
              ignoreStatusCode: route.notFound,
            };
            const config = formFactor === 'desktop' ? desktopConfig : undefined;
            try {
              const running = lighthouse(origins[build] + route.path, flags, config);
              const lhr = (await withTimeout(running, 120_000, what))?.lhr;
              if (!lhr || lhr.runtimeError)
                throw new Error(lhr?.runtimeError?.message ?? 'no result');
              const seconds = (performance.now() - started) / 1000;
              const run = {
                ...figures(lhr),
                round,
                seconds,
                benchmarkIndex: lhr.environment.benchmarkIndex,
              };
              done.push(run);
              lhrs.push(lhr);
              log(`${what}: perf ${run.performance} in ${seconds.toFixed(1)} s`);
              break;
            } catch (error) {
              done.push({round, error: String(error)});
              log(`${what} failed: ${String(error)}`);
              chrome.close();
              chrome = await openChrome(dirs.work);
            }
          }
        }
      }
    } finally {
      chrome.close();
    }
    for (const {route, build, runs: done, lhrs} of entries) {
      const ok = done.flatMap((run) => ('error' in run ? [] : [run]));
      const middle = (id: Figure) => {
        const values = ok.flatMap((run) => (run[id] === null ? [] : [run[id]]));
        return values.length === 0 ? null : median(values);
      };
      const byScore = lhrs.sort(
        (a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0),
      );
      const lhr = byScore[Math.floor((byScore.length - 1) / 2)];
      let report: string | undefined;
      if (lhr && build === 'ours') {
        report = path.join(dirs.reports, `${formFactor}${route.path.replace(/\//g, '_')}.html`);
        await writeFile(report, generateReport(lhr, 'html'));
      }
      const all = [...CATEGORIES, ...(Object.keys(METRICS) as (keyof typeof METRICS)[])];
      const medians = Object.fromEntries(all.map((id) => [id, middle(id)])) as Figures;
      const failing = lhr ? failingAudits(lhr) : [];
      results.push({
        route: route.path,
        formFactor,
        build,
        runs: done,
        median: medians,
        failingAudits: failing,
        report,
      });
    }
  }
  return results;
}
