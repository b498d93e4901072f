/**
 * The waitlist's database: PGlite (embedded Postgres, persisted in a data directory) by default,
 * or a PostgreSQL server when a connection URL is given. On open it creates Supabase's API roles
 * when missing and applies `supabase/migrations/*.sql` once each, so the local stand-in runs the
 * very SQL that production runs.
 */
import {mkdir, readdir, readFile} from 'node:fs/promises';
import path from 'node:path';
import {PGlite} from '@electric-sql/pglite';
import pg from 'pg';
import {lockDataDir} from './data-dir-lock';

export interface WaitlistDatabaseOptions {
  /** Where PGlite keeps its files; created if missing. Ignored when `databaseUrl` is set. */
  dataDir?: string;
  /** A PostgreSQL connection URL; wins over `dataDir`. */
  databaseUrl?: string;
  /** Defaults to the project's `supabase/migrations`. */
  migrationsDir?: string;
}

type SqlRow = Record<string, unknown>;
/** Statement parameters: text (Postgres infers the type from the statement) or SQL null. */
export type SqlParameter = string | null;

export interface SqlSession {
  query<Row extends SqlRow = SqlRow>(
    text: string,
    params?: readonly SqlParameter[],
  ): Promise<Row[]>;
}

export interface WaitlistDatabase {
  /**
   * Runs `work` in one transaction as role `anon` with the JWT claims PostgREST would set, so
   * grants and row level security decide; commits when it resolves, rolls back when it throws.
   */
  asAnon<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  /** Runs `work` in one transaction as the table's owner: for scripts (seeding), never requests. */
  asOwner<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/**
 * The database cannot be reached, or the connection a request was using broke (the server ended
 * it, or went away). The connection is discarded; the next request gets a fresh one.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(
      `The waitlist database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`,
      {cause},
    );
  }
}

interface OwnerSession extends SqlSession {
  /** Runs a script of several statements (a migration file). */
  exec(script: string): Promise<void>;
}

type TransactionRunner = <T>(work: (session: OwnerSession) => Promise<T>) => Promise<T>;

const DEFAULT_MIGRATIONS_DIR = path.resolve(__dirname, '../../supabase/migrations');
const ANON_CLAIMS = JSON.stringify({role: 'anon'});
/** Any constant: serializes migrations of several servers starting on one database. */
const MIGRATION_LOCK_KEY = '7432001';

/** Supabase's API roles, as its images create them (`service_role` bypasses RLS, nothing else). */
export const CREATE_SUPABASE_ROLES = `
do $$ begin
  if not exists (select from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit; end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit; end if;
  if not exists (select from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls; end if;
end $$`;

/** PostgreSQL's "permission denied" (42501) on the roles names no remedy: this does. */
const ROLES_REMEDY =
  'the account in DATABASE_URL must be a superuser, or a superuser must first create the roles ' +
  'anon, authenticated and service_role and grant anon to it (docs/deploying.md, "The waitlist")';

/** The Supabase CLI's own bookkeeping table, so a database it migrated is recognised. */
const CREATE_MIGRATIONS_TABLE = `
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations
  (version text not null primary key, statements text[], name text);`;

interface MigrationFile {
  version: string;
  name: string;
  file: string;
}

async function listMigrations(directory: string): Promise<MigrationFile[]> {
  const files = (await readdir(directory)).filter((file) => file.endsWith('.sql')).sort();
  return files.map((file) => {
    const match = /^(\d+)_(.+)\.sql$/.exec(file);
    if (!match?.[1] || !match[2]) {
      throw new Error(
        `${path.join(directory, file)}: a migration must be named <timestamp>_<name>.sql ` +
          '(the Supabase CLI skips any other name)',
      );
    }
    return {version: match[1], name: match[2], file: path.join(directory, file)};
  });
}

async function prepareDatabase(
  runAsOwner: TransactionRunner,
  migrationsDir: string,
): Promise<void> {
  const migrations = await listMigrations(migrationsDir);
  await runAsOwner(async (session) => {
    await session.query('select pg_catalog.pg_advisory_xact_lock($1::bigint)', [
      MIGRATION_LOCK_KEY,
    ]);
    await session.exec(CREATE_SUPABASE_ROLES);
    await session.exec(CREATE_MIGRATIONS_TABLE);
  });
  for (const migration of migrations) {
    const script = await readFile(migration.file, 'utf8');
    await runAsOwner(async (session) => {
      await session.query('select pg_catalog.pg_advisory_xact_lock($1::bigint)', [
        MIGRATION_LOCK_KEY,
      ]);
      const applied = await session.query(
        'select 1 from supabase_migrations.schema_migrations where version = $1',
        [migration.version],
      );
      if (applied.length > 0) return;
      try {
        await session.exec(script);
      } catch (error) {
        if (error instanceof Error) error.message = `${migration.file}: ${error.message}`;
        throw error;
      }
      await session.query(
        'insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)',
        [migration.version, migration.name],
      );
    });
  }
}

function createDatabase(
  runAsOwner: TransactionRunner,
  closeConnection: () => Promise<void>,
): WaitlistDatabase {
  return {
    asAnon: (work) =>
      runAsOwner(async (session) => {
        await session.query('set local role anon');
        await session.query("select pg_catalog.set_config('request.jwt.claims', $1, true)", [
          ANON_CLAIMS,
        ]);
        return work({query: (text, params) => session.query(text, params)});
      }),
    asOwner: (work) =>
      runAsOwner((session) => work({query: (text, params) => session.query(text, params)})),
    close: closeConnection,
  };
}

// PGlite has one connection, so transactions queue; it runs on this event loop, where a promise
// chain never lets network events in: each waits for setImmediate, so pages get served between.
class SerialQueue {
  #tail: Promise<void> = Promise.resolve();

  run<T>(task: () => Promise<T>): Promise<T> {
    const result = this.#tail
      .then(() => new Promise((resolve) => setImmediate(resolve)))
      .then(task);
    this.#tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}

/** What both drivers' query() has in common: the rows of one statement. */
interface Queryable {
  query(text: string, params: SqlParameter[]): Promise<{rows: SqlRow[]}>;
}

/**
 * A session over either driver. `exec` runs a multi-statement script: PGlite has its own method;
 * node-postgres runs one through query() without parameters (the simple protocol).
 */
function ownerSession(client: Queryable, exec: (script: string) => Promise<unknown>): OwnerSession {
  return {
    async query<Row extends SqlRow>(text: string, params: readonly SqlParameter[] = []) {
      // The statement decides the rows' shape; the caller names it, as the drivers let it.
      return (await client.query(text, [...params])).rows as Row[];
    },
    async exec(script) {
      await exec(script);
    },
  };
}

async function openPglite(
  dataDir: string,
): Promise<{run: TransactionRunner; close: () => Promise<void>}> {
  await mkdir(dataDir, {recursive: true});
  const unlock = await lockDataDir(dataDir);
  const db = await PGlite.create(dataDir).catch(async (error: unknown) => {
    await unlock();
    throw error;
  });
  const queue = new SerialQueue();
  const run: TransactionRunner = (work) =>
    queue.run(() => db.transaction((tx) => work(ownerSession(tx, (script) => tx.exec(script)))));
  return {run, close: () => queue.run(() => db.close()).finally(unlock)};
}

/**
 * Errors with which PostgreSQL ends the session itself: a connection exception (08), an
 * administrator's pg_terminate_backend (57P01), a crash of another backend (57P02), a server not
 * yet accepting connections (57P03).
 */
function endsTheSession(error: unknown): boolean {
  const {code} = error as {code?: unknown};
  return typeof code === 'string' && /^(08|57P0[123])/.test(code);
}

function openPostgres(databaseUrl: string): {run: TransactionRunner; close: () => Promise<void>} {
  // A server out of reach answers in seconds, not after the system's TCP timeout.
  const pool = new pg.Pool({
    connectionString: databaseUrl,
    max: 10,
    connectionTimeoutMillis: 5_000,
  });
  // A client whose connection breaks emits 'error', and an 'error' event nobody listens to ends
  // the process. The pool listens while a client is idle (and re-emits it, below); this listener
  // covers a client a request is using, and marks it so that it is discarded, not reused.
  const broken = new WeakSet<pg.Client>();
  pool.on('connect', (client) => {
    client.on('error', () => broken.add(client));
  });
  pool.on('error', (error) => {
    console.error(`waitlist database: an idle connection broke and is discarded: ${error.message}`);
  });
  const run: TransactionRunner = async (work) => {
    const client = await pool.connect().catch((error: unknown) => {
      throw new DatabaseUnavailableError(error);
    });
    try {
      await client.query('begin');
      const result = await work(ownerSession(client, (script) => client.query(script)));
      await client.query('commit');
      client.release();
      return result;
    } catch (error) {
      const lost =
        broken.has(client) ||
        endsTheSession(error) ||
        (await client.query('rollback').then(
          () => false,
          () => true,
        ));
      // release(true) closes the connection rather than returning it to the pool.
      client.release(lost);
      throw lost ? new DatabaseUnavailableError(error) : error;
    }
  };
  return {run, close: () => pool.end()};
}

export async function openWaitlistDatabase(
  options: WaitlistDatabaseOptions,
): Promise<WaitlistDatabase> {
  let connection: {run: TransactionRunner; close: () => Promise<void>};
  if (options.databaseUrl) {
    connection = openPostgres(options.databaseUrl);
  } else if (options.dataDir) {
    connection = await openPglite(options.dataDir);
  } else {
    throw new Error('The waitlist database needs a data directory or a PostgreSQL URL');
  }
  const database = createDatabase(connection.run, connection.close);
  try {
    await prepareDatabase(connection.run, options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
    // Fails now, not on the first visitor, when the connecting role cannot become anon.
    await database.asAnon((session) => session.query('select 1'));
  } catch (error) {
    await connection.close().catch(() => undefined);
    if (error instanceof Error && (error as {code?: unknown}).code === '42501') {
      error.message = `${error.message}: ${ROLES_REMEDY}`;
    }
    throw error;
  }
  return database;
}
