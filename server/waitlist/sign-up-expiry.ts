/**
 * The privacy policy's longest retention, kept by the bundled server itself: sign-ups older than
 * two years are deleted when the server starts and every day after, by the function the
 * migrations define (waitlist_private.delete_expired_sign_ups, which pg_cron runs on hosted
 * Supabase), on PGlite and on a PostgreSQL server alike, without a cron line of the operator's.
 */
import type {SqlSession, WaitlistDatabase} from './database';

const EXPIRY_INTERVAL_MS = 24 * 60 * 60 * 1000;

/** Deletes the sign-ups made more than two years ago, as the table's owner; returns how many. */
export async function deleteExpiredSignUps(session: SqlSession): Promise<number> {
  const [row] = await session.query<{count: number}>(
    'select waitlist_private.delete_expired_sign_ups() as count',
  );
  return row?.count ?? 0;
}

export interface ExpiryLog {
  info(line: string): void;
  error(line: string): void;
}

/**
 * Runs the deletion now (resolving once it is done) and then daily, until `stop`. A failed run
 * is logged, by its code and message only, and tried again the next day; the timer never keeps
 * the process alive.
 */
export async function startSignUpExpiry(
  database: WaitlistDatabase,
  log: ExpiryLog,
): Promise<{stop(): void}> {
  const runOnce = async () => {
    try {
      const deleted = await database.asOwner(deleteExpiredSignUps);
      log.info(`waitlist: deleted ${deleted} sign-ups made more than two years ago`);
    } catch (error) {
      const {code} = error as {code?: unknown};
      const message = error instanceof Error ? error.message : String(error);
      log.error(
        `waitlist: the two-year deletion failed, to be tried again in a day: ${typeof code === 'string' ? `${code} ` : ''}${message}`,
      );
    }
  };
  await runOnce();
  const timer = setInterval(() => void runOnce(), EXPIRY_INTERVAL_MS);
  timer.unref();
  return {stop: () => clearInterval(timer)};
}
