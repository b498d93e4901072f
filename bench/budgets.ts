/** The budgets, checked against what was measured: each MET, MISSED or NOT MEASURED. */
import type {BuildResult} from './build';
import type {RouteBytes} from './bytes';
import {BUDGETS} from './config';
import {
  lcpRatio,
  type Category,
  type FormFactor,
  type Metric,
  type RouteLighthouse,
} from './lighthouse';
import type {LoadResult} from './load';
import {readerMedians, type ReaderViews} from './reader';
import {fixed, kb} from './table';

export interface BudgetCheck {
  name: string;
  budget: string;
  measured: string;
  /** The route (and form factor) that decided the measured value. */
  where: string;
  status: 'MET' | 'MISSED' | 'NOT MEASURED';
}

export interface Measurements {
  build?: BuildResult;
  bytes?: RouteBytes[];
  lighthouse?: RouteLighthouse[];
  load?: LoadResult;
  reader?: ReaderViews;
  notFoundPath: string;
}

interface Worst {
  value: number;
  where: string;
}

/** The worst value (lowest or highest) over the candidates, and where it was measured. */
function worst(
  candidates: readonly {value: number | null; where: string}[],
  direction: 'lowest' | 'highest',
): Worst | undefined {
  let found: Worst | undefined;
  for (const {value, where} of candidates) {
    if (value === null || Number.isNaN(value)) continue;
    const isWorse =
      found === undefined || (direction === 'lowest' ? value < found.value : value > found.value);
    if (isWorse) found = {value, where};
  }
  return found;
}

function check(
  name: string,
  budget: string,
  found: Worst | undefined,
  isMet: (value: number) => boolean,
  format: (value: number) => string,
): BudgetCheck {
  if (!found) return {name, budget, measured: '–', where: '', status: 'NOT MEASURED'};
  return {
    name,
    budget,
    measured: format(found.value),
    where: found.where,
    status: isMet(found.value) ? 'MET' : 'MISSED',
  };
}

export function checkBudgets(m: Measurements): BudgetCheck[] {
  const measured = m.lighthouse ?? [];
  const lighthouse = measured.filter((entry) => entry.build === 'ours');
  const limitOf = (entry: RouteLighthouse) =>
    measured.find(
      (other) =>
        other.build === 'limit' &&
        other.route === entry.route &&
        other.formFactor === entry.formFactor,
    );
  const label = (entry: RouteLighthouse, both: boolean): string =>
    both ? `${entry.route} (${entry.formFactor})` : entry.route;
  const scoreOf = (category: Category, formFactors: readonly FormFactor[], skipNotFound: boolean) =>
    worst(
      lighthouse
        .filter((entry) => formFactors.includes(entry.formFactor))
        .filter((entry) => !(skipNotFound && entry.route === m.notFoundPath))
        .map((entry) => ({
          value: entry.median.scores[category],
          where: label(entry, formFactors.length > 1),
        })),
      'lowest',
    );
  const metricOf = (metric: Metric, formFactors: readonly FormFactor[]) =>
    worst(
      lighthouse
        .filter((entry) => formFactors.includes(entry.formFactor))
        .map((entry) => ({
          value: entry.median.metrics[metric],
          where: label(entry, formFactors.length > 1),
        })),
      'highest',
    );
  const both = ['mobile', 'desktop'] as const;
  const bytesOf = (pick: (route: RouteBytes) => number) =>
    worst(
      (m.bytes ?? []).map((route) => ({value: pick(route), where: route.route})),
      'highest',
    );
  const blocking = bytesOf((route) => route.renderBlockingCss);
  const score = (value: number): string => String(Math.round(value));
  const seconds = (value: number): string => `${(value / 1000).toFixed(2)} s`;
  const kib = (value: number): string => `${kb(value)} KB`;
  const build = m.build;
  const ratio = m.load?.ratios.html;

  const reader = m.reader ? readerMedians(m.reader) : undefined;
  const readerFigure = (value: number | undefined, where: string) =>
    value === undefined || Number.isNaN(value) ? undefined : {value, where};
  const mobileOurs = lighthouse.filter((entry) => entry.formFactor === 'mobile');

  return [
    check(
      'Performance (mobile), where the build without scripts scores 100',
      `${BUDGETS.performance} on every such route`,
      worst(
        mobileOurs
          .filter((entry) => limitOf(entry)?.median.scores.performance === BUDGETS.performance)
          .map((entry) => ({value: entry.median.scores.performance, where: entry.route})),
        'lowest',
      ),
      (v) => v >= BUDGETS.performance,
      score,
    ),
    check(
      'TBT ours − TBT without scripts (mobile, worst route)',
      `≤ ${BUDGETS.tbtOverNoScriptsMs} ms`,
      worst(
        mobileOurs.map((entry) => {
          const limit = limitOf(entry)?.median.metrics.tbt;
          const ours = entry.median.metrics.tbt;
          return {
            value: ours === null || limit === null || limit === undefined ? null : ours - limit,
            where: entry.route,
          };
        }),
        'highest',
      ),
      (v) => v <= BUDGETS.tbtOverNoScriptsMs,
      (v) => `${Math.round(v)} ms`,
    ),
    check(
      'Search: tap → first result, framework in the worker’s cache',
      `≤ ${seconds(BUDGETS.searchWarmMs)}`,
      readerFigure(reader?.searchWarmMs, 'from /blogs, then /blog/china-different-world'),
      (v) => v <= BUDGETS.searchWarmMs,
      seconds,
    ),
    check(
      'Search: tap → first result, cold cache',
      `≤ ${seconds(BUDGETS.searchColdMs)}`,
      readerFigure(reader?.searchColdMs, '/blog/china-different-world'),
      (v) => v <= BUDGETS.searchColdMs,
      seconds,
    ),
    check(
      '"Save all guides", on the wire',
      `≤ ${kib(BUDGETS.saveAllBytes)}`,
      readerFigure(reader?.saveAllBytes, 'after a visit to /blogs'),
      (v) => v <= BUDGETS.saveAllBytes,
      kib,
    ),
    check(
      'Accessibility',
      `${BUDGETS.accessibility} on every route`,
      scoreOf('accessibility', both, false),
      (v) => v >= BUDGETS.accessibility,
      score,
    ),
    check(
      'Best Practices',
      `${BUDGETS.bestPractices} on every route`,
      scoreOf('best-practices', both, false),
      (v) => v >= BUDGETS.bestPractices,
      score,
    ),
    check(
      'SEO (not on the 404)',
      `${BUDGETS.seo} on every route`,
      scoreOf('seo', both, true),
      (v) => v >= BUDGETS.seo,
      score,
    ),
    check(
      'LCP (mobile, worst route)',
      `≤ ${seconds(BUDGETS.lcpMs)}`,
      metricOf('lcp', ['mobile']),
      (v) => v <= BUDGETS.lcpMs,
      seconds,
    ),
    check(
      'LCP ÷ LCP without scripts (mobile, worst route)',
      `≤ ${BUDGETS.lcpRatioToNoScripts}`,
      worst(
        lighthouse
          .filter((entry) => entry.formFactor === 'mobile')
          .map((entry) => ({value: lcpRatio(entry, limitOf(entry)) ?? null, where: entry.route})),
        'highest',
      ),
      (v) => v <= BUDGETS.lcpRatioToNoScripts,
      (v) => fixed(v, 2),
    ),
    check(
      'FCP (mobile, worst route)',
      `≤ ${seconds(BUDGETS.fcpMs)}`,
      metricOf('fcp', ['mobile']),
      (v) => v <= BUDGETS.fcpMs,
      seconds,
    ),
    check(
      'TBT (worst route and form factor)',
      `≤ ${BUDGETS.tbtMs} ms`,
      metricOf('tbt', both),
      (v) => v <= BUDGETS.tbtMs,
      (v) => `${Math.round(v)} ms`,
    ),
    check(
      'CLS (worst route and form factor)',
      `≤ ${BUDGETS.cls}`,
      metricOf('cls', both),
      (v) => v <= BUDGETS.cls,
      (v) => fixed(v, 3),
    ),
    check(
      'Script a reader fetches (no interaction, 5 s, worker and prefetches included; brotli)',
      `≤ ${kib(BUDGETS.jsBytes)} on any route`,
      bytesOf((route) => route.bytes.js),
      (v) => v <= BUDGETS.jsBytes,
      kib,
    ),
    check(
      'CSS blocking the first paint (brotli: inline, and linked for screens)',
      `≤ ${kib(BUDGETS.renderBlockingCssBytes)} on any route`,
      blocking,
      (v) => v <= BUDGETS.renderBlockingCssBytes,
      kib,
    ),
    check(
      'CSS on first visit (brotli)',
      `≤ ${kib(BUDGETS.cssBytes)} on any route, or the rest non-blocking`,
      bytesOf((route) => route.bytes.css),
      (v) =>
        v <= BUDGETS.cssBytes ||
        (blocking !== undefined && blocking.value <= BUDGETS.renderBlockingCssBytes),
      kib,
    ),
    check(
      'HTML response with its headers (first round trip)',
      `≤ ${BUDGETS.firstWindowBytes} B`,
      bytesOf((route) => route.documentBytes ?? Number.NaN),
      (v) => v <= BUDGETS.firstWindowBytes,
      (v) => `${v} B`,
    ),
    check(
      'Requests to other origins',
      `${BUDGETS.otherOrigins}`,
      m.bytes
        ? {
            value: m.bytes.reduce((total, route) => total + route.otherOriginRequests.length, 0),
            where: 'all routes',
          }
        : undefined,
      (v) => v <= BUDGETS.otherOrigins,
      String,
    ),
    check(
      'Cold build',
      `≤ ${BUDGETS.coldBuildMs / 1000} s`,
      build ? {value: build.wallMs, where: 'npm run build'} : undefined,
      (v) => v <= BUDGETS.coldBuildMs,
      (v) => `${(v / 1000).toFixed(1)} s`,
    ),
    check(
      'HTML throughput, ours ÷ docusaurus serve',
      `≥ ${BUDGETS.htmlThroughputRatio}×`,
      ratio === undefined ? undefined : {value: ratio, where: m.load?.runs[0]?.path ?? ''},
      (v) => v >= BUDGETS.htmlThroughputRatio,
      (v) => `${v.toFixed(2)}×`,
    ),
  ];
}
