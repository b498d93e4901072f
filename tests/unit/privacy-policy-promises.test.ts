/** @jest-environment node */
/**
 * The privacy policy's promises about the waitlist, the AI providers, the app's permission step,
 * the Trip Planner and the pages saved offline, tied to the data, code and facts that make them
 * true: a change to one without the other fails here. (The hosts' logs are tied in
 * privacy-policy-hosts.test.ts.)
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const policy = read('src/pages/gotcha-screen-translator/privacy-policy.mdx');
const migrations = readdirSync(path.join(ROOT, 'supabase/migrations'))
  .map((file) => read(`supabase/migrations/${file}`))
  .join('\n');

describe('the waitlist: one list, so one e-mail at the next launch', () => {
  it('stores no product with a sign-up: the table has an id, the address and the time only', () => {
    expect(read('src/lib/waitlist.ts')).toContain('.insert({email: email.trim()})');
    const table = /create table public\.waitlist_emails \(([\s\S]*?)\n\);/.exec(migrations)?.[1];
    const columns = [...(table ?? '').matchAll(/^ {2}(\w+) (?:bigint|text|timestamptz)/gm)];
    expect(columns.map((match) => match[1])).toEqual(['id', 'email', 'created_at']);
    const added = [
      ...migrations.matchAll(/alter table public\.waitlist_emails\s+add column (.+);/g),
    ];
    expect(added.map((match) => match[1])).toEqual([
      'email_lower text generated always as (lower(email)) stored',
    ]);
    expect(policy).toContain(
      'Joining it stores your e-mail address and the time you joined, and nothing else. It is one list because the form sends only your address, to one table',
    );
  });

  it('promises under the form what the policy keeps: one e-mail at the next launch, then deletion', () => {
    const form = read('src/components/WaitlistForm/index.tsx').replace(/\s+/g, ' ');
    expect(form).toContain(
      'We&rsquo;ll e-mail you once, when the next of our coming-soon products launches, then delete your address.',
    );
    expect(form).toContain('/gotcha-screen-translator/privacy-policy#the-waitlist');
    expect(policy).toContain('\n## The waitlist\n');
    expect(policy).toContain(
      'When the next of our coming-soon products launches, we send one e-mail to every address on the list',
    );
    expect(policy).toContain(
      'Once that e-mail has gone out, we delete every address it was sent to.',
    );
  });

  it('deletes at a launch every sign-up made up to the time given, whatever its product', () => {
    expect(read('scripts/waitlist.ts')).toContain(
      'delete from public.waitlist_emails where created_at <= $1 returning 1',
    );
  });
});
