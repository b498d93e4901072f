/**
 * deploy/site.env, the build variables' one home (scripts/site-env.ts): when a build is a
 * production one, what it refuses, and that the file, not the environment, decides.
 */
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {loadSiteEnv, parseSiteEnv, SITE_ENV_KEYS} from '../../scripts/site-env';

let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'site-env-'));
  mkdirSync(path.join(root, 'deploy'));
});
afterEach(() => {
  rmSync(root, {recursive: true, force: true});
});

/** Writes the file with every variable empty, then `values`. */
function siteEnv(values: Record<string, string>, leaveOut: string[] = []): void {
  const all = {...Object.fromEntries(SITE_ENV_KEYS.map((key) => [key, ''])), ...values};
  const lines = Object.entries(all)
    .filter(([key]) => !leaveOut.includes(key))
    .map(([key, value]) => `${key}=${value}`);
  writeFileSync(path.join(root, 'deploy/site.env'), `# a deployment\n\n${lines.join('\n')}\n`);
}

it('is a local build without the file, SITE_URL or a host, and leaves the environment alone', () => {
  const env = {NGINX_ROOT: '/srv/rehearsal'};
  expect(loadSiteEnv(root, env)).toEqual({production: false});
  expect(env).toEqual({NGINX_ROOT: '/srv/rehearsal'});
});

it.each([
  ['SITE_URL set', {SITE_URL: 'https://gotchalabs.app'}],
  ['on Netlify', {NETLIFY: 'true'}],
  ['on Cloudflare Pages', {CF_PAGES: '1'}],
])('refuses a production build (%s) without the file, in one line', (_, env) => {
  expect(() => loadSiteEnv(root, env)).toThrow(
    /^deploy\/site\.env is missing: a production build reads SITE_URL, COMING_SOON_PRODUCTS, .* from it \(copy deploy\/site\.env\.example; docs\/deploying\.md, "Build variables"\)$/,
  );
});

it('reads every variable from the file into the environment: a production build', () => {
  siteEnv({SITE_URL: 'https://gotchalabs.app', NGINX_ROOT: '/srv/site'});
  const env: Record<string, string | undefined> = {PATH: '/usr/bin'};
  expect(loadSiteEnv(root, env)).toEqual({production: true});
  expect(env).toMatchObject({SITE_URL: 'https://gotchalabs.app', NGINX_ROOT: '/srv/site'});
  expect(env.NGINX_LISTEN).toBe('');
});

it('names the variables the file leaves out, SITE_URL when empty, in one line', () => {
  siteEnv({}, ['NGINX_ROOT', 'WAITLIST_UPSTREAM']);
  expect(() => loadSiteEnv(root, {})).toThrow(
    'deploy/site.env does not set SITE_URL, WAITLIST_UPSTREAM, NGINX_ROOT: name each (empty for its default; SITE_URL is required) before a production build',
  );
});

it('refuses a variable the environment sets to another value than the file', () => {
  siteEnv({SITE_URL: 'https://gotchalabs.app'});
  expect(() => loadSiteEnv(root, {NGINX_ROOT: '/var/www/other'})).toThrow(
    'NGINX_ROOT in the environment differs from deploy/site.env: a production build takes the variables from the file alone (unset it, or edit the file)',
  );
  expect(loadSiteEnv(root, {SITE_URL: 'https://gotchalabs.app'})).toEqual({production: true});
});

it('reads KEY=value lines only, naming a line with quotes, spaces or an unknown key', () => {
  expect(parseSiteEnv('# c\nSITE_URL=https://a.example\n\nNGINX_ROOT=\n')).toEqual({
    SITE_URL: 'https://a.example',
    NGINX_ROOT: '',
  });
  expect(() => parseSiteEnv('SITE_URL="https://a.example"')).toThrow(
    'deploy/site.env:1 is not KEY=value (no spaces, quotes or backslashes): "SITE_URL="https://a.example""',
  );
  expect(() => parseSiteEnv('\nSITE_URL=https://a.example\nSITE_ULR=x')).toThrow(
    /^deploy\/site\.env:3 names SITE_ULR, which is not a build variable/,
  );
});
