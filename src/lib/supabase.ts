import type {SupabaseClient} from '@supabase/supabase-js';

/**
 * A Supabase client for the anonymous visitor. supabase-js is imported here, lazily, so only
 * pages that show the waitlist form ever download it. There is no sign-in: sessions are never
 * stored or refreshed.
 */
export async function createAnonClient(url: string, anonKey: string): Promise<SupabaseClient> {
  const {createClient} = await import('@supabase/supabase-js');
  return createClient(url, anonKey, {
    auth: {persistSession: false, autoRefreshToken: false, detectSessionInUrl: false},
  });
}
