/**
 * The cold production build: caches and output removed, then `npm run build`, timed, with the
 * peak resident memory of its whole process tree sampled from /proc every 200 ms and, when GNU
 * time is installed, its own report (the largest single process, and the wall clock).
 */
import {existsSync} from 'node:fs';
import {readFile, rm} from 'node:fs/promises';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {BUILD_DIR, LIMITS, ROOT} from './config';
import {groupStats, startProcess} from './processes';
import {withTimeout} from './util';

const GNU_TIME = '/usr/bin/time';
const SAMPLE_INTERVAL_MS = 200;

export interface BuildResult {
  command: string;
  removed: string[];
  wallMs: number;
  /** Sum over the process group, sampled every 200 ms (misses peaks shorter than that). */
  peakTreeRssBytes: number;
  samples: number;
  /** GNU time's "Maximum resident set size": the largest single process of the tree. */
  gnuTimeMaxRssBytes?: number;
  gnuTimeWallMs?: number;
  exitCode: number | null;
  logFile: string;
}

function parseGnuTime(report: string): {maxRssBytes?: number; wallMs?: number} {
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(report);
  const wall = /Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): ([\d:.]+)/.exec(report);
  const wallMs = wall?.[1]
    ?.split(':')
    .map(Number)
    .reduce((total, part) => total * 60 + part, 0);
  return {
    maxRssBytes: rss?.[1] === undefined ? undefined : Number(rss[1]) * 1024,
    wallMs: wallMs === undefined ? undefined : Math.round(wallMs * 1000),
  };
}

export async function coldBuild(workDir: string): Promise<BuildResult> {
  const removed = [
    BUILD_DIR,
    path.join(ROOT, '.docusaurus'),
    path.join(ROOT, 'node_modules/.cache'),
  ];
  await Promise.all(removed.map((dir) => rm(dir, {recursive: true, force: true})));

  // `npm run build`, the one command every build goes through (it sets the build's environment).
  const npmBuild = ['run', '--silent', 'build'];
  const timeReport = path.join(workDir, 'build-time.txt');
  const logFile = path.join(workDir, 'build.log');
  const useGnuTime = existsSync(GNU_TIME);
  const [command, args] = useGnuTime
    ? [GNU_TIME, ['-v', '-o', timeReport, 'npm', ...npmBuild]]
    : ['npm', npmBuild];

  const started = performance.now();
  const child = startProcess('npm run build', command, args, {
    cwd: ROOT,
    logFile,
    env: {NO_UPDATE_NOTIFIER: '1'},
  });
  let endedAt = Number.NaN;
  void child.exited.then(() => {
    endedAt = performance.now();
  });
  let peak = 0;
  let samples = 0;
  const sampled = new AbortController();
  const sampling = (async () => {
    while (!sampled.signal.aborted) {
      peak = Math.max(peak, (await groupStats(child.pid)).rssBytes);
      samples += 1;
      await sleep(SAMPLE_INTERVAL_MS);
    }
  })();
  let exitCode: number | null;
  try {
    exitCode = await withTimeout(
      child.exited,
      LIMITS.buildMs,
      `the build took over ${LIMITS.buildMs / 1000} s`,
    );
  } finally {
    sampled.abort();
    await sampling;
    await child.stop();
  }
  const wallMs = endedAt - started;
  if (exitCode !== 0)
    throw new Error(`npm run build failed (exit ${String(exitCode)}); see ${logFile}`);

  const gnu = useGnuTime ? parseGnuTime(await readFile(timeReport, 'utf8')) : {};
  return {
    command: `${useGnuTime ? '/usr/bin/time -v ' : ''}npm run build`,
    removed: removed.map((dir) => path.relative(ROOT, dir)),
    wallMs: Math.round(wallMs),
    peakTreeRssBytes: peak,
    samples,
    gnuTimeMaxRssBytes: gnu.maxRssBytes,
    gnuTimeWallMs: gnu.wallMs,
    exitCode,
    logFile,
  };
}
