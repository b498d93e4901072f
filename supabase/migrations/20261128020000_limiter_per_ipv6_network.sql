-- The hosted sign-up limiter counts an IPv6 visitor by its /64, not by its whole address.
--
-- One IPv6 subscriber is given a whole /64 (2^64 addresses) and may use a new address for each
-- request, so 20261127000000 gave such a visitor a fresh budget of 10 sign-ups with every request.
-- Now the client is the /64 its address belongs to; an IPv4 address (and an IPv4 address written
-- as IPv6, ::ffff:a.b.c.d) counts as itself, and anything that is not an address, as before, as
-- its text. Nothing else changes: the same secret, headers, counts and purge. The bundled server
-- counts the same way (server/waitlist/visitor-budgets.ts).

create function waitlist_private.client_of(address text) returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  parsed inet;
begin
  begin
    parsed := address::inet;
  exception when invalid_text_representation then
    return lower(address);
  end;
  if family(parsed) = 4 then
    return host(parsed);
  end if;
  if parsed <<= '::ffff:0.0.0.0/96'::inet then
    return host('0.0.0.0'::inet + (parsed - '::ffff:0.0.0.0'::inet));
  end if;
  return host(network(set_masklen(parsed, 64))) || '/64';
end
$$;
revoke all on function waitlist_private.client_of(text) from public, anon, authenticated;

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
      waitlist_private.hmac_sha256(
        minute_key,
        convert_to(waitlist_private.client_of(client_address), 'UTF8')
      ),
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

comment on function waitlist_private.client_of(text) is
  'Whom the sign-up limiter counts for an address: an IPv6 address''s /64, an IPv4 address '
  'itself, anything else its lower-cased text.';
comment on function waitlist_private.limit_sign_ups() is
  'PostgREST pre-request hook: the eleventh accepted POST to /waitlist_emails from one client in '
  'one clock minute gets PT429 (HTTP 429). The client is X-Waitlist-Visitor when '
  'X-Waitlist-Proxy-Secret matches, else the caller''s own address, an IPv6 address by its /64; '
  'a wrong secret gets PT403. Stores no address and no exact time.';
