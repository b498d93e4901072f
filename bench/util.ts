/** What the bench's steps share: browser flags, logging, medians, and the processes it starts. */
import {spawn} from 'node:child_process';
import {closeSync, openSync} from 'node:fs';
import {readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {setTimeout as sleep} from 'node:timers/promises';
import {CHROMIUM_ARGS, CHROMIUM_PATH} from '../playwright.config';
import {freePort as freePortIn} from '../scripts/free-port';

export {CHROMIUM_PATH};
export const ROOT = path.resolve(__dirname, '..');
export const HOST = '127.0.0.1';
export const NOT_FOUND_PATH = '/this-page-does-not-exist';
/** Every host name resolves to nothing: a page reaches only the loopback server under test. */
export const BROWSER_ARGS = [
  ...CHROMIUM_ARGS,
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];
/** Playwright's phone (tests/e2e). */
export const PHONE = {
  viewport: {width: 390, height: 844},
  isMobile: true,
  hasTouch: true,
  deviceScaleFactor: 2,
};

const startedAt = Date.now();
export const log = (message: string): void => {
  process.stderr.write(`[bench ${Math.round((Date.now() - startedAt) / 1000)} s] ${message}\n`);
};

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  if (sorted.length % 2 === 1) return sorted[middle] ?? NaN;
  return ((sorted[middle - 1] ?? NaN) + (sorted[middle] ?? NaN)) / 2;
}

export const sum = (values: readonly number[]): number => values.reduce((a, b) => a + b, 0);

export async function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: over ${ms / 1000} s`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Process groups this command started (each child leads its own, `detached`): whichever way the
 * command ends (success, failure, Ctrl-C), every group still here is killed on exit.
 */
export const groups = new Set<number>();
const killGroup = (pgid: number, signal: NodeJS.Signals): void => {
  try {
    process.kill(-pgid, signal);
  } catch {
    // already gone
  }
};
export const killAll = (): void => groups.forEach((pgid) => killGroup(pgid, 'SIGKILL'));
process.on('exit', killAll);

export interface Child {
  pid: number;
  exited: Promise<number | null>;
  /** SIGTERM to the group; SIGKILL to whatever is left after 5 s. */
  stop(): Promise<void>;
}

export function start(command: string, args: string[], logFile: string, env = {}): Child {
  const out = openSync(logFile, 'a');
  const child = spawn(command, args, {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', out, out],
    env: {...process.env, NO_UPDATE_NOTIFIER: '1', ...env},
  });
  closeSync(out);
  const pid = child.pid;
  if (pid === undefined) throw new Error(`could not start ${command}`);
  groups.add(pid);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', resolve).once('error', () => resolve(null));
  });
  const stop = async (): Promise<void> => {
    killGroup(pid, 'SIGTERM');
    await Promise.race([exited, sleep(5_000)]);
    killGroup(pid, 'SIGKILL');
    groups.delete(pid);
  };
  return {pid, exited, stop};
}

/** Resident memory (bytes) and CPU time (s) of a process group, summed from /proc. */
export async function groupStats(pgid: number): Promise<{rssBytes: number; cpuSeconds: number}> {
  const stats = {rssBytes: 0, cpuSeconds: 0};
  for (const pid of (await readdir('/proc')).filter((name) => /^\d+$/.test(name))) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    // Fields after the command's closing parenthesis, from the state (field 3) on.
    const fields = stat
      .slice(stat.lastIndexOf(')') + 2)
      .split(' ')
      .map(Number);
    if (fields[2] !== pgid) continue;
    stats.cpuSeconds += ((fields[11] ?? 0) + (fields[12] ?? 0)) / 100;
    stats.rssBytes += (fields[21] ?? 0) * 4096;
  }
  return stats;
}

/** A free loopback port of 4300–4399 for the bench's servers. */
export function freePort(): Promise<number> {
  return freePortIn({first: 4300, last: 4399});
}

/** Waits until `url` answers, failing if `child` exits first or 60 s pass. */
export async function waitForHttp(url: string, child: Child): Promise<void> {
  const exited = child.exited.then(() => 'exited' as const);
  for (const end = Date.now() + 60_000; Date.now() < end;) {
    const answer = fetch(url).then(
      (response) => response.ok,
      () => false,
    );
    const first = await Promise.race([answer, exited]);
    if (first === true || (first === 'exited' && (await answer))) return;
    if (first === 'exited') throw new Error(`the server for ${url} exited`);
    await sleep(200);
  }
  throw new Error(`${url} did not answer within 60 s`);
}
