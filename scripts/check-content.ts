/**
 * What in the articles needs a writer, from their sources and the build: mistakes in the front
 * matter and images, facts marked `<Expires rule="…">` (or a front matter's `expires`) that have
 * ended or end within 60 days in China, a rule's mark naming another end than the rule's, mistakes
 * in the entry rules (src/data/entry-rules.ts), articles not reviewed for six months, and each article's
 * first screen against the first round trip (scripts/first-screen.ts). Builds the site first when
 * the build is missing or older than the sources, as `npm start` does.
 *
 *   npm run check-content [-- --today YYYY-MM-DD] [-- --no-build | --build-dir <folder>]
 *
 * --build-dir measures that build (one just published) as it is, without building.
 *
 * Exits 1 when something must be fixed, 2 when the check itself could not run.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {type Article, createArticles} from '../plugins/articles';
import {collectionProblems} from '../plugins/articles/collection';
import {
  articleFindings,
  entryRuleFindings,
  formatFinding,
  isFailure,
  type Finding,
} from '../plugins/freshness/check';
import {buildIfStale, isBuildStale} from '../server/build-state';
import {chinaDay, isoDay, parseDay} from '../src/lib/dates';
import {
  describeFigures,
  FIRST_ROUND_TRIP_BYTES,
  measurePage,
  overBudgetMessage,
} from './first-screen';

export interface CheckOptions {
  siteDir: string;
  /** China's day to check as of, a UTC midnight. */
  today: Date;
  /** Build the site when its build is missing or stale; otherwise say how to get one. */
  build: boolean;
  /**
   * The build to measure, when not `<siteDir>/build`: one just published (scripts/rebuild.sh).
   * It is measured as it is, never built.
   */
  buildDir?: string;
}

export interface CheckResult {
  lines: string[];
  exitCode: 0 | 1;
}

/** Each article's first screen from the build, as a line, and a finding for one over budget. */
function firstScreens(articles: readonly Article[], buildDir: string) {
  const lines: string[] = [];
  const findings: Finding[] = [];
  for (const article of articles) {
    const figures = measurePage(buildDir, `/blog/${article.frontMatter.slug}`);
    lines.push(`${article.file}: ${describeFigures(figures)}`);
    if (figures.firstScreen > FIRST_ROUND_TRIP_BYTES) {
      const message = overBudgetMessage(figures);
      findings.push({file: article.file, line: 1, kind: 'too-long', message});
    }
  }
  return {lines, findings};
}

/** Whether the first screens can be measured now, building when allowed; else why not. */
function buildReady(options: CheckOptions, buildDir: string): string | undefined {
  if (options.build && !options.buildDir) {
    buildIfStale(buildDir, options.siteDir);
    return undefined;
  }
  if (!isBuildStale(buildDir, options.siteDir)) return undefined;
  const state = existsSync(buildDir) ? 'is older than the sources' : 'is missing';
  if (options.buildDir) return `First screens not measured: the build in ${buildDir} ${state}.`;
  return `First screens not measured: the build ${state}; run npm run build (or leave out --no-build).`;
}

export function checkContent(options: CheckOptions): CheckResult {
  const reads = createArticles(options).all();
  const articles = reads.flatMap(({article}) => (article === undefined ? [] : [article]));
  const findings = [
    ...entryRuleFindings(),
    ...reads.flatMap((read) =>
      articleFindings(read, options.today).sort((a, b) => a.line - b.line),
    ),
    // Across articles only once each reads: a slug that cannot be read is not known to be missing.
    ...(articles.length < reads.length ? [] : collectionProblems(articles)).map(
      ({file, problem: {line, message}}) => ({
        file,
        line,
        kind: 'invalid' as const,
        message,
      }),
    ),
  ];
  const notes: string[] = [];
  const buildDir = options.buildDir ?? path.join(options.siteDir, 'build');
  if (findings.some((finding) => finding.kind === 'invalid')) {
    notes.push('First screens not measured: the build needs the mistakes above fixed first.');
  } else {
    const notReady = buildReady(options, buildDir);
    if (notReady) notes.push(notReady);
    else {
      const screens = firstScreens(articles, buildDir);
      notes.push(...screens.lines);
      findings.push(...screens.findings);
    }
  }
  // What must be fixed first, however many reminders other guides have, each in file order.
  const byPlace = (a: Finding, b: Finding) =>
    a.file === b.file ? a.line - b.line : a.file < b.file ? -1 : 1;
  const errors = findings.filter(isFailure).sort(byPlace);
  const reminders = findings.filter((finding) => !isFailure(finding)).sort(byPlace);
  const failures = errors.length;
  const lines = [...[...errors, ...reminders].map(formatFinding), ...notes];
  lines.push(
    `${reads.length} articles checked as of ${isoDay(options.today)} in China: ` +
      `${failures} to fix, ${reminders.length} ${reminders.length === 1 ? 'reminder' : 'reminders'}.`,
  );
  return {lines, exitCode: failures > 0 ? 1 : 0};
}

function optionsFrom(args: string[]): CheckOptions {
  const {values} = parseArgs({
    args,
    options: {
      today: {type: 'string'},
      'no-build': {type: 'boolean'},
      'build-dir': {type: 'string'},
    },
  });
  const today = values.today === undefined ? chinaDay(new Date()) : parseDay(values.today);
  if (!today) throw new Error(`--today takes a day as YYYY-MM-DD, got "${values.today}"`);
  const buildDir = values['build-dir'];
  return {
    siteDir: path.resolve(__dirname, '..'),
    today,
    build: !values['no-build'],
    buildDir: buildDir === undefined ? undefined : path.resolve(buildDir),
  };
}

function main(): void {
  const {lines, exitCode} = checkContent(optionsFrom(process.argv.slice(2)));
  for (const line of lines) console.log(line);
  process.exitCode = exitCode;
}

if (require.main === module) {
  try {
    main();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  }
}
