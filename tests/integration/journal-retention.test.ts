/**
 * The journal namespace of the site's servers (`deploy/systemd/`): the bundled server's request
 * lines and Caddy's own log go to the journal, and the privacy policy says they are kept 30 days
 * at most. systemd reads the files as an operator installs them: the units with the drop-in
 * (`systemd-analyze verify` names any key it does not know), the namespace's journald.conf by
 * its path under a root of the test's (`systemd-analyze cat-config`).
 */
import {execFile} from 'node:child_process';
import {existsSync, readFileSync} from 'node:fs';
import {copyFile, mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';

const run = promisify(execFile);
const SYSTEMD_ANALYZE = '/usr/bin/systemd-analyze';
const JOURNALD = '/usr/lib/systemd/systemd-journald';
const DEPLOY = path.resolve(__dirname, '../../deploy/systemd');
const NAMESPACE_CONF = 'journald@gotcha-labs.conf';
const DAY_US = 24 * 60 * 60 * 1_000_000;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'journal-retention-'));
});
afterEach(async () => {
  await rm(dir, {recursive: true, force: true});
});

/** `Key=value` settings of a systemd file, comments left out. */
function settings(file: string): Map<string, string> {
  const lines = readFileSync(path.join(DEPLOY, file), 'utf8').split('\n');
  return new Map(
    lines
      .filter((line) => /^[A-Za-z]+=/.test(line))
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );
}

/** A time span as systemd reads it, in microseconds. */
async function microseconds(span: string): Promise<number> {
  const {stdout} = await run(SYSTEMD_ANALYZE, ['timespan', span]);
  const value = /^\s*μs: (\d+)$/m.exec(stdout)?.[1];
  if (value === undefined) throw new Error(`systemd-analyze timespan ${span}: ${stdout}`);
  return Number(value);
}

(existsSync(SYSTEMD_ANALYZE) ? describe : describe.skip)(
  existsSync(SYSTEMD_ANALYZE)
    ? 'the journal namespace gotcha-labs'
    : 'the journal namespace: SKIPPED, systemd-analyze is missing (apt-get install systemd)',
  () => {
    it('is joined by the units given the drop-in, and the daily vacuum units are valid', async () => {
      // Stand-ins for Caddy's unit and the bundled server's, as the drop-in is installed for them.
      for (const unit of ['caddy.service', 'gotcha-labs-site.service']) {
        await writeFile(path.join(dir, unit), '[Service]\nExecStart=/usr/bin/true\n');
        await mkdir(path.join(dir, `${unit}.d`));
        await copyFile(
          path.join(DEPLOY, 'log-namespace.conf'),
          path.join(dir, `${unit}.d`, 'gotcha-labs-logs.conf'),
        );
      }
      for (const unit of [
        'gotcha-labs-journal-vacuum.service',
        'gotcha-labs-journal-vacuum.timer',
      ]) {
        await copyFile(path.join(DEPLOY, unit), path.join(dir, unit));
      }
      const units = [
        'caddy.service',
        'gotcha-labs-site.service',
        'gotcha-labs-journal-vacuum.service',
        'gotcha-labs-journal-vacuum.timer',
      ].map((unit) => path.join(dir, unit));

      const {stderr} = await run(SYSTEMD_ANALYZE, ['verify', ...units]);

      expect(stderr).toBe('');
      expect(settings('log-namespace.conf').get('LogNamespace')).toBe('gotcha-labs');
    });

    it('is read by journald from its path, with only keys journald knows', async () => {
      await mkdir(path.join(dir, 'etc/systemd'), {recursive: true});
      await copyFile(
        path.join(DEPLOY, NAMESPACE_CONF),
        path.join(dir, 'etc/systemd', NAMESPACE_CONF),
      );

      const {stdout} = await run(SYSTEMD_ANALYZE, [
        'cat-config',
        `--root=${dir}`,
        `systemd/${NAMESPACE_CONF}`,
      ]);

      expect(stdout.split('\n')[0]).toBe(`# ${path.join(dir, 'etc/systemd', NAMESPACE_CONF)}`);
      expect(stdout).toMatch(/^\[Journal\]$/m);
      const journald = readFileSync(JOURNALD);
      for (const key of settings(NAMESPACE_CONF).keys()) {
        expect({key, known: journald.includes(`Journal.${key}\0`)}).toEqual({key, known: true});
      }
    });

    it('keeps no line beyond 30 days: a file spans a day, and goes once its newest line is older than the rest', async () => {
      const journal = settings(NAMESPACE_CONF);
      const fileSpan = await microseconds(journal.get('MaxFileSec') ?? '');
      const retention = await microseconds(journal.get('MaxRetentionSec') ?? '');
      expect(fileSpan).toBeGreaterThan(0);
      expect(fileSpan + retention).toBeLessThanOrEqual(30 * DAY_US);

      // The daily vacuum, for a quiet namespace journald does not rotate, deletes by the same age.
      const vacuum = readFileSync(path.join(DEPLOY, 'gotcha-labs-journal-vacuum.service'), 'utf8');
      const vacuumTime = /--namespace=gotcha-labs --vacuum-time=(\S+)$/m.exec(vacuum)?.[1];
      expect(await microseconds(vacuumTime ?? '')).toBe(retention);
      expect(vacuum).toMatch(
        /^ExecStart=-\/usr\/bin\/journalctl --namespace=gotcha-labs --rotate$/m,
      );
      expect(settings('gotcha-labs-journal-vacuum.timer').get('OnCalendar')).toBe('daily');
    });
  },
);
