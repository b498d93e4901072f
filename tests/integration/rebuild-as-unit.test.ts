/**
 * The daily rebuild run the way the shipped unit runs it (deploy/systemd/gotcha-labs-rebuild.service:
 * its WorkingDirectory, Environment=, EnvironmentFile= and ExecStart, with the checkout's path for
 * /srv/gotcha-labs, and nothing else of the caller's environment but PATH and HOME), on a copy of
 * the site configured as a deployment with every host variable away from its default. It publishes
 * the legal facts and the `_deploy/` configuration of the first build (`npm run build`, as
 * docs/deploying.md says), and refuses, in one line naming the fact, a placeholder or a fact made
 * only of invisible characters, leaving the live build as it was.
 */
import {execFile} from 'node:child_process';
import {readdir, readFile, readlink, rm} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {SITE_ENV_KEYS} from '../../scripts/site-env';
import {configureForProduction, copyOfSite, PRODUCTION_LEGAL} from './site-copy';

// A ceiling, not a wait: the tests wait for production builds to finish (minutes each
// on two cores), and fail at once when one does.
jest.setTimeout(600_000);

const run = promisify(execFile);

/** A deployment whose every variable differs from the build's default. */
const VARIABLES: Record<(typeof SITE_ENV_KEYS)[number], string> = {
  SITE_URL: 'https://rehearsal.example',
  COMING_SOON_PRODUCTS: 'trip-planner',
  SUPABASE_URL: 'https://abcdefghijklmnopqrst.supabase.co',
  SUPABASE_ANON_KEY: 'sb_publishable_rehearsal_key',
  WAITLIST_API: 'same-origin',
  WAITLIST_UPSTREAM: 'https://abcdefghijklmnopqrst.supabase.co',
  NGINX_LISTEN: '127.0.0.1:8443',
  NGINX_ROOT: '/srv/rehearsal/build',
  NGINX_CONF_DIR: '/etc/nginx/rehearsal.d',
  NGINX_LOG_DIR: '/var/log/rehearsal',
};

/** Both builds as on one day, so that no note of the day can differ between them. */
const BUILD_DATE = '2026-11-28T12:00:00+08:00';

const LEGAL_PAGES = ['privacy-policy', 'terms-of-service', 'support'].map(
  (page) => `gotcha-screen-translator/${page}.html`,
);

let site: string;

/** The unit's settings, its paths moved from /srv/gotcha-labs to the copy. */
interface Unit {
  workingDirectory: string;
  environment: Record<string, string>;
  environmentFile: string;
  execStart: string;
}

async function readUnit(): Promise<Unit> {
  const text = await readFile(
    path.join(site, 'deploy/systemd/gotcha-labs-rebuild.service'),
    'utf8',
  );
  const values = (key: string) =>
    [...text.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) =>
      (match[1] ?? '').replaceAll('/srv/gotcha-labs', site),
    );
  const environment: Record<string, string> = {};
  for (const line of values('Environment')) {
    const [, key = '', value = ''] = /^"?([A-Z_]+)=(.*?)"?$/.exec(line) ?? [];
    environment[key] = value;
  }
  const [workingDirectory = '', environmentFile = '', execStart = ''] = [
    values('WorkingDirectory'),
    values('EnvironmentFile'),
    values('ExecStart'),
  ].map((found) => {
    expect(found).toHaveLength(1);
    return found[0];
  });
  return {workingDirectory, environment, environmentFile, execStart};
}

/** EnvironmentFile='s KEY=value lines, as systemd reads them (no quotes in this file). */
async function environmentFile(file: string): Promise<Record<string, string>> {
  const lines = (await readFile(file, 'utf8')).split('\n');
  const pairs = lines.flatMap((line) => {
    const match = /^([A-Z_]+)=(.*)$/.exec(line);
    return match ? [[match[1] ?? '', match[2] ?? ''] as const] : [];
  });
  return Object.fromEntries(pairs);
}

/**
 * Runs the unit's ExecStart as systemd would. PUBLISH_COMMAND is the one setting a host edits
 * (the unit's `systemctl reload nginx` needs a host's nginx): here it records the publish.
 */
async function runUnit(): Promise<{code: number; stderr: string}> {
  const unit = await readUnit();
  expect(unit.environment.PUBLISH_COMMAND).toBe('systemctl reload nginx');
  const env = {
    PATH: process.env.PATH ?? '',
    HOME: process.env.HOME ?? '',
    BUILD_DATE,
    ...unit.environment,
    ...(await environmentFile(unit.environmentFile)),
    PUBLISH_COMMAND: 'echo published >> published.txt',
  };
  return run(unit.execStart, [], {cwd: unit.workingDirectory, env, maxBuffer: 64 << 20}).then(
    () => ({code: 0, stderr: ''}),
    (error: unknown) => {
      const {code, stderr} = error as {code: number; stderr: string};
      return {code, stderr};
    },
  );
}

/**
 * A configuration with each inline script's hash replaced by a mark. Each hash names its own
 * build's page script, which lists the build's runtime chunk by its content hash, and two builds
 * of one commit minify that chunk with different local names; everything else must be the same.
 */
function withoutScriptHashes(text: string): string {
  return text.replaceAll(/'sha256-[A-Za-z0-9+/=]+'/g, "'sha256-<the build's inline script>'");
}

async function configurationOf(folder: string): Promise<Record<string, string>> {
  const files = await filesOf(folder);
  return Object.fromEntries(
    Object.entries(files).map(([name, text]) => [name, withoutScriptHashes(text)]),
  );
}

/** The text of each file under `folder`, by its path there. */
async function filesOf(folder: string): Promise<Record<string, string>> {
  const names = (await readdir(folder, {recursive: true, withFileTypes: true}))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
  const texts = await Promise.all(names.map((name) => readFile(path.join(folder, name), 'utf8')));
  return Object.fromEntries(names.sort().map((name, index) => [name, texts[index] ?? '']));
}

beforeAll(async () => {
  site = await copyOfSite('rebuild-unit-');
  await configureForProduction(site, VARIABLES);
  // The first build, as docs/deploying.md gives it: the variables come from deploy/site.env alone,
  // in an operator's environment (none of the test runner's, such as NODE_ENV=test).
  const env = {PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', BUILD_DATE};
  await run('npm', ['run', '--silent', 'build', '--', '--out-dir', 'first'], {
    cwd: site,
    env,
    maxBuffer: 64 << 20,
  });
});

afterAll(async () => {
  await rm(site, {recursive: true, force: true});
});

it('publishes the first build’s legal facts and _deploy/ configuration, host variables and all', async () => {
  expect(await runUnit()).toEqual({code: 0, stderr: ''});
  expect(await readFile(path.join(site, 'published.txt'), 'utf8')).toBe('published\n');
  const first = path.join(site, 'first');
  const live = path.join(site, 'build');

  const deploy = await configurationOf(path.join(first, '_deploy'));
  expect(await configurationOf(path.join(live, '_deploy'))).toEqual(deploy);
  // The same because each read the variables, not because both fell back to the defaults.
  expect(deploy['nginx.conf']).toContain('listen 127.0.0.1:8443;');
  expect(deploy['nginx.conf']).toContain('root /srv/rehearsal/build;');
  expect(deploy['nginx.conf']).toContain('/etc/nginx/rehearsal.d/');
  expect(deploy['nginx.conf']).toContain('/var/log/rehearsal/gotcha-labs.access.log');
  expect(deploy['nginx.conf']).toContain('https://abcdefghijklmnopqrst.supabase.co');
  expect(deploy['nginx.conf']).toMatch(/server_name rehearsal\.example/);
  expect(deploy.logrotate).toContain('/var/log/rehearsal/');
  for (const file of ['_headers', '_redirects']) {
    expect(withoutScriptHashes(await readFile(path.join(live, file), 'utf8'))).toBe(
      withoutScriptHashes(await readFile(path.join(first, file), 'utf8')),
    );
  }
  expect(await readFile(path.join(live, '_redirects'), 'utf8')).toContain(VARIABLES.SUPABASE_URL);

  const facts = Object.values(PRODUCTION_LEGAL).filter((fact) => typeof fact === 'string');
  for (const page of LEGAL_PAGES) {
    const [built = '', rebuilt = ''] = await Promise.all(
      [first, live].map((folder) => readFile(path.join(folder, page), 'utf8')),
    );
    expect(rebuilt).not.toContain('set site.legal.');
    expect(rebuilt).toMatch(/<link [^>]*rel=canonical href=https:\/\/rehearsal\.example\//);
    const shown = (html: string) => facts.filter((fact) => html.includes(fact));
    expect(shown(rebuilt)).toEqual(shown(built));
  }
  const policy = await readFile(path.join(live, LEGAL_PAGES[0] ?? ''), 'utf8');
  for (const fact of [
    PRODUCTION_LEGAL.euRepresentative,
    PRODUCTION_LEGAL.chinaRepresentative,
    PRODUCTION_LEGAL.postalAddress,
    PRODUCTION_LEGAL.privacyEmail,
  ]) {
    expect(policy).toContain(fact);
  }
  // The coming-soon product's waitlist, with the deployment's key.
  const scripts = await filesOf(path.join(live, 'assets/js'));
  expect(Object.values(scripts).some((text) => text.includes(VARIABLES.SUPABASE_ANON_KEY))).toBe(
    true,
  );
});

it.each([
  [
    'its own placeholder',
    {postalAddress: '[postal address: set site.legal.postalAddress]'},
    '[build] site.legal.postalAddress is still a placeholder ("[postal address: set site.legal.postalAddress]"): set the postal address itself.',
  ],
  [
    'invisible characters only',
    {privacyEmail: '\u200B\u2060\u3164\u00AD'},
    '[build] site.legal.privacyEmail is not set (only invisible characters): the privacy e-mail that the privacy policy, terms or support page state.',
  ],
  [
    '"none named"',
    {chinaRepresentative: 'none named; please write to us directly.'},
    '[build] site.legal.chinaRepresentative names no one and gives no reason ("none named; please write to us directly."): set a name and address, or "none needed: <why>".',
  ],
])(
  'refuses a legal fact set to %s, in one line naming it, and leaves the live build',
  async (_, fact, line) => {
    const live = await readlink(path.join(site, 'build'));
    await configureForProduction(site, VARIABLES, {...PRODUCTION_LEGAL, ...fact});
    const {code, stderr} = await runUnit();
    expect(code).toBe(1);
    expect(stderr.trimEnd().split('\n')).toEqual([
      line,
      '[build] Set it in src/data/site.ts (docs/operating.md, "Legal facts") before a production build.',
    ]);
    expect(await readlink(path.join(site, 'build'))).toBe(live);
  },
);

it('refuses when deploy/site.env leaves out a variable, naming it, and does nothing without the file', async () => {
  const {NGINX_ROOT: _, ...rest} = VARIABLES;
  await configureForProduction(site, rest);
  expect(await runUnit()).toEqual({
    code: 1,
    stderr: expect.stringMatching(
      /^\[build\] deploy\/site\.env does not set NGINX_ROOT: name each \(empty for its default; SITE_URL is required\) before a production build\n$/,
    ) as unknown,
  });
  await rm(path.join(site, 'deploy/site.env'));
  const {stderr} = await run(path.join(site, 'scripts/rebuild.sh'), [], {cwd: site}).catch(
    (error: unknown) => error as {stderr: string},
  );
  expect(stderr).toMatch(/^\[rebuild\] deploy\/site\.env is missing: .*this one did nothing\n$/);
});
