-- Hardens the waitlist so that hosted Supabase, not only the local stand-in, refuses abuse:
--   1. a strict address check (one plain address, nothing a spreadsheet would run as a formula);
--   2. one row per insert for the API roles, so one request can test at most one address;
--   3. read grants stay ids only (re-stated, in case a dashboard change widened them);
--   4. an optional per-client write limit for hosted Supabase (PostgREST's pre-request hook).
-- A second file rather than an edit of the first: databases that already ran the first file
-- (Supabase records applied versions and never reruns one) get these changes too.

-- 1. One address, printable ASCII only: no spaces, control, invisible or bidirectional
-- characters (NBSP, zero-width space, BOM, right-to-left override) that would make a second
-- "new" entry for an address already on the list; no leading = + - @ (spreadsheet formulas);
-- at most 64 characters before the @ and 254 in all (the longest address SMTP can carry).
alter table public.waitlist_emails drop constraint waitlist_emails_email_check;
alter table public.waitlist_emails add constraint waitlist_emails_email_check check (
  length(email) <= 254
  and email ~ '^[A-Za-z0-9_!#$%&''*/?^`{|}~][A-Za-z0-9_!#$%&''*+/=?^`{|}~.-]{0,63}@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
  and email !~ '\.\.|\.@'
) not valid;
-- Rows stored under the old, looser check stay; new rows must pass. Validate when it can.
do $$
begin
  alter table public.waitlist_emails validate constraint waitlist_emails_email_check;
exception when check_violation then
  raise warning 'Some stored addresses fail waitlist_emails_email_check; new ones are checked. '
    'Fix or delete them, then run: alter table public.waitlist_emails validate constraint '
    'waitlist_emails_email_check';
end
$$;

-- 2. A multi-row insert must not tell which of its addresses are already listed. Rows are
-- checked one after another, so an immediate unique index would answer 409 for a listed first
-- address before the statement could see that it has more rows: `[listed, invalid]` would get
-- 409 and `[unlisted, invalid]` 400. So uniqueness is checked once the statement is complete:
-- the constraint is deferred, and the statement trigger below refuses more than one row, then
-- checks uniqueness at once (a duplicate still answers 409 23505 from the insert itself).
alter table public.waitlist_emails
  add column email_lower text generated always as (lower(email)) stored;
drop index public.waitlist_emails_email_lower_key;
alter table public.waitlist_emails
  add constraint waitlist_emails_email_lower_key unique (email_lower)
  deferrable initially deferred;

create function public.waitlist_emails_one_row_per_insert() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The table owner and service_role may still import many rows at once.
  if current_user in ('anon', 'authenticated') and (select count(*) from inserted) > 1 then
    raise exception 'A waitlist insert adds exactly one row'
      using errcode = 'P0001', hint = 'Send one object: {"email": "<address>"}';
  end if;
  set constraints public.waitlist_emails_email_lower_key immediate;
  return null;
end
$$;
revoke all on function public.waitlist_emails_one_row_per_insert() from public, anon, authenticated;

create trigger waitlist_emails_one_row_per_insert
  after insert on public.waitlist_emails
  referencing new table as inserted
  for each statement execute function public.waitlist_emails_one_row_per_insert();

-- 3. The anon role adds an address and reads ids and a count, nothing else.
revoke all on table public.waitlist_emails from anon, authenticated;
grant insert (email) on table public.waitlist_emails to anon;
grant select (id) on table public.waitlist_emails to anon;

-- 4. Sign-ups per client address per minute, for hosted Supabase, where PostgREST calls the
-- function named by `pgrst.db_pre_request` before every API request, as the request's role.
-- Only POSTs to the waitlist are counted: reads run in read-only transactions. The client's
-- address is taken from the header the platform's proxy sets (see the README).
create schema waitlist_private;
create table waitlist_private.sign_ups (
  client text not null,
  at timestamptz not null default now()
);
create index sign_ups_client_at on waitlist_private.sign_ups (client, at);

create function waitlist_private.limit_sign_ups() returns void
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
begin
  if current_setting('request.method', true) is distinct from 'POST'
     or current_setting('request.path', true) is distinct from '/waitlist_emails' then
    return;
  end if;
  delete from waitlist_private.sign_ups where at < now() - interval '1 minute';
  if (select count(*) from waitlist_private.sign_ups where client = client_address) >= 10 then
    -- PostgREST answers a PTxyz error with HTTP status xyz.
    raise exception 'Too many waitlist sign-ups from this address; try again in a minute'
      using errcode = 'PT429';
  end if;
  insert into waitlist_private.sign_ups (client) values (client_address);
end
$$;
revoke all on function waitlist_private.limit_sign_ups() from public;
grant usage on schema waitlist_private to anon, authenticated;
grant execute on function waitlist_private.limit_sign_ups() to anon, authenticated;

-- Turned on only where PostgREST's login role exists (Supabase) and no other hook is set.
do $$
begin
  if exists (select from pg_catalog.pg_roles where rolname = 'authenticator')
     and not exists (
       select from pg_catalog.pg_db_role_setting s
         join pg_catalog.pg_roles r on r.oid = s.setrole, unnest(s.setconfig) setting
        where r.rolname = 'authenticator' and setting like 'pgrst.db_pre_request=%'
     ) then
    alter role authenticator set pgrst.db_pre_request = 'waitlist_private.limit_sign_ups';
    notify pgrst, 'reload config';
  end if;
end
$$;

comment on column public.waitlist_emails.email is
  'As typed, trimmed by the client; unique without regard to letter case (email_lower); the '
  'CHECK keeps junk, invisible characters and formula prefixes out even if the form is bypassed.';
comment on trigger waitlist_emails_one_row_per_insert on public.waitlist_emails is
  'One row per insert for anon and authenticated, checked before uniqueness, so a multi-row '
  'insert cannot reveal which addresses are listed.';
