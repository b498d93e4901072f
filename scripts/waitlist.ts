/**
 * The operator's view of the waitlist, with DATA_DIR (PGlite, default `.data/waitlist`) or
 * DATABASE_URL set as for the server:
 *
 *   npx tsx scripts/waitlist.ts export > waitlist.csv     every sign-up, oldest first, as CSV
 *   npx tsx scripts/waitlist.ts delete someone@example.com  an erasure request (any letter case)
 *   npx tsx scripts/waitlist.ts purge                       sign-ups older than two years
 *   npx tsx scripts/waitlist.ts purge --launch-sent <time>  those too, and every sign-up made
 *                                                           before the launch e-mail went out
 *   npx tsx scripts/waitlist.ts purge … --dry-run           how many either would delete; none goes
 *
 * It works as the table's owner: the site's own role can never read or delete an address. PGlite
 * allows one process at a time, so a directory a running server holds is refused (naming the
 * process): stop the server, run this, start it again.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import {parseArgs} from 'node:util';
import {openWaitlistDatabase, type SqlSession} from '../server/waitlist/database';
import {deleteExpiredSignUps} from '../server/waitlist/sign-up-expiry';

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

const SENT_TO = `with deleted as (delete from public.waitlist_emails where created_at <= $1 returning 1)
  select count(*)::integer as count from deleted`;
const USAGE =
  'Usage: waitlist.ts export | waitlist.ts delete <address> | waitlist.ts purge [--launch-sent <ISO time>] [--dry-run]';
const ISO_TIME =
  /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?(?:\.\d+)?(?:Z|[+-](\d\d):(\d\d))$/;

/**
 * Whether the date and time as typed exist: JavaScript, like PostgreSQL, reads 30 February as 2
 * March and 24:00 as the next day, so a slip would delete the sign-ups of days more.
 */
function exists(fields: readonly number[]): boolean {
  const [
    year = 0,
    month = 0,
    day = 0,
    hour = 0,
    minute = 0,
    second = 0,
    zoneHour = 0,
    zoneMinute = 0,
  ] = fields;
  const time = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  return (
    time.getUTCFullYear() === year &&
    time.getUTCMonth() === month - 1 &&
    time.getUTCDate() === day &&
    time.getUTCHours() === hour &&
    time.getUTCMinutes() === minute &&
    time.getUTCSeconds() === second &&
    zoneHour < 24 &&
    zoneMinute < 60
  );
}

/** The time the launch e-mail went out, as typed: an ISO time with its zone, not in the future. */
function launchTime(text: string | undefined): Date {
  const match = ISO_TIME.exec(text ?? '');
  if (!text || !match) {
    throw new Error(
      `--launch-sent needs an ISO time with its zone, e.g. 2027-03-01T09:00:00Z, not "${text ?? ''}"`,
    );
  }
  if (!exists(match.slice(1).map((field) => Number(field) || 0))) {
    throw new Error(`--launch-sent is not a date and time that exists: "${text}"`);
  }
  const time = new Date(text);
  if (time.getTime() > Date.now()) {
    throw new Error(
      `--launch-sent must be a past time, when the launch e-mail was sent, not "${text}"`,
    );
  }
  return time;
}

/** A dry run's output, thrown so that its transaction rolls back. */
class RolledBack extends Error {
  constructor(readonly output: string) {
    super('A dry run rolls back');
  }
}

/**
 * Deletes what the privacy policy says is kept no longer, and says how many rows went. A dry
 * run deletes the same rows, so its counts are the real run's, then rolls the deletion back.
 */
async function purge(session: SqlSession, launchSent: Date | undefined, dryRun: boolean) {
  const verb = dryRun ? 'Would delete' : 'Deleted';
  const expired = await deleteExpiredSignUps(session);
  const lines = [`${verb} ${expired} sign-ups made more than two years ago`];
  if (launchSent) {
    const [sent] = await session.query<{count: number}>(SENT_TO, [launchSent.toISOString()]);
    lines.push(`${verb} ${sent?.count ?? 0} sign-ups made by ${launchSent.toISOString()}`);
  }
  const output = `${lines.join('\n')}\n`;
  if (dryRun) throw new RolledBack(output);
  return output;
}

function purgeWork(args: string[]): (session: SqlSession) => Promise<string> {
  let values: {'launch-sent'?: string; 'dry-run'?: boolean};
  try {
    ({values} = parseArgs({
      args,
      options: {'launch-sent': {type: 'string'}, 'dry-run': {type: 'boolean'}},
    }));
  } catch {
    throw new Error(USAGE);
  }
  const time = 'launch-sent' in values ? launchTime(values['launch-sent']) : undefined;
  return (session) => purge(session, time, values['dry-run'] === true);
}

function workFor([command, ...rest]: string[]): (session: SqlSession) => Promise<string> {
  if (command === 'export' && rest.length === 0) return exportCsv;
  const [email] = rest;
  if (command === 'delete' && email && rest.length === 1) {
    return (session) => deleteAddress(session, email);
  }
  if (command === 'purge') return purgeWork(rest);
  throw new Error(USAGE);
}

async function main(args: string[]): Promise<string> {
  const work = workFor(args);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || '.data/waitlist');
  // Opening a directory creates a database there: an empty list would hide a wrong path.
  if (!databaseUrl && !existsSync(dataDir)) throw new Error(`No waitlist database in ${dataDir}`);
  const database = await openWaitlistDatabase({dataDir, databaseUrl});
  try {
    return await database.asOwner(work).catch((error: unknown) => {
      if (error instanceof RolledBack) return error.output;
      throw error;
    });
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
