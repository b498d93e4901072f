/**
 * The operator's view of the waitlist, with DATA_DIR (PGlite, default `.data/waitlist`) or
 * DATABASE_URL set as for the server:
 *
 *   npx tsx scripts/waitlist.ts export > waitlist.csv     every sign-up, oldest first, as CSV
 *   npx tsx scripts/waitlist.ts delete someone@example.com  an erasure request (any letter case)
 *
 * It works as the table's owner: the site's own role can never read or delete an address. PGlite
 * allows one process at a time, so a directory a running server holds is refused (naming the
 * process): stop the server, run this, start it again.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {openWaitlistDatabase, type SqlSession} from '../server/waitlist/database';

const ROWS = `select id::text, email, to_char(created_at at time zone 'UTC',
  'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at from public.waitlist_emails order by id`;
const DELETE = `delete from public.waitlist_emails where lower(email) = lower($1) returning id`;

/** One CSV field (RFC 4180), quoted when it holds a comma, a quote or a line break (the check
 * admits none now; rows kept from the first migration's looser one may). */
function field(value: unknown): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

async function exportCsv(session: SqlSession): Promise<string> {
  const rows = await session.query(ROWS);
  const lines = rows.map((row) => [row.id, row.email, row.created_at].map(field).join(','));
  return ['id,email,created_at', ...lines, ''].join('\r\n');
}

async function deleteAddress(session: SqlSession, email: string): Promise<string> {
  const removed = await session.query(DELETE, [email]);
  return `${removed.length === 0 ? 'Not on the waitlist' : 'Deleted'}: ${email}\n`;
}

async function main([command, email]: string[]): Promise<string> {
  let work: (session: SqlSession) => Promise<string>;
  if (command === 'export') work = exportCsv;
  else if (command === 'delete' && email) work = (session) => deleteAddress(session, email);
  else throw new Error('Usage: waitlist.ts export | waitlist.ts delete <address>');
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || '.data/waitlist');
  // Opening a directory creates a database there: an empty list would hide a wrong path.
  if (!databaseUrl && !existsSync(dataDir)) throw new Error(`No waitlist database in ${dataDir}`);
  const database = await openWaitlistDatabase({dataDir, databaseUrl});
  try {
    return await database.asOwner(work);
  } finally {
    await database.close();
  }
}

main(process.argv.slice(2)).then(
  (output) => process.stdout.write(output),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
