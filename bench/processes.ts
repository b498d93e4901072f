/**
 * Child processes the benchmark starts, each the leader of its own process group, so that it and
 * everything it spawned can be stopped together; and the cleanup that runs on every exit path.
 */
import {spawn} from 'node:child_process';
import {closeSync, openSync} from 'node:fs';
import {readdir, readFile} from 'node:fs/promises';
import {createServer} from 'node:net';
import {setTimeout as sleep} from 'node:timers/promises';

export interface ManagedProcess {
  readonly name: string;
  readonly pid: number;
  readonly logFile: string;
  /** Settles with the exit code (or `null` after a signal) once the group leader has exited. */
  readonly exited: Promise<number | null>;
  /** SIGTERM to the whole group, SIGKILL after a grace period; safe to call twice. */
  stop(): Promise<void>;
}

export interface StartOptions {
  cwd: string;
  env?: Record<string, string>;
  /** stdout and stderr are appended to this file. */
  logFile: string;
}

type Cleanup = () => Promise<void>;

const cleanups: Cleanup[] = [];
/** Process groups still to kill if the benchmark exits before its cleanups ran. */
const liveGroups = new Set<number>();

/** Set once cleanups begin: from then on nothing new may be started. */
let shuttingDown = false;

/** Throws once the benchmark is stopping, so that no process is started after its cleanup ran. */
export function assertRunning(what: string): void {
  if (shuttingDown) throw new Error(`stopping: ${what} not started`);
}

/** Registers a cleanup; cleanups run last-in first-out by {@link runCleanups}. */
export function onCleanup(cleanup: Cleanup): () => void {
  cleanups.push(cleanup);
  return () => {
    const index = cleanups.indexOf(cleanup);
    if (index >= 0) cleanups.splice(index, 1);
  };
}

let cleaning: Promise<void> | undefined;

/**
 * Runs every registered cleanup once, newest first, each bounded by `timeoutMs`. Every caller
 * (the normal end, a failure, a signal, the time limit) waits for the same single pass.
 */
export function runCleanups(timeoutMs = 15_000): Promise<void> {
  shuttingDown = true;
  cleaning ??= (async () => {
    while (cleanups.length > 0) {
      const cleanup = cleanups.pop();
      if (!cleanup) break;
      try {
        await Promise.race([cleanup(), sleep(timeoutMs)]);
      } catch (error: unknown) {
        console.error('bench: a cleanup failed:', error);
      }
    }
    killLiveGroupsNow();
  })();
  return cleaning;
}

/** Last resort, synchronous (for `process.on('exit')`): SIGKILL every group still known. */
export function killLiveGroupsNow(): void {
  for (const pgid of liveGroups) {
    signalGroup(pgid, 'SIGKILL');
    liveGroups.delete(pgid);
  }
}

/** Tracks a process group started elsewhere (e.g. Chrome by chrome-launcher) for the last resort. */
export function trackGroup(pgid: number): () => void {
  liveGroups.add(pgid);
  return () => liveGroups.delete(pgid);
}

function signalGroup(pgid: number, signal: NodeJS.Signals | 0): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // ESRCH: the group has no process left.
  }
}

/** Waits until no process of group `pgid` is left; `false` if some still are after `timeoutMs`. */
export async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!signalGroup(pgid, 0)) return true;
    await sleep(100);
  }
  return !signalGroup(pgid, 0);
}

/** Starts `command` as the leader of a new process group, output appended to a log file. */
export function startProcess(
  name: string,
  command: string,
  args: readonly string[],
  options: StartOptions,
): ManagedProcess {
  assertRunning(name);
  const out = openSync(options.logFile, 'a');
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: {...process.env, ...options.env},
    detached: true,
    stdio: ['ignore', out, out],
  });
  closeSync(out);
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => resolve(code));
    child.once('error', (error) => {
      console.error(`bench: could not start ${name}:`, error.message);
      resolve(-1);
    });
  });
  const pid = child.pid;
  if (pid === undefined) {
    throw new Error(`could not start ${name} (${command}); see ${options.logFile}`);
  }
  liveGroups.add(pid);
  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      if (signalGroup(pid, 'SIGTERM') && !(await waitForGroupExit(pid, 5_000))) {
        signalGroup(pid, 'SIGKILL');
        await waitForGroupExit(pid, 2_000);
      }
      liveGroups.delete(pid);
    })();
    return stopping;
  };
  void exited.then(() => {
    // The leader is gone; anything left in its group is an orphan of ours.
    if (!signalGroup(pid, 0)) liveGroups.delete(pid);
  });
  onCleanup(stop);
  return {name, pid, logFile: options.logFile, exited, stop};
}

/** Polls `url` until it answers with a status below 500, or fails after `timeoutMs`. */
export async function waitForHttp(
  url: string,
  timeoutMs: number,
  owner?: ManagedProcess,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void owner?.exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      const name = owner?.name ?? url;
      throw new Error(
        `${name} exited (${String(exitCode)}) before answering; see ${owner?.logFile ?? 'its log'}`,
      );
    }
    try {
      const response = await fetch(url, {signal: AbortSignal.timeout(2_000)});
      await response.arrayBuffer();
      if (response.status < 500) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}

const PAGE_SIZE = 4096;
/** Clock ticks per second of /proc's CPU times (`getconf CLK_TCK`, 100 on Linux). */
const CLOCK_TICKS = 100;

export interface GroupStats {
  /** Resident memory summed over the group's processes. */
  rssBytes: number;
  /** User + system CPU time used so far by the group's live processes. */
  cpuSeconds: number;
}

/** Memory and CPU of every process in process group `pgid`, from /proc (Linux). */
export async function groupStats(pgid: number): Promise<GroupStats> {
  const stats: GroupStats = {rssBytes: 0, cpuSeconds: 0};
  const entries = await readdir('/proc');
  await Promise.all(
    entries
      .filter((entry) => /^\d+$/.test(entry))
      .map(async (pid) => {
        try {
          const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
          // Fields after the command name: state ppid pgrp … utime(11) stime(12) (see proc(5)).
          const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
          if (Number(fields[2]) !== pgid) return;
          stats.cpuSeconds += (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
          const statm = await readFile(`/proc/${pid}/statm`, 'utf8');
          stats.rssBytes += Number(statm.split(' ')[1]) * PAGE_SIZE;
        } catch {
          // The process ended between listing and reading.
        }
      }),
  );
  return stats;
}

async function isPortFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({port, host: '127.0.0.1', exclusive: true}, () => {
      server.close(() => resolve(true));
    });
  });
}

const claimedPorts = new Set<number>();

/** A free loopback port in [from, to], never handed out twice by this process. */
export async function freePort(from: number, to: number): Promise<number> {
  for (let port = from; port <= to; port += 1) {
    if (claimedPorts.has(port)) continue;
    if (await isPortFree(port)) {
      claimedPorts.add(port);
      return port;
    }
  }
  throw new Error(`no free port in ${from}–${to}`);
}
