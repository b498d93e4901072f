/**
 * Makes the data directory `process.argv[2]` as PGlite leaves a new one (its initdb), with no
 * migration applied: the tests copy it for each storage instead of running initdb each time.
 */
import {PGlite} from '@electric-sql/pglite';

async function initdb(dataDir: string): Promise<void> {
  const db = await PGlite.create(dataDir);
  await db.close();
}

const dataDir = process.argv[2];
if (!dataDir) throw new Error('Usage: pglite-initdb.ts <data directory>');
initdb(dataDir).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
