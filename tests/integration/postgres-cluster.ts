/**
 * A throwaway PostgreSQL cluster for the tests, run from Debian's binaries in a fresh temporary
 * directory: 127.0.0.1 only, a free port, trust authentication. Postgres refuses to run as root,
 * so when the tests run as root the cluster runs as the `postgres` OS user.
 */
import {execFile} from 'node:child_process';
import {chown, mkdtemp, readFile, rm} from 'node:fs/promises';
import {existsSync, readdirSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import pg from 'pg';
import {freePort} from '../../scripts/free-port';
import {createPgliteStorage, type Storage} from './server-process';

const run = promisify(execFile);
const DEBIAN_POSTGRES_DIR = '/usr/lib/postgresql';

export interface PostgresCluster {
  /** A new, empty database in the cluster, as server storage (DATABASE_URL). */
  createDatabase(name?: string): Promise<Storage>;
  /** Stops PostgreSQL at once, as a crash would, keeping its data for start(). */
  kill(): Promise<void>;
  /** Starts PostgreSQL again after kill(). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** What PostgreSQL has written to its server log so far. */
  log(): Promise<string>;
}

export interface PostgresClusterOptions {
  /** Server settings (`-c name=value`), e.g. a library to preload. */
  settings?: Readonly<Record<string, string>>;
}

/** The newest PostgreSQL installed from Debian, the one the cluster runs, if any. */
function newestVersion(): string | undefined {
  if (!existsSync(DEBIAN_POSTGRES_DIR)) return undefined;
  return readdirSync(DEBIAN_POSTGRES_DIR)
    .filter((version) => existsSync(path.join(DEBIAN_POSTGRES_DIR, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))[0];
}

/** Whether the cluster's PostgreSQL has extension `name` installed (e.g. postgresql-15-cron). */
function hasExtension(name: string): boolean {
  const version = newestVersion();
  return (
    version !== undefined &&
    existsSync(path.join('/usr/share/postgresql', version, 'extension', `${name}.control`))
  );
}

function findBinaries(): string {
  const newest = newestVersion();
  if (newest === undefined) {
    throw new Error(
      `PostgreSQL is not installed (no ${DEBIAN_POSTGRES_DIR}/<version>/bin/pg_ctl). ` +
        'Install it with `apt-get install -y postgresql`; the tests start their own throwaway ' +
        'cluster, so the Debian service need not run.',
    );
  }
  return path.join(DEBIAN_POSTGRES_DIR, newest, 'bin');
}

async function idOf(user: string, flag: '-u' | '-g'): Promise<number> {
  const {stdout} = await run('id', [flag, user]);
  return Number(stdout.trim());
}

export async function startPostgresCluster(
  options: PostgresClusterOptions = {},
): Promise<PostgresCluster> {
  const bin = findBinaries();
  const asRoot = process.getuid?.() === 0;
  const root = await mkdtemp(path.join(tmpdir(), 'waitlist-postgres-'));
  if (asRoot) await chown(root, await idOf('postgres', '-u'), await idOf('postgres', '-g'));
  const dataDir = path.join(root, 'data');
  const logFile = path.join(root, 'postgres.log');
  const port = await freePort();

  const runPostgresTool = async (tool: string, args: readonly string[]): Promise<void> => {
    const command = path.join(bin, tool);
    try {
      if (asRoot) await run('runuser', ['-u', 'postgres', '--', command, ...args], {cwd: root});
      else await run(command, [...args], {cwd: root});
    } catch (error) {
      const {stderr = '', stdout = ''} = error as {stderr?: string; stdout?: string};
      throw new Error(`${tool} ${args.join(' ')} failed:\n${stdout}${stderr}`);
    }
  };

  await runPostgresTool('initdb', [
    '-D',
    dataDir,
    '-U',
    'postgres',
    '--auth=trust',
    '--encoding=UTF8',
    '--no-locale',
    '--no-sync',
  ]);
  const serverOptions = [
    `-p ${port}`,
    `-k ${root}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    ...Object.entries(options.settings ?? {}).map(([name, value]) => `-c ${name}=${value}`),
  ].join(' ');
  const start = () =>
    runPostgresTool('pg_ctl', ['-D', dataDir, '-l', logFile, '-o', serverOptions, '-w', 'start']);
  const kill = () => runPostgresTool('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
  await start();

  const adminUrl = `postgres://postgres@127.0.0.1:${port}/postgres`;
  let databases = 0;

  return {
    async createDatabase(name = `waitlist_test_${databases + 1}`) {
      databases += 1;
      const admin = new pg.Client({connectionString: adminUrl});
      await admin.connect();
      try {
        await admin.query(`create database ${name}`);
      } finally {
        await admin.end();
      }
      return {
        env: {DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/${name}`},
        // The whole cluster is removed by stop().
        dispose: () => Promise.resolve(),
      };
    },
    kill,
    start,
    log: () => readFile(logFile, 'utf8'),
    async stop() {
      try {
        await kill();
      } finally {
        await rm(root, {recursive: true, force: true});
      }
    },
  };
}

/** Where a suite keeps its data: the embedded PGlite, or databases on a throwaway server. */
export interface StorageBackend {
  name: string;
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
  /** Fresh, empty storage for one server (and its restarts). */
  createStorage(): Promise<Storage>;
}

export const PGLITE_BACKEND: StorageBackend = {
  name: 'embedded PGlite',
  setUp: () => Promise.resolve(),
  tearDown: () => Promise.resolve(),
  createStorage: createPgliteStorage,
};

/** A PostgreSQL cluster started by `setUp`, with a new database per `createStorage`. */
export function postgresBackend(name: string): StorageBackend {
  let cluster: PostgresCluster | undefined;
  return {
    name,
    setUp: async () => {
      cluster = await startPostgresCluster();
    },
    tearDown: async () => {
      await cluster?.stop();
      cluster = undefined;
    },
    createStorage: async () => {
      if (!cluster) throw new Error('The PostgreSQL cluster is not running');
      return cluster.createDatabase();
    },
  };
}

/**
 * Tests on a throwaway cluster with pg_cron preloaded, hosted Supabase's case, whose database
 * `database` is pg_cron's. Where Debian's postgresql-<version>-cron is missing they are skipped,
 * and the block's name says why (npm test installs it).
 */
export function describeWithPgCron(
  title: string,
  database: string,
  tests: (storage: () => Storage) => void,
): void {
  const available = hasExtension('pg_cron');
  (available ? describe : describe.skip)(
    available
      ? `${title} on a PostgreSQL server with pg_cron`
      : `${title} with pg_cron: SKIPPED, pg_cron is not installed (apt-get install postgresql-15-cron)`,
    () => {
      let cluster: PostgresCluster | undefined;
      let storage: Storage | undefined;
      beforeAll(async () => {
        cluster = await startPostgresCluster({
          settings: {shared_preload_libraries: 'pg_cron', 'cron.database_name': database},
        });
        storage = await cluster.createDatabase(database);
      }, 60_000);
      afterAll(async () => {
        await cluster?.stop();
      });
      tests(() => {
        if (!storage) throw new Error('The pg_cron cluster did not start');
        return storage;
      });
    },
  );
}
