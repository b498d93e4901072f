-- A mistyped address must not reach PostgreSQL's log. When the CHECK refuses a row, PostgreSQL
-- writes "Failing row contains (…, <address>, …)" in the error's DETAIL, and the server log keeps
-- every error with its DETAIL: on hosted Supabase, for anyone who reads the project's logs, for as
-- long as they are kept. (For anon, row level security already leaves the row out; for the owner,
-- service_role and anyone else who bypasses it, it did not.)
--
-- Now a trigger judges the address before the row exists and refuses it with the CHECK's own
-- SQLSTATE, 23514, and message, and no DETAIL: the form's toast ("Database error: new row for
-- relation …") and the API's 400 stay as they were. The rule itself moves into one function,
-- which the trigger and the CHECK both call; the CHECK stays, for anything that skips triggers.
--
-- The trigger is named to fire after waitlist_emails_one_address_at_a_time (BEFORE triggers fire
-- in name order), so a second row of one insert is still refused as such (P0001) before any
-- address is judged, as 20261126000000 requires.

-- The rule of 20260301000000, as it was: one address, printable ASCII only (no spaces, control,
-- invisible or bidirectional characters), no leading = + - @ (spreadsheet formulas), at most 64
-- characters before the @ and 254 in all.
create function waitlist_private.is_plain_address(email text) returns boolean
language sql
immutable
parallel safe
set search_path = ''
as $$
  select pg_catalog.length(email) <= 254
    and email operator(pg_catalog.~) '^[A-Za-z0-9_!#$%&''*/?^`{|}~][A-Za-z0-9_!#$%&''*+/=?^`{|}~.-]{0,63}@[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$'
    and email operator(pg_catalog.!~) '\.\.|\.@';
$$;
-- The CHECK runs as whoever inserts.
grant execute on function waitlist_private.is_plain_address(text)
  to anon, authenticated, service_role;

create function public.waitlist_emails_plain_address() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A missing address is NOT NULL's to refuse (23502).
  if new.email is not null and not waitlist_private.is_plain_address(new.email) then
    raise exception using
      errcode = 'check_violation',
      message = 'new row for relation "waitlist_emails" violates check constraint '
        '"waitlist_emails_email_check"',
      schema = 'public',
      table = 'waitlist_emails',
      constraint = 'waitlist_emails_email_check';
  end if;
  return new;
end
$$;
revoke all on function public.waitlist_emails_plain_address() from public, anon, authenticated;

create trigger waitlist_emails_plain_address
  before insert or update of email on public.waitlist_emails
  for each row execute function public.waitlist_emails_plain_address();

-- The same CHECK, written once, in the function. Rows kept from the first migration's looser
-- check may fail it, as before: then it stays not valid and a warning says so.
alter table public.waitlist_emails drop constraint waitlist_emails_email_check;
alter table public.waitlist_emails add constraint waitlist_emails_email_check
  check (waitlist_private.is_plain_address(email)) not valid;
do $$
begin
  alter table public.waitlist_emails validate constraint waitlist_emails_email_check;
exception when check_violation then
  raise warning 'Some stored addresses fail waitlist_emails_email_check; new ones are checked. '
    'Fix or delete them, then run: alter table public.waitlist_emails validate constraint '
    'waitlist_emails_email_check';
end
$$;

comment on function waitlist_private.is_plain_address(text) is
  'The waitlist''s address rule (printable ASCII, at most 254 characters, no formula prefix), '
  'called by the CHECK waitlist_emails_email_check and the trigger waitlist_emails_plain_address.';
comment on trigger waitlist_emails_plain_address on public.waitlist_emails is
  'Refuses an address the CHECK would refuse, with its SQLSTATE (23514) and message but without '
  'the failing row, which PostgreSQL would otherwise write to its log.';
