/**
 * What the privacy policy tells a reader about the website's logs, how long they are kept, the
 * sign-up counts and the waitlist's two years, from the production build's page (run `npm run
 * build` first; npm test does), beside the host files the same build writes (`_deploy/`), which
 * make it true. What the servers then do with those files runs elsewhere: in tests/conformance,
 * access-logs.test.ts (the lines nginx and Caddy write) and local-servers.test.ts (nginx's
 * per-address sign-up limit); in this folder, log-retention.test.ts (logrotate keeping 30 days),
 * limiter-migration.test.ts (the database's count by a code), rebuild-as-unit.test.ts (the daily
 * publish only reloads nginx) and sign-up-expiry.test.ts (the daily two-year deletion).
 */
import {DEPLOY_DIR} from '../../build-steps/host-configs';
import {POLICY_PATH, builtFile, builtPage, readerText} from './built-pages';

const policy = readerText(builtPage(POLICY_PATH)('main'));
const nginx = builtFile(`${DEPLOY_DIR}/nginx.conf`);
const caddy = builtFile(`${DEPLOY_DIR}/Caddyfile`);
const logrotate = builtFile(`${DEPLOY_DIR}/logrotate`);

/** The arguments of each `directive` in an nginx or Caddy file, one array per line. */
function directives(config: string, directive: string): string[][] {
  return [...config.matchAll(new RegExp(`^\\s*${directive} (.+?);?$`, 'gm'))].map((match) =>
    match[1]!.split(/\s+/),
  );
}

/** The files each stanza of the logrotate rule rotates, with the stanza's settings. */
function rotations(): {files: string[]; settings: string[]}[] {
  return [...logrotate.matchAll(/^(\/\S.*) \{\n([\s\S]*?)^\}/gm)].map((match) => ({
    files: match[1]!.split(' '),
    settings: match[2]!.split('\n').map((line) => line.trim()),
  }));
}

describe('the website’s logs, as the privacy policy states them', () => {
  it('names what a request log line holds: the method, the path without its query, the status, the duration and the time', () => {
    expect(policy).toContain(
      'For each request, our web server logs the method (such as GET), the path of the page or file without anything after a "?", the status code, how long the answer took and the time.',
    );
    expect(policy).toContain(
      'The log lines hold no IP address, no search or form text from the address bar, no referring page and no browser details.',
    );
  });

  it('writes every nginx request log in the format that holds only those', () => {
    const [format] = directives(nginx, 'log_format');
    expect(format?.join(' ')).toBe(
      `gotcha_labs_privacy '$time_iso8601 "$gotcha_labs_method_and_path" $status $request_time'`,
    );
    for (const [, name] of directives(nginx, 'access_log').filter(([file]) => file !== 'off')) {
      expect(name).toBe('gotcha_labs_privacy');
    }
  });

  it('says nginx’s error log names the client only when the server fails or a TLS set-up fails critically, kept 30 days', () => {
    expect(policy).toContain(
      'its error log records a request only when the server itself fails (for example, it runs out of memory or cannot read a file), and that line does include the IP address',
    );
    expect(policy).toContain(
      'It also records, with the IP address, a secure (TLS) connection whose setup failed in a way nginx counts as critical',
    );
    expect(policy).toContain('It is kept for the same 30 days as the request logs.');
    // Every server block, the catch-all's too (a handshake's lines go to the default server of
    // its port), logs at crit only.
    const errorLogs = directives(nginx, 'error_log');
    expect(errorLogs.length).toBeGreaterThanOrEqual(2);
    for (const [, level] of errorLogs) expect(level).toBe('crit');
  });

  it('keeps request and error logs 30 days at most: every file nginx and Caddy write is rotated daily, 29 copies kept', () => {
    expect(policy).toContain('Website request logs and error logs: up to 30 days;');
    const written = [
      ...directives(nginx, 'access_log').map(([file]) => file!),
      ...directives(nginx, 'error_log').map(([file]) => file!),
      /output file \{\$SITE_ACCESS_LOG:(\S+)\}/.exec(caddy)?.[1],
    ].filter((file) => file !== 'off');
    const rotated = rotations();
    for (const file of new Set(written)) {
      const rule = rotated.find(({files}) => files.includes(file ?? ''));
      expect({
        file,
        rotated: rule?.settings.filter((line) => /^(daily|rotate|maxage)\b/.test(line)),
      }).toEqual({file, rotated: ['daily', 'rotate 29', 'maxage 29']});
    }
    // Caddy's own rolls (at 100 MB) go 29 days after the roll; logrotate empties the live file
    // daily, so no line in them is older than 30 days.
    expect(directives(caddy, 'roll_keep_for')).toEqual([['696h']]);
  });
});

describe('the sign-up counts per IP address, as the privacy policy states them', () => {
  it('says nginx counts waitlist requests per address in memory only, kept across the daily reload', () => {
    expect(policy).toContain(
      'nginx also counts waitlist requests per IP address, in memory only: it clears a count once that address has been quiet for a minute and other requests come in, and all counts when nginx is stopped or restarted.',
    );
    expect(policy).toContain('The daily reload that publishes the website keeps them.');
    // Shared-memory zones only: nginx writes nothing of them to a file.
    const zones = [
      ...directives(nginx, 'limit_req_zone'),
      ...directives(nginx, 'limit_conn_zone'),
    ].map((args) => args.find((arg) => arg.startsWith('zone=')));
    expect(zones).toHaveLength(3);
    for (const zone of zones) expect(zone).toMatch(/^zone=\w+:\d+[km]$/);
  });

  it('says the database counts sign-ups by the address the web server passes on in a field of its own', () => {
    expect(policy).toContain(
      'and your IP address, in a separate field used only to count sign-ups (see below)',
    );
    expect(directives(nginx, 'proxy_set_header')).toContainEqual([
      'X-Waitlist-Visitor',
      '$gotcha_labs_waitlist_visitor',
    ]);
    expect(caddy).toMatch(/^\s*request_header \S+ X-Waitlist-Visitor \{remote_host\}$/m);
  });
});

describe('the waitlist’s two years, as the privacy policy states them', () => {
  it('says a daily job deletes every address older than two years', () => {
    expect(policy).toContain(
      'If no product has launched two years after you signed up, we delete your address then: a daily job deletes every address older than two years.',
    );
    expect(policy).toContain(
      'If nothing has launched two years after you joined, we delete your address then.',
    );
  });
});
