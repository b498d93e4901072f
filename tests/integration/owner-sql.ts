/**
 * Applies the migrations to the database in DATA_DIR or DATABASE_URL as the server does (from
 * MIGRATIONS_DIR when set, to stop at an older version), then runs transactions on one owner
 * connection and prints one JSON line: per transaction, per step, the rows of its last statement
 * or its error. Transactions are read from standard input as JSON: transactions, each a list of
 * steps, each a list of statements.
 *
 * Each step runs in a savepoint, so a failing step (a refused sign-up) leaves its transaction
 * going, and the role is reset after it. All steps of a transaction share its now(): a test
 * decides which requests fall in one minute, not the clock.
 */
import {text} from 'node:stream/consumers';
import {PGlite} from '@electric-sql/pglite';
import pg from 'pg';
import {openWaitlistDatabase} from '../../server/waitlist/database';

export type Row = Record<string, unknown>;
export type StepOutcome = {rows: Row[]} | {error: {code: string; message: string}};
export type Transaction = readonly (readonly string[])[];

interface Connection {
  query(statement: string): Promise<Row[]>;
  close(): Promise<void>;
}

async function connect(): Promise<Connection> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const client = new pg.Client({connectionString: databaseUrl});
    await client.connect();
    return {
      query: async (statement) => (await client.query<Row>(statement)).rows,
      close: () => client.end(),
    };
  }
  const dataDir = process.env.DATA_DIR;
  if (!dataDir) throw new Error('Set DATA_DIR or DATABASE_URL');
  const db = await PGlite.create(dataDir);
  return {
    query: async (statement) => (await db.query<Row>(statement)).rows,
    close: () => db.close(),
  };
}

function errorOutcome(error: unknown): StepOutcome {
  const {code = '', message = String(error)} = error as {code?: string; message?: string};
  return {error: {code, message}};
}

async function runStep(connection: Connection, statements: readonly string[]) {
  await connection.query('savepoint step');
  let outcome: StepOutcome = {rows: []};
  try {
    for (const statement of statements) outcome = {rows: await connection.query(statement)};
    await connection.query('release savepoint step');
  } catch (error) {
    outcome = errorOutcome(error);
    await connection.query('rollback to savepoint step');
  }
  await connection.query('reset role');
  return outcome;
}

async function runTransaction(connection: Connection, steps: Transaction) {
  await connection.query('begin');
  const outcomes: StepOutcome[] = [];
  for (const step of steps) outcomes.push(await runStep(connection, step));
  await connection.query('commit');
  return outcomes;
}

async function applyMigrations(): Promise<void> {
  const database = await openWaitlistDatabase({
    dataDir: process.env.DATA_DIR || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
    migrationsDir: process.env.MIGRATIONS_DIR || undefined,
  });
  await database.close();
}

async function main(): Promise<void> {
  const transactions = JSON.parse(await text(process.stdin)) as Transaction[];
  await applyMigrations();
  const connection = await connect();
  const outcomes: StepOutcome[][] = [];
  try {
    for (const steps of transactions) outcomes.push(await runTransaction(connection, steps));
  } finally {
    await connection.close();
  }
  process.stdout.write(`${JSON.stringify(outcomes)}\n`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
