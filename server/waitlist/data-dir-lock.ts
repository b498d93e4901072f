/**
 * One process per PGlite data directory. PGlite guards nothing itself: two processes on one
 * directory both accept writes, hand out the same ids, and one's rows are lost when the other
 * writes its files. So whoever opens a directory (the server, the seed script, the tests'
 * helpers) first creates `waitlist.lock` in it, naming itself, and a second one is refused.
 * A lock whose process is gone (killed, crashed) is taken over, as PostgreSQL does with
 * `postmaster.pid`; like PostgreSQL, two processes that find one stale lock at the same instant
 * could both take it.
 */
import {readFileSync} from 'node:fs';
import {readFile, rm, writeFile} from 'node:fs/promises';
import {hostname} from 'node:os';
import path from 'node:path';

const LOCK_FILE = 'waitlist.lock';
/** Lock files this process holds: its own process id in one is no sign of a crash. */
const heldHere = new Set<string>();

interface Holder {
  pid: number;
  host: string;
  command: string;
  since: string;
}

/**
 * A killed server whose parent died with it stays a zombie until the init process collects it,
 * which in some containers is never: it has exited and holds nothing (Linux's /proc says so).
 */
function isZombie(pid: number): boolean {
  try {
    return /^\d+ \(.*\) Z/s.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/** Whether the process a lock names may still hold the directory. */
function mayStillHold(file: string, holder: Holder): boolean {
  // On another machine (a shared volume) it cannot be told: it may.
  if (holder.host !== hostname()) return true;
  if (holder.pid === process.pid) return heldHere.has(file);
  // After a crash and restart, the parent process may have the holder's old id.
  if (holder.pid === process.ppid) return false;
  try {
    process.kill(holder.pid, 0);
    return !isZombie(holder.pid);
  } catch (error) {
    // EPERM: it runs, as another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readHolder(file: string): Promise<Holder | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Holder;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new Error(
      `${file} is not a lock this server wrote: if no server uses the directory, delete it`,
    );
  }
}

function inUse(dataDir: string, file: string, holder: Holder): Error {
  return new Error(
    `The waitlist data directory ${dataDir} is in use by process ${holder.pid} on ` +
      `${holder.host} (${holder.command}, since ${holder.since}). PGlite allows one process per ` +
      `directory: stop that process first. If it is not running, delete ${file}.`,
  );
}

/** Takes the directory for this process; resolves with the function that gives it back. */
export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  const file = path.join(dataDir, LOCK_FILE);
  const self: Holder = {
    pid: process.pid,
    host: hostname(),
    command: process.argv.slice(1).join(' '),
    since: new Date().toISOString(),
  };
  for (let attempt = 1; attempt <= 2; attempt += 1) {
    try {
      await writeFile(file, `${JSON.stringify(self)}\n`, {flag: 'wx'});
      heldHere.add(file);
      return async () => {
        heldHere.delete(file);
        await rm(file, {force: true});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(file);
    if (holder && (attempt > 1 || mayStillHold(file, holder))) throw inUse(dataDir, file, holder);
    // A stale lock is removed, and one just given back is gone: one more try.
    if (holder) await rm(file, {force: true});
  }
  throw new Error(`Could not lock ${dataDir}: another process takes and gives back ${file}`);
}
