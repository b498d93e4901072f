-- Sign-ups of one address that arrive together must each get an answer: the first 201, every
-- other 409 (23505), as any duplicate. On PostgreSQL, and so on hosted Supabase, they deadlocked
-- instead (40P01, answered 500), most of them each time an earlier insert of the address rolled
-- back while they waited for it.
--
-- Why: uniqueness is deferred (20260301000000) and checked by the statement trigger's
-- `set constraints … immediate`. An insert adds its index entry without waiting and checks only
-- then; inserts of one address that have all added theirs wait for each other when they check.
-- Now each insert first takes a lock named by its lower-cased address, held until its
-- transaction ends, before it adds its row. Inserts of one address run one after another: each
-- finds the earlier one committed (23505) or rolled back (and goes on). Different addresses do
-- not wait for each other (unless their hashes collide, which only costs a wait).
--
-- What 20260301000000 guarantees still holds. anon and authenticated add one row per statement:
-- the second row is now refused as it arrives, with the same error (P0001), before any address
-- is checked for uniqueness, so a many-row insert still answers alike whether or not its
-- addresses are listed, and it takes one lock, not one per row. The statement trigger still
-- refuses more than one row and still checks uniqueness at once. The table owner and
-- service_role may still insert many rows (imports); only the first row of such a statement
-- takes a lock, so an import can still deadlock with a sign-up of one of its later addresses.

create function public.waitlist_emails_one_address_at_a_time() returns trigger
language plpgsql
set search_path = ''
as $$
declare
  -- Rows this statement has added so far; the statement trigger sets it back to 0.
  earlier_rows int := coalesce(
    nullif(pg_catalog.current_setting('waitlist.rows_in_statement', true), ''),
    '0'
  )::int;
begin
  perform pg_catalog.set_config('waitlist.rows_in_statement', (earlier_rows + 1)::text, true);
  if earlier_rows = 0 then
    -- Two-key advisory locks; the first key, any constant, keeps these apart from other uses.
    perform pg_catalog.pg_advisory_xact_lock(
      7432002,
      pg_catalog.hashtext(pg_catalog.lower(new.email))
    );
  elsif current_user in ('anon', 'authenticated') then
    raise exception 'A waitlist insert adds exactly one row'
      using errcode = 'P0001', hint = 'Send one object: {"email": "<address>"}';
  end if;
  return new;
end
$$;
revoke all on function public.waitlist_emails_one_address_at_a_time()
  from public, anon, authenticated;

create trigger waitlist_emails_one_address_at_a_time
  before insert on public.waitlist_emails
  for each row execute function public.waitlist_emails_one_address_at_a_time();

-- As in 20260301000000, and it now starts the count of the next statement from 0. (A statement
-- that fails leaves no count behind: its transaction, or savepoint, rolls the setting back.)
create or replace function public.waitlist_emails_one_row_per_insert() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform pg_catalog.set_config('waitlist.rows_in_statement', '0', true);
  -- The table owner and service_role may still import many rows at once.
  if current_user in ('anon', 'authenticated') and (select count(*) from inserted) > 1 then
    raise exception 'A waitlist insert adds exactly one row'
      using errcode = 'P0001', hint = 'Send one object: {"email": "<address>"}';
  end if;
  set constraints public.waitlist_emails_email_lower_key immediate;
  return null;
end
$$;

comment on trigger waitlist_emails_one_address_at_a_time on public.waitlist_emails is
  'Inserts of one address (lower-cased) one after another, so that concurrent sign-ups of it get '
  '409 23505 rather than a deadlock; refuses a second row in one statement for anon and '
  'authenticated before any uniqueness check.';
