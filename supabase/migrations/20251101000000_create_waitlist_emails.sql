-- The waitlist behind the site's "join the waitlist" form.
--
-- The browser holds the public anon key, which anyone can copy, so the
-- database, not the key, decides what a visitor may do. A visitor may add an e-mail address and
-- read back row ids (the form selects the new row's id; the connection test counts ids), and
-- nothing else: no grant ever lets the anon role read, change or delete an address.
--
-- Runs unchanged on Supabase (where the roles anon and authenticated already exist) and on plain
-- PostgreSQL once those roles exist; the local server creates them before applying migrations.

create table public.waitlist_emails (
  -- An identity column needs no sequence grant for the inserting role; the e-mail must not be
  -- the primary key, because PostgREST returns primary-key columns with every representation.
  id bigint generated always as identity primary key,
  email text not null
    constraint waitlist_emails_email_check
    check (
      length(email) between 3 and 320
      and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
    ),
  created_at timestamptz not null default now()
);

-- One entry per address whatever its letter case: a second sign-up gets 409 (23505).
create unique index waitlist_emails_email_lower_key on public.waitlist_emails (lower(email));

alter table public.waitlist_emails enable row level security;

-- Older Supabase projects grant every new public table to anon and authenticated by default.
revoke all on table public.waitlist_emails from anon, authenticated;
grant insert (email) on table public.waitlist_emails to anon;
grant select (id) on table public.waitlist_emails to anon;

-- With row level security on, a command without a policy is denied outright. The select policy
-- is needed for `insert … returning id` (Postgres checks the new row against select policies)
-- and for counting rows; the column grants above still keep every address unreadable.
create policy waitlist_emails_anon_insert on public.waitlist_emails
  for insert to anon with check (true);
create policy waitlist_emails_anon_read_id on public.waitlist_emails
  for select to anon using (true);

comment on table public.waitlist_emails is
  'Waitlist sign-ups from the website form. The anon role may insert an email and read ids only '
  '(column grants), so the public anon key can never list addresses.';
comment on column public.waitlist_emails.email is
  'As typed, trimmed by the client; unique without regard to letter case '
  '(waitlist_emails_email_lower_key); the CHECK keeps junk out even if the form is bypassed.';
comment on policy waitlist_emails_anon_insert on public.waitlist_emails is
  'Anyone holding the anon key may join the waitlist; the email CHECK and unique index judge the row.';
comment on policy waitlist_emails_anon_read_id on public.waitlist_emails is
  'Lets insert … returning id and row counts work; only the id column is granted to anon.';
