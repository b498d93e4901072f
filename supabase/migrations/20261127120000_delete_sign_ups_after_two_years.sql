-- The privacy policy's promise on waitlist addresses: deleted once the launch e-mail is sent, and
-- at the latest two years after the sign-up. The launch is the operator's to state
-- (scripts/waitlist.ts purge --launch-sent <time>); the two years are kept here, by one function
-- that the operator's script, and on hosted Supabase a daily pg_cron job, call.

create function waitlist_private.delete_expired_sign_ups() returns integer
language sql
set search_path = ''
as $$
  with deleted as (
    delete from public.waitlist_emails
     where created_at < pg_catalog.now() - interval '2 years'
    returning 1
  )
  select pg_catalog.count(*)::integer from deleted;
$$;

revoke all on function waitlist_private.delete_expired_sign_ups() from public, anon, authenticated;

comment on function waitlist_private.delete_expired_sign_ups() is
  'Deletes waitlist sign-ups made more than two years ago (the privacy policy''s longest '
  'retention); returns how many. Run daily by pg_cron where it is enabled.';

-- Daily at 03:17 UTC where pg_cron can be enabled (hosted Supabase). Elsewhere, or when enabling
-- it is refused, a notice says so and how to run the deletion instead; the migration goes on.
do $$
begin
  if not exists (select from pg_catalog.pg_available_extensions where name = 'pg_cron') then
    raise notice 'pg_cron is not available: no job deletes sign-ups older than two years. Run '
      '"npx tsx scripts/waitlist.ts purge" daily instead (docs/operating.md)';
    return;
  end if;
  begin
    create extension if not exists pg_cron with schema pg_catalog;
    grant usage on schema cron to postgres;
    grant all privileges on all tables in schema cron to postgres;
    -- A job of the same name is replaced, so running this again schedules it once.
    perform cron.schedule(
      'waitlist-sign-ups-expiry',
      '17 3 * * *',
      'select waitlist_private.delete_expired_sign_ups()'
    );
  exception when others then
    raise notice 'pg_cron could not be enabled or scheduled (%: %): no job deletes sign-ups older '
      'than two years. Enable pg_cron (Integrations > Cron) and run: select cron.schedule('
      '''waitlist-sign-ups-expiry'', ''17 3 * * *'', '
      '''select waitlist_private.delete_expired_sign_ups()'')', sqlstate, sqlerrm;
  end;
end
$$;
