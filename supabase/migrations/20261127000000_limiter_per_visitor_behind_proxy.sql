-- The hosted sign-up limiter counts each visitor behind the site's own proxy, not the proxy.
--
-- The form calls the site's origin, whose proxy (nginx, Caddy, the Cloudflare Pages Function)
-- calls Supabase: Supabase sees the host's address, so 20261125000000 counted every visitor of
-- the site together, and one visitor could spend the whole site's 10 sign-ups a minute. Now the
-- proxy sends two headers, overwriting any a visitor sent:
--   X-Waitlist-Visitor: the visitor's address as the host sees it;
--   X-Waitlist-Proxy-Secret: a secret only the proxy and this database know.
-- The limiter counts X-Waitlist-Visitor only when the secret matches the one set here with
-- waitlist_private.set_proxy_secret('…') (run once in the SQL editor, never in a migration: it
-- must not be in the repository). Without the secret header, a caller is counted by its own
-- address, as before (CF-Connecting-IP, then X-Forwarded-For), whatever visitor it names. A
-- secret that does not match is refused with 403: only the site's proxy sends one, so a
-- mismatch is a deploy error (the secret rotated on one side only), which must show at once
-- rather than quietly put every visitor back in one budget.
--
-- Only accepted sign-ups count, as before: the limiter runs in PostgREST's pre-request hook, in
-- the request's transaction, so a refused insert (a duplicate, 409; an invalid address, 400) and
-- the refused eleventh request (429) roll their count back. The bundled server counts the same.

-- The secret's SHA-256, never the secret: a copy of the database does not give it away, and a
-- comparison of hashes tells a guesser nothing about how close a guess came.
create table waitlist_private.proxy_secret (
  -- At most one row: setting a new secret replaces the old one.
  only_row boolean primary key default true check (only_row),
  secret_sha256 bytea not null,
  set_at timestamptz not null default now()
);
revoke all on table waitlist_private.proxy_secret from public, anon, authenticated;

create function waitlist_private.set_proxy_secret(secret text) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if secret is null then
    delete from waitlist_private.proxy_secret;
    return;
  end if;
  -- What every proxy can hold as it is: nginx strings have no escape for `$` or `"`.
  if secret !~ '^[A-Za-z0-9_-]+$' or length(secret) not between 32 and 256 then
    raise exception 'The waitlist proxy secret must be 32 to 256 letters, digits, - or _'
      using errcode = '22023', hint = 'Make one with: openssl rand -hex 32';
  end if;
  insert into waitlist_private.proxy_secret as s (secret_sha256)
    values (pg_catalog.sha256(pg_catalog.convert_to(secret, 'UTF8')))
    on conflict (only_row) do update
      set secret_sha256 = excluded.secret_sha256, set_at = pg_catalog.now();
end
$$;
revoke all on function waitlist_private.set_proxy_secret(text) from public, anon, authenticated;

create or replace function waitlist_private.limit_sign_ups() returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  headers json := coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json;
  presented_secret text := nullif(headers ->> 'x-waitlist-proxy-secret', '');
  proxied_visitor text := nullif(trim(headers ->> 'x-waitlist-visitor'), '');
  client_address text := coalesce(
    headers ->> 'cf-connecting-ip',
    nullif(trim(split_part(headers ->> 'x-forwarded-for', ',', 1)), ''),
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
  if presented_secret is not null then
    if not exists (
      select from waitlist_private.proxy_secret
       where secret_sha256 = sha256(convert_to(presented_secret, 'UTF8'))
    ) then
      -- PostgREST answers a PTxyz error with HTTP status xyz.
      raise exception 'The waitlist proxy''s secret does not match the database''s'
        using errcode = 'PT403',
          hint = 'Set the same secret on the proxy and with waitlist_private.set_proxy_secret()';
    end if;
    client_address := coalesce(proxied_visitor, client_address);
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
    -- The refused attempt's count is rolled back with it.
    raise exception 'Too many waitlist sign-ups from this address; try again in a minute'
      using errcode = 'PT429';
  end if;
end
$$;
revoke all on function waitlist_private.limit_sign_ups() from public;
grant execute on function waitlist_private.limit_sign_ups() to anon, authenticated;

comment on table waitlist_private.proxy_secret is
  'SHA-256 of the secret the site''s proxy sends in X-Waitlist-Proxy-Secret; set with '
  'waitlist_private.set_proxy_secret(), null to remove. Without a row, any presented secret is '
  'refused and callers are counted by their own address.';
comment on function waitlist_private.limit_sign_ups() is
  'PostgREST pre-request hook: the eleventh accepted POST to /waitlist_emails from one client in '
  'one clock minute gets PT429 (HTTP 429). The client is X-Waitlist-Visitor when '
  'X-Waitlist-Proxy-Secret matches, else the caller''s own address; a wrong secret gets PT403. '
  'Stores no address and no exact time.';
