-- The hosted-Supabase sign-up limiter, rebuilt so that it keeps no client address and nothing
-- that can be linked to one, or to a waitlist row, once its minute is over.
--
-- The previous version (20260301000000) stored each sign-up's client address in clear with the
-- exact time of the sign-up, the very value of the e-mail row's created_at, and deleted old
-- rows only when a later sign-up arrived. Now the limiter keeps, per clock minute:
--   * a random 32-byte key, made for that minute and deleted with it;
--   * per client, HMAC-SHA-256(that key, address) and the number of sign-ups in that minute.
-- Times are whole minutes, never a sign-up's own time. Every counted request deletes earlier
-- minutes (counts and keys); where pg_cron can be enabled (hosted Supabase), a job also does it
-- every minute, so the last minute's data goes away even when no one signs up after it. Without
-- its key, a hash cannot be turned back into an address, even by trying every IPv4 address.
--
-- Same function name and contract as before, so `pgrst.db_pre_request` needs no change: a POST
-- to /waitlist_emails is counted, the eleventh from one client in one minute gets PT429 (HTTP
-- 429), and any other request returns at once (reads run in read-only transactions).
--
-- Built from what PostgreSQL itself has (sha256(), gen_random_uuid(): PostgreSQL 13 and later),
-- because the same file runs on hosted Supabase, on plain PostgreSQL and in PGlite, which do not
-- all have pgcrypto, nor in the same schema.

-- HMAC (RFC 2104) over the built-in sha256(): a key prepended to the address would also hide it,
-- but HMAC is the construction whose security as a keyed hash is established.
create function waitlist_private.hmac_sha256(key bytea, message bytea) returns bytea
language plpgsql
immutable
strict
set search_path = ''
as $$
declare
  block_size constant int := 64;
  padded_key bytea := case when length(key) > block_size then sha256(key) else key end;
  inner_key bytea;
  outer_key bytea;
begin
  padded_key := padded_key || decode(repeat('00', block_size - length(padded_key)), 'hex');
  inner_key := padded_key;
  outer_key := padded_key;
  for i in 0 .. block_size - 1 loop
    inner_key := set_byte(inner_key, i, get_byte(padded_key, i) # 54); -- 0x36, RFC 2104 ipad
    outer_key := set_byte(outer_key, i, get_byte(padded_key, i) # 92); -- 0x5c, RFC 2104 opad
  end loop;
  return sha256(outer_key || sha256(inner_key || message));
end
$$;

-- Unlogged: rows that live a minute have no business in the write-ahead log, and so in
-- point-in-time-recovery archives, replicas or base backups (which leave unlogged data out). A
-- crash empties them, which only restarts the count.
create unlogged table waitlist_private.limiter_keys (
  -- date_trunc('minute', now(), 'UTC'): the minute the key serves, never a sign-up's own time.
  minute timestamptz primary key,
  -- 32 bytes from two version-4 UUIDs: 244 bits from the server's strong random source.
  key bytea not null default decode(
    replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
    'hex'
  )
);

create unlogged table waitlist_private.sign_up_counts (
  client_hash bytea not null,
  minute timestamptz not null,
  sign_ups int not null,
  primary key (client_hash, minute)
);

-- The only role that needs these tables is their owner, through the functions below.
revoke all on table waitlist_private.limiter_keys, waitlist_private.sign_up_counts
  from public, anon, authenticated;

-- Earlier minutes go: their counts, and with their keys any way back to an address.
create function waitlist_private.purge_limiter() returns void
language sql
security definer
set search_path = ''
as $$
  delete from waitlist_private.sign_up_counts
   where minute < pg_catalog.date_trunc('minute', pg_catalog.now(), 'UTC');
  delete from waitlist_private.limiter_keys
   where minute < pg_catalog.date_trunc('minute', pg_catalog.now(), 'UTC');
$$;

create or replace function waitlist_private.limit_sign_ups() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  client_address text := coalesce(
    headers ->> 'cf-connecting-ip',
    trim(split_part(headers ->> 'x-forwarded-for', ',', 1)),
    'unknown'
  );
  this_minute timestamptz := date_trunc('minute', now(), 'UTC');
  minute_key bytea;
  sign_ups_this_minute int;
begin
  if current_setting('request.method', true) is distinct from 'POST'
     or current_setting('request.path', true) is distinct from '/waitlist_emails' then
    return;
  end if;
  perform waitlist_private.purge_limiter();
  -- The upsert returns the minute's key whether this request or a concurrent one made it.
  insert into waitlist_private.limiter_keys as k (minute) values (this_minute)
    on conflict (minute) do update set minute = k.minute
    returning k.key into minute_key;
  -- The row lock of the upsert counts concurrent sign-ups from one client one after another.
  insert into waitlist_private.sign_up_counts as c (client_hash, minute, sign_ups)
    values (
      waitlist_private.hmac_sha256(minute_key, convert_to(lower(client_address), 'UTF8')),
      this_minute,
      1
    )
    on conflict (client_hash, minute) do update set sign_ups = c.sign_ups + 1
    returning c.sign_ups into sign_ups_this_minute;
  if sign_ups_this_minute > 10 then
    -- PostgREST answers a PTxyz error with HTTP status xyz; the refused attempt's count is
    -- rolled back with it.
    raise exception 'Too many waitlist sign-ups from this address; try again in a minute'
      using errcode = 'PT429';
  end if;
end
$$;

-- Its rows hold client addresses in clear, with the exact time of each sign-up.
drop table waitlist_private.sign_ups;

revoke all on function waitlist_private.hmac_sha256(bytea, bytea) from public, anon, authenticated;
revoke all on function waitlist_private.purge_limiter() from public, anon, authenticated;
revoke all on function waitlist_private.limit_sign_ups() from public;
grant execute on function waitlist_private.limit_sign_ups() to anon, authenticated;

-- A purge every minute where pg_cron can be enabled: hosted Supabase, with the statements of
-- its guide (https://supabase.com/docs/guides/cron/install). Elsewhere, or when enabling it is
-- refused, each counted request still purges; a notice says so, and the migration goes on.
do $$
begin
  if not exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: the sign-up limiter purges earlier minutes on each '
      'counted request only';
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    grant usage on schema cron to postgres;
    grant all privileges on all tables in schema cron to postgres;
    -- A job of the same name is replaced, so running this again schedules it once.
    perform cron.schedule(
      'waitlist-limiter-purge',
      '* * * * *',
      'select waitlist_private.purge_limiter()'
    );
  exception when others then
    raise notice 'pg_cron could not be enabled or scheduled (%: %): the sign-up limiter purges '
      'earlier minutes on each counted request only. To purge every minute, enable pg_cron '
      '(Integrations > Cron) and run: select cron.schedule(''waitlist-limiter-purge'', '
      '''* * * * *'', ''select waitlist_private.purge_limiter()'')', sqlstate, sqlerrm;
  end;
end
$$;

comment on table waitlist_private.limiter_keys is
  'One random key per clock minute, for hashing client addresses in sign_up_counts; deleted with '
  'its minute (purge_limiter), after which those hashes can no longer be tied to an address.';
comment on table waitlist_private.sign_up_counts is
  'Waitlist sign-ups per client and clock minute: HMAC-SHA-256 of the address under the '
  'minute''s key, never the address; rows of earlier minutes are deleted by purge_limiter.';
comment on function waitlist_private.limit_sign_ups() is
  'PostgREST pre-request hook: the eleventh POST to /waitlist_emails from one client in one clock '
  'minute gets PT429 (HTTP 429). Stores no address and no exact time.';
