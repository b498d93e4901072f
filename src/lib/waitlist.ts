import type {SupabaseClient} from '@supabase/supabase-js';
import {WAITLIST_TABLE} from '@site/contracts/waitlist';

/** How long every waitlist toast stays on screen. */
export const TOAST_DURATION_MS = 5000;

/**
 * How long each call to the database may take before the form gives up and says something went
 * wrong: a stalled network (or a host that never answers) must not leave the button disabled.
 */
export const WAITLIST_CALL_TIMEOUT_MS = 10_000;

export const WAITLIST_MESSAGES = {
  invalidEmail: 'Please provide a valid email address',
  duplicate: 'This email is already on our waitlist',
  success: "Thanks for joining our waitlist! We'll keep you updated.",
  unexpected: 'Something went wrong. Please try again later.',
} as const;

function databaseErrorMessage(detail: string): string {
  return `Database error: ${detail}`;
}

export interface Outcome {
  kind: 'success' | 'error';
  message: string;
}

/** The check on submit: not empty, and has an @ (the input's type="email" does the rest). */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email !== '' && email.includes('@');
}

/** What supabase-js resolves an insert with (it never throws unless told to). */
interface InsertResult {
  error: {code?: string; message?: string} | null;
  /** 0 when the request never reached a server (offline, refused, blocked by CORS). */
  status: number;
}

/**
 * From an insert's result to the toast the visitor sees: thanks, "already on our waitlist" for a
 * duplicate (23505), "Database error: …" for any other database error, or "Something went wrong"
 * when the request never reached the database (no answer in time, a dropped connection, a proxy's
 * own error).
 */
function toOutcome(result: InsertResult): Outcome {
  const {error, status} = result;
  if (!error) return {kind: 'success', message: WAITLIST_MESSAGES.success};
  if (error.code === '23505') return {kind: 'error', message: WAITLIST_MESSAGES.duplicate};
  const detail = error.message || error.code;
  // No answer, or one from a proxy or gateway in the way (a 502 or 504, an HTML error page)
  // rather than from the database: nothing the visitor could act on.
  const fromGateway = !error.code && (status >= 500 || /^\s*</.test(error.message ?? ''));
  if (status === 0 || !detail || fromGateway) {
    return {kind: 'error', message: WAITLIST_MESSAGES.unexpected};
  }
  return {kind: 'error', message: databaseErrorMessage(detail)};
}

/** Adds an address to the waitlist and says how it went; never throws. */
export async function joinWaitlist(client: SupabaseClient, email: string): Promise<Outcome> {
  if (!isValidEmail(email)) return {kind: 'error', message: WAITLIST_MESSAGES.invalidEmail};
  try {
    // The anon role may read back ids only (see the migration), so select just the id.
    const result = await client.from(WAITLIST_TABLE).insert({email: email.trim()}).select('id');
    return toOutcome(result);
  } catch (error) {
    // The visitor sees "Something went wrong"; whoever opens the console sees why.
    console.warn('Waitlist: the sign-up failed unexpectedly.', error);
    return {kind: 'error', message: WAITLIST_MESSAGES.unexpected};
  }
}

/**
 * The connection test: a count-only select of one row. A failed HEAD carries no body, so
 * supabase-js reports no error for some failures: only a 200/206 with a count is healthy.
 */
export async function checkConnection(client: SupabaseClient): Promise<boolean> {
  try {
    const {status, count} = await client
      .from(WAITLIST_TABLE)
      .select('id', {count: 'exact', head: true})
      .limit(1);
    return (status === 200 || status === 206) && count !== null;
  } catch (error) {
    console.warn('Waitlist: the connection test failed unexpectedly.', error);
    return false;
  }
}
