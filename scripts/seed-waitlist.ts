/**
 * Fills a waitlist database with generated addresses, fast (one SQL statement), for the bench and
 * the tests: `npx tsx scripts/seed-waitlist.ts 50000` with DATA_DIR (PGlite) or DATABASE_URL set
 * as for the server. Runs the migrations first, then inserts as the database owner, which the
 * one-row-per-insert rule leaves free to import in bulk. Never run it while a server holds the
 * same PGlite directory: PGlite allows one process at a time.
 */
import {PGlite} from '@electric-sql/pglite';
import pg from 'pg';
import {openWaitlistDatabase} from '../server/waitlist/database';

const SEED = `insert into public.waitlist_emails (email)
  select 'seed-' || g || '@example.com' from pg_catalog.generate_series(1, $1::int) g`;

async function seed(rows: number): Promise<void> {
  const dataDir = process.env.DATA_DIR || undefined;
  const databaseUrl = process.env.DATABASE_URL || undefined;
  await (await openWaitlistDatabase({dataDir, databaseUrl})).close();
  if (databaseUrl) {
    const client = new pg.Client({connectionString: databaseUrl});
    await client.connect();
    await client.query(SEED, [rows]).finally(() => client.end());
  } else if (dataDir) {
    const database = await PGlite.create(dataDir);
    await database.query(SEED, [rows]).finally(() => database.close());
  } else {
    throw new Error('Set DATA_DIR or DATABASE_URL');
  }
}

const rows = Number(process.argv[2]);
if (!Number.isInteger(rows) || rows < 1) throw new Error('Usage: seed-waitlist.ts <rows>');
seed(rows).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
