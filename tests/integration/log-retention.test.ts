/**
 * The logrotate rule the build writes beside nginx.conf (`_deploy/logrotate`), run by Debian's
 * logrotate on a folder of its own: the privacy policy says the site's request logs are kept 30
 * days at most, so each log is rotated daily and 29 old copies are kept: a line spends a day in
 * the live file and 29 in copies.
 */
import {execFile} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {mkdir, mkdtemp, readdir, readFile, rm, stat, utimes, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {gunzipSync} from 'node:zlib';
import {NGINX_DEFAULTS} from '../../build-steps/host-configs/host-settings';
import {CADDY_ACCESS_LOG, logrotateRule} from '../../build-steps/host-configs/nginx';

const run = promisify(execFile);
const LOGROTATE = '/usr/sbin/logrotate';
const DAY_MS = 24 * 60 * 60 * 1000;
/** Debian's own rule for nginx's logs, installed with its package. */
const DEBIAN_NGINX_RULE = '/etc/logrotate.d/nginx';
/** What nginx's error log holds of a client: a TLS handshake it broke off, say. */
const ERROR_LINE =
  '2026/10/14 03:12:44 [crit] 812#812: *9 SSL_do_handshake() failed while SSL handshaking, client: 203.0.113.7, server: 0.0.0.0:443\n';

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

/**
 * A rule with every path under /var/log/ and /run/ moved into `root`, and its scripts signalling
 * no running server: the files it names are those of a real host, in a folder of the test's.
 */
function movedUnder(root: string, rule: string): string {
  return rule
    .replaceAll('/var/log/', `${root}/var/log/`)
    .replaceAll('/run/nginx.pid', `${root}/run/nginx.pid`)
    .replace('invoke-rc.d nginx rotate', 'true')
    .replaceAll('/etc/logrotate.d/httpd-prerotate', `${root}/httpd-prerotate`);
}

/** A state file saying that `files` were last rotated two days ago, so that `daily` is due. */
async function dueState(files: readonly string[]): Promise<string> {
  const state = path.join(dir, 'state');
  const [date] = new Date(Date.now() - 2 * DAY_MS).toISOString().split('T');
  const [year, month, day] = date!.split('-').map(Number);
  const lines = files.map((file) => `"${file}" ${year}-${month}-${day}-0:0:0`);
  await writeFile(state, ['logrotate state -- version 2', ...lines, ''].join('\n'));
  return state;
}

/** Every file under `folder` (its path) with its age in days. */
async function ages(folder: string): Promise<{file: string; days: number}[]> {
  const names = await readdir(folder, {recursive: true});
  const entries = await Promise.all(
    names.map(async (name) => ({file: name, info: await stat(path.join(folder, name))})),
  );
  return entries
    .filter(({info}) => info.isFile())
    .map(({file, info}) => ({file, days: Math.floor((Date.now() - info.mtimeMs) / DAY_MS)}));
}

(existsSync(LOGROTATE) ? describe : describe.skip)(
  existsSync(LOGROTATE)
    ? 'the logrotate rule for nginx and Caddy'
    : 'the logrotate rule: SKIPPED, logrotate is not installed (apt-get install logrotate)',
  () => {
    it('rotates every log daily and keeps 29 old copies, none older than 29 days', () => {
      const rule = logrotateRule();
      const stanzas = rule.split(/^\S[^\n]*\{$/m).slice(1);
      expect(stanzas).toHaveLength(2);
      for (const stanza of stanzas) {
        expect(stanza).toMatch(/^\s+daily$/m);
        expect(stanza).toMatch(/^\s+rotate 29$/m);
        expect(stanza).toMatch(/^\s+maxage 29$/m);
      }
      expect(rule).toContain(`${NGINX_DEFAULTS.logDir}/gotcha-labs.access.log `);
      expect(rule).toContain(`${NGINX_DEFAULTS.logDir}/gotcha-labs.error.log {`);
      expect(rule).toContain(`${CADDY_ACCESS_LOG} {`);
    });

    it('keeps a line 30 days at most, the live file included, over 33 days of daily rotations', async () => {
      const config = path.join(dir, 'gotcha-labs');
      await writeFile(config, ruleIn(dir));
      const logs = ['gotcha-labs.access.log', 'gotcha-labs.error.log', 'caddy.access.log'];
      /** For each day's line, the first day whose rotation left no copy of it. */
      const gone = new Map<number, number>();
      for (let day = 1; day <= 33; day += 1) {
        // A line written just after the previous day's rotation, then this day's rotation.
        for (const log of logs) await writeFile(path.join(dir, log), `day ${day}\n`, {flag: 'a'});
        await run(LOGROTATE, ['-f', '-s', path.join(dir, 'state'), config]);
        const held = await Promise.all(
          (await readdir(dir))
            .filter((name) => logs.some((log) => name.startsWith(log)))
            .map(async (name) => {
              const bytes = await readFile(path.join(dir, name));
              return (name.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
            }),
        );
        const days = new Set(
          [...held.join('').matchAll(/^day (\d+)$/gm)].map(([, d]) => Number(d)),
        );
        for (let written = 1; written <= day; written += 1) {
          if (!days.has(written) && !gone.has(written)) gone.set(written, day);
        }
      }
      // A line lives from its day to the end of the day whose rotation deletes it.
      const lifetimes = [...gone].map(([written, day]) => day - written + 1);
      expect(lifetimes.length).toBeGreaterThan(0);
      expect(Math.max(...lifetimes)).toBe(30);
    }, 60_000);

    it('is read by logrotate without an error', async () => {
      const config = path.join(dir, 'gotcha-labs');
      await writeFile(config, logrotateRule());
      const {stderr} = await run(LOGROTATE, ['-d', '-s', path.join(dir, 'state'), config]);
      expect(stderr).not.toMatch(/^error:/im);
      expect(stderr).toContain(`rotating pattern: ${NGINX_DEFAULTS.logDir}/gotcha-labs.access.log`);
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

    it('deletes a copy older than 30 days beside an empty live log, as on a quiet day', async () => {
      const config = path.join(dir, 'gotcha-labs');
      await writeFile(config, ruleIn(dir));
      const live = path.join(dir, 'gotcha-labs.error.log');
      await writeFile(live, '');
      const old = path.join(dir, 'gotcha-labs.error.log.2.gz');
      await writeFile(old, ERROR_LINE);
      const longAgo = new Date(Date.now() - 45 * DAY_MS);
      await utimes(old, longAgo, longAgo);

      await run(LOGROTATE, ['-s', await dueState([live]), config]);

      const left = await ages(dir);
      expect(left.filter(({days}) => days > 30)).toEqual([]);
      const held = await Promise.all(
        left.map(async ({file}) => (await readFile(path.join(dir, file))).toString('latin1')),
      );
      expect(held.filter((text) => text.includes('203.0.113.7'))).toEqual([]);
    });

    (existsSync(DEBIAN_NGINX_RULE) ? it : it.skip)(
      "runs beside Debian's rule for nginx without claiming its files (logrotate exits 0)",
      async () => {
        const root = path.join(dir, 'host');
        const nginxLogs = ['access.log', 'error.log'].map((name) =>
          path.join(root, 'var/log/nginx', name),
        );
        const ours = (movedUnder(root, logrotateRule()).match(/^\/.*(?= \{$)/gm) ?? []).flatMap(
          (files) => files.split(' '),
        );
        for (const file of [...nginxLogs, ...ours]) {
          await mkdir(path.dirname(file), {recursive: true});
          await writeFile(file, ERROR_LINE);
        }
        const debian = path.join(dir, 'nginx');
        await writeFile(debian, movedUnder(root, readFileSync(DEBIAN_NGINX_RULE, 'utf8')));
        const config = path.join(dir, 'gotcha-labs');
        await writeFile(config, movedUnder(root, logrotateRule()));

        const {stderr} = await run(LOGROTATE, [
          '-v',
          '-s',
          await dueState([...nginxLogs, ...ours]),
          debian,
          config,
        ]);

        expect(stderr).not.toMatch(/^error:/im);
        expect(ours).toHaveLength(3);
        for (const file of [...nginxLogs, ...ours]) {
          expect({file, rotated: existsSync(`${file}.1`)}).toEqual({file, rotated: true});
        }
      },
    );
  },
);
