/** Where Supabase (and the bundled server's stand-in) answers its REST API: PostgREST's paths. */
export const REST_PREFIX = '/rest/v1';

/** The table the waitlist form writes to; created by supabase/migrations. */
export const WAITLIST_TABLE = 'waitlist_emails';

/**
 * The anon key of the local stand-in (server/). It is public by design, like a real Supabase anon
 * key: row level security, not the key, is what protects the table.
 */
export const LOCAL_ANON_KEY = 'sb_publishable_local_stand_in_key';
