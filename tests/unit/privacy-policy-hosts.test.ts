/**
 * The privacy policy's statements about the website's logs, their retention and the waitlist's
 * deletion, tied to what the build writes for each host and to the migrations: a change to one
 * without the other fails here. (What the servers actually log is checked by
 * tests/conformance/access-logs.test.ts; the rule and the deletion run in tests/integration.)
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {caddyfile} from '../../build-steps/host-configs/caddy';
import {headerRules} from '../../contracts/security-headers';
import {NGINX_DEFAULTS} from '../../build-steps/host-configs/host-settings';
import {logrotateRule, nginxConfig} from '../../build-steps/host-configs/nginx';

const ROOT = path.resolve(__dirname, '../..');
const policy = readFileSync(
  path.join(ROOT, 'src/pages/gotcha-screen-translator/privacy-policy.mdx'),
  'utf8',
);
const rules = headerRules("default-src 'self'");
const nginx = nginxConfig(rules, 'gotchalabs.app');
const caddy = caddyfile(rules, 'gotchalabs.app');
const migrations = readdirSync(path.join(ROOT, 'supabase/migrations'))
  .map((file) => readFileSync(path.join(ROOT, 'supabase/migrations', file), 'utf8'))
  .join('\n');

describe('the privacy policy and the hosts it describes', () => {
  it('lists the fields nginx logs: the time, the method and path, the status and the duration', () => {
    expect(policy).toContain(
      'our web server logs the method (such as GET), the path of the page or file without anything after a "?", the status code, how long the answer took and the time',
    );
    expect(nginx).toContain(
      `log_format gotcha_labs_privacy '$time_iso8601 "$gotcha_labs_method_and_path" $status $request_time';`,
    );
    expect(nginx).toMatch(/access_log \S+ gotcha_labs_privacy;/);
  });

  it('says that Caddy’s log lines hold no IP address, browser details or query: it deletes them', () => {
    expect(policy).toContain(
      'The log lines hold no IP address, no search or form text from the address bar, no referring page and no browser details.',
    );
    const deleted = [...caddy.matchAll(/^\s+(\S+) delete$/gm)].map((match) => match[1]);
    expect(deleted).toEqual(expect.arrayContaining(['request>remote_ip', 'request>client_ip']));
    expect(deleted).toContain('request>headers');
    expect(caddy).toContain('request>uri regexp \\?.*$ ""');
  });

  it('says that nginx’s error log can name the client, as the configuration keeps it', () => {
    expect(nginx).toMatch(/^\s+error_log \S+ crit;$/m);
    expect(policy).toContain(
      'its error log records a request only when the server itself fails (for example, it runs out of memory or cannot read a file), and that line does include the IP address',
    );
  });

  it('says that nginx’s error log records critical TLS failures with the address, in the file kept 30 days', () => {
    expect(policy).toContain(
      'It also records, with the IP address, a secure (TLS) connection whose setup failed in a way nginx counts as critical',
    );
    expect(policy).toContain('It is kept for the same 30 days as the request logs.');
    // A handshake's lines go to the error log of the default server for its port: the catch-all's,
    // or the site's where the catch-all does not listen on it. Both keep crit in the rotated file.
    const errorLogs = [...nginx.matchAll(/^\s+error_log (\S+) (\S+);$/gm)].map((match) =>
      match.slice(1),
    );
    const file = `${NGINX_DEFAULTS.logDir}/gotcha-labs.error.log`;
    expect(errorLogs).toEqual([
      [file, 'crit'],
      [file, 'crit'],
    ]);
    expect(nginx).toMatch(/^\s+listen \S+ default_server;$/m);
    expect(logrotateRule()).toContain(`${file} {`);
  });

  it('keeps request and error logs 30 days at most, as the logrotate rule and Caddy do', () => {
    expect(policy).toContain('- **Website request logs and error logs:** up to 30 days;');
    const rule = logrotateRule();
    // A day in the live file, then 29 in copies (tests/integration/log-retention.test.ts runs it).
    expect(rule.match(/^\s+rotate 29$/gm)).toHaveLength(2);
    expect(rule.match(/^\s+maxage 29$/gm)).toHaveLength(2);
    expect(rule.match(/^\s+daily$/gm)).toHaveLength(2);
    // Rolled at most a day after a line is written (logrotate empties the file daily), then 29 days.
    expect(caddy).toContain('roll_keep_for 696h');
  });

  it('says where sign-ups are counted per IP address: nginx in memory, and the database by a code, with the secret', () => {
    expect(policy).toContain('nginx also counts waitlist requests per IP address, in memory only');
    // Shared-memory zones keyed by the address: nothing of them reaches a file.
    expect(nginx.match(/^limit_(?:req|conn)_zone \$\S+ zone=\S+:1m/gm)).toHaveLength(3);
    expect(policy).toContain('your IP address, in a separate field used only to count sign-ups');
    expect(nginx).toContain('proxy_set_header X-Waitlist-Visitor $gotcha_labs_waitlist_visitor;');
    expect(caddy).toContain('X-Waitlist-Visitor {remote_host}');
    expect(migrations).toContain("headers ->> 'x-waitlist-visitor'");
  });

  it('deletes waitlist addresses after two years, by a daily job on hosted Supabase', () => {
    expect(policy).toContain('a daily job deletes every address older than two years');
    expect(migrations).toContain("where created_at < pg_catalog.now() - interval '2 years'");
    expect(migrations).toMatch(
      /cron\.schedule\(\s*'waitlist-sign-ups-expiry',\s*'17 3 \* \* \*',\s*'select waitlist_private\.delete_expired_sign_ups\(\)'/,
    );
  });
});
