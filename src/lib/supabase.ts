import type {SupabaseClient} from '@supabase/supabase-js';

/**
 * A fetch that gives up after `timeoutMs`: an unanswered call rejects, as a refused one does, so
 * supabase-js resolves it with status 0 and the form says something went wrong. A timer, not
 * AbortSignal.timeout, so that tests can move the page's clock on instead of waiting.
 */
export function fetchWithTimeout(timeoutMs: number): typeof fetch {
  return async (input, init = {}) => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      controller.abort(new DOMException(`No answer within ${timeoutMs} ms`, 'TimeoutError'));
    }, timeoutMs);
    const signal = init.signal
      ? AbortSignal.any([init.signal, controller.signal])
      : controller.signal;
    try {
      return await fetch(input, {...init, signal});
    } finally {
      clearTimeout(timer);
    }
  };
}

/**
 * A Supabase client for the anonymous visitor. supabase-js is imported here, lazily, so only
 * pages that show the waitlist form ever download it. There is no sign-in: sessions are never
 * stored or refreshed. Every call gives up after `timeoutMs`.
 */
export async function createAnonClient(
  url: string,
  anonKey: string,
  timeoutMs: number,
): Promise<SupabaseClient> {
  const {createClient} = await import('@supabase/supabase-js');
  return createClient(url, anonKey, {
    auth: {persistSession: false, autoRefreshToken: false, detectSessionInUrl: false},
    global: {fetch: fetchWithTimeout(timeoutMs)},
  });
}
