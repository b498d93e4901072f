-- A secret that waitlist_private.set_proxy_secret() refused was written whole to PostgreSQL's log:
-- the function raised an error, and PostgreSQL logs the text of a failing statement
-- (log_min_error_statement is `error` by default, on hosted Supabase too), which held the secret.
-- A refused secret is usually a real one pasted with a character too many or too few.
--
-- Now the function never raises for a value it refuses: it returns a line saying what happened,
-- which the SQL editor and psql show, and leaves the secret set before as it was. A statement
-- that succeeds is not logged unless the operator chose to log every statement.

drop function waitlist_private.set_proxy_secret(text);

create function waitlist_private.set_proxy_secret(secret text) returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  if secret is null then
    delete from waitlist_private.proxy_secret;
    return 'Removed: no waitlist proxy secret is set; callers are counted by their own address';
  end if;
  -- What every proxy can hold as it is: nginx strings have no escape for `$` or `"`.
  if secret !~ '^[A-Za-z0-9_-]+$' or length(secret) not between 32 and 256 then
    return 'Not set: the waitlist proxy secret must be 32 to 256 letters, digits, - or _ (make '
      'one with: openssl rand -hex 32); the secret set before, if any, stays';
  end if;
  insert into waitlist_private.proxy_secret as s (secret_sha256)
    values (pg_catalog.sha256(pg_catalog.convert_to(secret, 'UTF8')))
    on conflict (only_row) do update
      set secret_sha256 = excluded.secret_sha256, set_at = pg_catalog.now();
  return 'Set: give the proxy the same value now (docs/deploying.md, "The waitlist")';
end
$$;
revoke all on function waitlist_private.set_proxy_secret(text) from public, anon, authenticated;

comment on function waitlist_private.set_proxy_secret(text) is
  'Keeps the SHA-256 of the secret the site''s proxy sends in X-Waitlist-Proxy-Secret (null '
  'removes it). Returns a line beginning Set, Removed or Not set; never raises with the value, so '
  'a refused secret is not written to the server log.';
