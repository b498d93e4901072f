/**
 * Starts and stops the real server (server/serve.ts under tsx) as a child process, the way
 * `npm start` runs it, and reads its address from Fastify's log. Test files start it through
 * servers.ts, which stops what they started.
 */
import {execFile} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {cp, mkdir, mkdtemp, rename, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {spawnGroup} from '../process-group';
import {tsxArgs} from '../tsx';
import {LOCAL_ANON_KEY, WAITLIST_TABLE} from '../../contracts/waitlist';
import type {AnonOutcome} from './anon-sql';

const PROJECT_ROOT = path.resolve(__dirname, '../..');
const runFile = promisify(execFile);
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 20_000;

/** Where a server keeps the waitlist: environment for serve.ts, and how to clean it up. */
export interface Storage {
  env: Readonly<Record<string, string>>;
  dispose(): Promise<void>;
}

/** PGlite's initdb output for its installed version, shared by every test file of every run. */
const INITDB_DIR = path.join(
  PROJECT_ROOT,
  '.cache/pglite-initdb',
  (
    JSON.parse(
      readFileSync(
        path.join(PROJECT_ROOT, 'node_modules/@electric-sql/pglite/package.json'),
        'utf8',
      ),
    ) as {version: string}
  ).version,
);

/**
 * A data directory as PGlite's initdb leaves it, made once: initdb costs 2 s of CPU, a copy a
 * tenth of that. Made aside and renamed into place, so a copy never meets a half-made one.
 */
async function initdbDirectory(): Promise<string> {
  if (existsSync(INITDB_DIR)) return INITDB_DIR;
  await mkdir(path.dirname(INITDB_DIR), {recursive: true});
  const making = await mkdtemp(`${INITDB_DIR}.making-`);
  try {
    await runFile(process.execPath, tsxArgs('tests/integration/pglite-initdb.ts', [making]), {
      cwd: PROJECT_ROOT,
    });
    // Another worker may have renamed its own into place first: then it is used.
    await rename(making, INITDB_DIR).catch((error: unknown) => {
      if (!existsSync(INITDB_DIR)) throw error;
    });
  } finally {
    await rm(making, {recursive: true, force: true});
  }
  return INITDB_DIR;
}

/**
 * A new PGlite data directory: a copy of initdb's output, on which the server applies the
 * migrations as on any first start, or with `empty`, none, for the server to create it.
 */
export async function createPgliteStorage({empty = false} = {}): Promise<Storage> {
  const parent = await mkdtemp(path.join(tmpdir(), 'waitlist-pglite-'));
  const dataDir = path.join(parent, 'data');
  if (!empty) await cp(await initdbDirectory(), dataDir, {recursive: true});
  return {
    env: {DATA_DIR: dataDir},
    dispose: () => rm(parent, {recursive: true, force: true}),
  };
}

export interface ServerProcess {
  /** The Supabase URL to give createClient (the REST API is under /rest/v1). */
  readonly url: string;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
  /**
   * The output from offset `from` on, once `pattern` matches it (log lines are written just after
   * a response), or once the process has exited.
   */
  outputMatching(pattern: RegExp, from?: number): Promise<string>;
  /** SIGTERM, then waits until the process and its children have exited. */
  stop(): Promise<void>;
  /** SIGKILL to the whole process group, as a crash or a power cut would end it. */
  kill(): Promise<void>;
}

export interface StartOptions {
  storage: Storage;
  /** WAITLIST_WRITES_PER_MINUTE; 0 lifts the limit (the default here). */
  writesPerMinute?: number;
  /** WAITLIST_READS_PER_MINUTE; 0 lifts the limit (the default here). */
  readsPerMinute?: number;
  /** A production build to serve as well; without it, the REST stand-in alone. */
  buildDir?: string;
  /** Where to listen; by default a port the system picks. */
  port?: number;
  /** More environment for serve.ts (time limits, the connection cap, TRUST_PROXY). */
  env?: Readonly<Record<string, string>>;
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const group = spawnGroup(process.execPath, tsxArgs('server/serve.ts'), {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      SERVE_BUILD: options.buildDir ? 'true' : 'false',
      BUILD_DIR: options.buildDir ?? '',
      HOST: '127.0.0.1',
      PORT: String(options.port ?? 0),
      DATA_DIR: '',
      DATABASE_URL: '',
      WAITLIST_WRITES_PER_MINUTE: String(options.writesPerMinute ?? 0),
      WAITLIST_READS_PER_MINUTE: String(options.readsPerMinute ?? 0),
      // A test is one address that may open more connections at once than a visitor holds
      // (50 sign-ups in a race): the cap is lifted unless a test sets it, as the limits above.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      ...options.storage.env,
      ...options.env,
    },
  });
  const {output} = group;

  let stopping = false;
  const stop = async (): Promise<void> => {
    stopping = true;
    if (await group.stop(STOP_TIMEOUT_MS)) {
      throw new Error(`The server did not stop within ${STOP_TIMEOUT_MS} ms:\n${output()}`);
    }
  };

  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      reject(new Error(`The server did not start within ${START_TIMEOUT_MS} ms:\n${output()}`));
    }, START_TIMEOUT_MS);
    const stopListening = group.onOutput(() => {
      const match = /Server listening at (http:\/\/[^\s"]+)/.exec(output());
      if (match?.[1]) {
        clearTimeout(timer);
        stopListening();
        resolve(match[1]);
      }
    });
    void group.closed.then(() => {
      clearTimeout(timer);
      reject(
        new Error(`The server exited before listening (code ${group.exitCode()}):\n${output()}`),
      );
    });
  }).catch(async (error: unknown) => {
    await stop().catch(() => undefined);
    throw error;
  });

  void group.closed.then(() => {
    // Shown in the test output: every later failure against this server follows from it.
    if (!stopping) {
      const how = group.signalCode() ?? `code ${group.exitCode()}`;
      console.error(`The server at ${url} exited unexpectedly (${how}):\n${output()}`);
    }
  });
  const kill = async (): Promise<void> => {
    stopping = true;
    group.signal('SIGKILL');
    await group.closed;
  };
  /** Resolves as the line arrives; if the process exits first, with what it printed. */
  const outputMatching = (pattern: RegExp, from = 0): Promise<string> =>
    new Promise((resolve) => {
      const since = () => output().slice(from);
      if (pattern.test(since())) {
        resolve(since());
        return;
      }
      const stopListening = group.onOutput(() => {
        if (!pattern.test(since())) return;
        stopListening();
        resolve(since());
      });
      void group.closed.then(() => resolve(since()));
    });
  return {url, output, outputMatching, stop, kill};
}

/** `count` generated rows in one statement, before a server opens the storage. */
export async function seedRows(storage: Storage, count: number): Promise<void> {
  await runFile(process.execPath, tsxArgs('scripts/seed-waitlist.ts', [String(count)]), {
    cwd: PROJECT_ROOT,
    env: {...process.env, DATA_DIR: '', DATABASE_URL: '', ...storage.env},
  });
}

/** Each statement as the anon role, straight to the database (no server may hold PGlite's). */
export async function runAsAnon(
  storage: Storage,
  statements: readonly string[],
): Promise<AnonOutcome[]> {
  const child = runFile(process.execPath, tsxArgs('tests/integration/anon-sql.ts'), {
    cwd: PROJECT_ROOT,
    env: {...process.env, DATA_DIR: '', DATABASE_URL: '', ...storage.env},
  });
  child.child.stdin?.end(JSON.stringify(statements));
  const {stdout} = await child;
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as AnonOutcome[];
}

/** The headers the site's form sends, with the local stand-in's key. */
export const ANON_HEADERS = {
  apikey: LOCAL_ANON_KEY,
  authorization: `Bearer ${LOCAL_ANON_KEY}`,
  'content-type': 'application/json',
};

/** The form's sign-up call: its status and body. */
export async function signUp(
  server: ServerProcess,
  email: string,
): Promise<{status: number; text: string}> {
  const response = await fetch(`${server.url}/rest/v1/${WAITLIST_TABLE}?select=id`, {
    method: 'POST',
    headers: {...ANON_HEADERS, prefer: 'return=representation'},
    body: JSON.stringify({email}),
  });
  return {status: response.status, text: await response.text()};
}

/** The form's connection test: how many addresses the table holds. */
export async function countRows(server: ServerProcess): Promise<number> {
  const response = await fetch(`${server.url}/rest/v1/${WAITLIST_TABLE}?select=id&limit=1`, {
    method: 'HEAD',
    headers: {...ANON_HEADERS, prefer: 'count=exact'},
  });
  if (![200, 206].includes(response.status)) throw new Error(`HEAD answered ${response.status}`);
  return Number(response.headers.get('content-range')?.split('/')[1]);
}
