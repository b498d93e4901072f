/**
 * Fills a waitlist database with generated addresses, fast (one SQL statement), for the bench and
 * the tests: `npx tsx scripts/seed-waitlist.ts 50000` with DATA_DIR (PGlite) or DATABASE_URL set
 * as for the server. Runs the migrations first, then inserts as the database owner, which the
 * one-row-per-insert rule leaves free to import in bulk. A PGlite directory a server holds is
 * refused, as it is to a second server: PGlite allows one process at a time.
 */
import {openWaitlistDatabase} from '../server/waitlist/database';

const SEED = `insert into public.waitlist_emails (email)
  select 'seed-' || g || '@example.com' from pg_catalog.generate_series(1, $1::int) g`;

async function seed(rows: number): Promise<void> {
  const database = await openWaitlistDatabase({
    dataDir: process.env.DATA_DIR || undefined,
    databaseUrl: process.env.DATABASE_URL || undefined,
  });
  try {
    await database.asOwner((session) => session.query(SEED, [String(rows)]));
  } finally {
    await database.close();
  }
}

const rows = Number(process.argv[2]);
if (!Number.isInteger(rows) || rows < 1) throw new Error('Usage: seed-waitlist.ts <rows>');
seed(rows).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
