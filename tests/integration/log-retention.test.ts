/**
 * The logrotate rule the build writes beside nginx.conf (`_deploy/logrotate`), run by Debian's
 * logrotate on a folder of its own: the privacy policy says the site's request logs are kept 30
 * days at most, so each log is rotated daily and no old copy outlives 30 days.
 */
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdtemp, readdir, rm, utimes, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {NGINX_DEFAULTS} from '../../plugins/security-headers/host-settings';
import {CADDY_ACCESS_LOG, logrotateRule} from '../../plugins/security-headers/nginx';

const run = promisify(execFile);
const LOGROTATE = '/usr/sbin/logrotate';
const DAY_MS = 24 * 60 * 60 * 1000;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'log-retention-'));
});
afterEach(async () => {
  await rm(dir, {recursive: true, force: true});
});

/** The rule for logs in `dir`, Caddy's too, signalling no running nginx. */
function ruleIn(folder: string): string {
  return logrotateRule({...NGINX_DEFAULTS, logDir: folder})
    .replace(CADDY_ACCESS_LOG, path.join(folder, 'caddy.access.log'))
    .replaceAll('/run/nginx.pid', path.join(folder, 'nginx.pid'));
}

(existsSync(LOGROTATE) ? describe : describe.skip)(
  existsSync(LOGROTATE)
    ? 'the logrotate rule for nginx and Caddy'
    : 'the logrotate rule: SKIPPED, logrotate is not installed (apt-get install logrotate)',
  () => {
    it('rotates every log daily and keeps no copy older than 30 days', () => {
      const rule = logrotateRule();
      const stanzas = rule.split(/^\S[^\n]*\{$/m).slice(1);
      expect(stanzas).toHaveLength(2);
      for (const stanza of stanzas) {
        expect(stanza).toMatch(/^\s+daily$/m);
        expect(stanza).toMatch(/^\s+rotate 30$/m);
        expect(stanza).toMatch(/^\s+maxage 30$/m);
      }
      expect(rule).toContain(`${NGINX_DEFAULTS.logDir}/gotcha-labs.access.log `);
      expect(rule).toContain(`${NGINX_DEFAULTS.logDir}/gotcha-labs.error.log {`);
      expect(rule).toContain(`${CADDY_ACCESS_LOG} {`);
    });

    it('is read by logrotate without an error', async () => {
      const config = path.join(dir, 'gotcha-labs');
      await writeFile(config, logrotateRule());
      const {stderr} = await run(LOGROTATE, ['-d', '-s', path.join(dir, 'state'), config]);
      expect(stderr).not.toMatch(/^error:/im);
      expect(stderr).toContain('rotating pattern: /var/log/nginx/gotcha-labs.access.log');
    });

    it('moves the live lines aside and deletes a copy older than 30 days', async () => {
      const config = path.join(dir, 'gotcha-labs');
      await writeFile(config, ruleIn(dir));
      for (const name of ['gotcha-labs.access.log', 'gotcha-labs.error.log', 'caddy.access.log']) {
        await writeFile(path.join(dir, name), '2026-10-01T00:00:00+00:00 "GET /blogs" 200 0.001\n');
      }
      const old = path.join(dir, 'gotcha-labs.access.log.7.gz');
      await writeFile(old, 'an old copy');
      const longAgo = new Date(Date.now() - 31 * DAY_MS);
      await utimes(old, longAgo, longAgo);

      await run(LOGROTATE, ['-f', '-s', path.join(dir, 'state'), config]);

      const files = (await readdir(dir)).sort();
      expect(files).toEqual(
        expect.arrayContaining([
          'caddy.access.log',
          'caddy.access.log.1',
          'gotcha-labs.access.log.1',
          'gotcha-labs.error.log.1',
        ]),
      );
      expect(files).not.toContain('gotcha-labs.access.log.7.gz');
      expect(files).not.toContain('gotcha-labs.access.log.8.gz');
    });
  },
);
