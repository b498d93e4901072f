/**
 * The daily rebuild that nginx, Caddy and the bundled server run (scripts/rebuild.sh, started by
 * deploy/systemd/gotcha-labs-rebuild.timer): a build on the day after a marked fact ends shows it
 * as ended in the HTML, replaces the live folder whole and publishes it. Builds a copy of the site
 * once (about 30 s).
 */
import {execFile} from 'node:child_process';
import {cp, mkdir, mkdtemp, readdir, readFile, rm, symlink, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';

jest.setTimeout(240_000);

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const COPIED = [
  'blog',
  'docusaurus.config.ts',
  'functions',
  'package.json',
  'plugins',
  'scripts',
  'src',
  'static',
  'supabase',
  'tsconfig.json',
];

let site: string;

beforeAll(async () => {
  site = await mkdtemp(path.join(tmpdir(), 'rebuild-'));
  for (const entry of COPIED) {
    await cp(path.join(ROOT, entry), path.join(site, entry), {recursive: true});
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(site, 'node_modules'));
  // The site as a host serves it before the rebuild.
  await mkdir(path.join(site, 'live'));
  await writeFile(path.join(site, 'live', 'yesterday.html'), 'yesterday');
});

afterAll(async () => {
  await rm(site, {recursive: true, force: true});
});

it('rebuilds as on the day after a fact ends, swaps the live folder whole and publishes it', async () => {
  await run('scripts/rebuild.sh', [], {
    cwd: site,
    env: {
      ...process.env,
      NO_COLOR: '1',
      REBUILD_OUT: 'live',
      PUBLISH_COMMAND: 'echo published > published.txt',
      BUILD_DATE: '2027-01-01T00:05:00+08:00',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  const live = await readdir(path.join(site, 'live'));
  expect(live).toContain('index.html');
  expect(live).not.toContain('yesterday.html');
  expect((await readdir(site)).filter((entry) => entry.startsWith('live.'))).toEqual([]);
  expect(await readFile(path.join(site, 'published.txt'), 'utf8')).toBe('published\n');
  const guide = await readFile(
    path.join(site, 'live/blog/china-best-travel-destination-2025.html'),
    'utf8',
  );
  // The note after the marked fact is shown, not hidden for the page script to show.
  expect(guide).toMatch(/<strong [^>]*data-ended[^>]*>\s*\(This ended on 31 December 2026:/);
  expect(guide).not.toMatch(
    /<strong [^>]*data-ended[^>]*hidden[^>]*>\s*\(This ended on 31 December 2026:/,
  );
});

it('the timer and the scheduled workflow both fire at 00:05 in Beijing, 16:05 UTC', async () => {
  const timer = await readFile(path.join(ROOT, 'deploy/systemd/gotcha-labs-rebuild.timer'), 'utf8');
  const calendar = /^OnCalendar=(.+)$/m.exec(timer)?.[1] ?? '';
  const {stdout} = await run('systemd-analyze', ['calendar', '--iterations=2', calendar], {
    env: {...process.env, TZ: 'UTC'},
  });
  expect(stdout).toMatch(/Next elapse: \w+ \d{4}-\d\d-\d\d 16:05:00 UTC/);
  const workflow = await readFile(path.join(ROOT, '.github/workflows/daily-rebuild.yml'), 'utf8');
  expect(workflow).toMatch(/cron: '5 16 \* \* \*'/);
});
