/**
 * `npm run check-deploy` as an operator runs it (scripts/check-deploy.sh), against nginx serving
 * the build with its own `_deploy/nginx.conf` but no Supabase project set: the one failing check
 * is named in one line with its fix, the rest pass, and jest exits at once. Without the anon key
 * it refuses to start, saying which key it needs. Needs `npm run build` first (npm test does).
 */
import {execFile} from 'node:child_process';
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {LOCAL_ANON_KEY} from '../../contracts/waitlist';
import {startNginx, type WebServer} from './web-servers';

jest.setTimeout(180_000);

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);

async function checkDeploy(url: string, env: Record<string, string>) {
  const outcome = await run('bash', ['scripts/check-deploy.sh', url], {
    cwd: ROOT,
    env: {...process.env, CONFORMANCE_URL: '', ...env},
  }).then(
    ({stdout, stderr}) => ({code: 0, stdout, stderr}),
    (error: unknown) => error as {code: number; stdout: string; stderr: string},
  );
  return {code: outcome.code, stdout: outcome.stdout, stderr: outcome.stderr};
}

let nginx: WebServer;
beforeAll(async () => {
  nginx = await startNginx({buildDir: path.join(ROOT, 'build')});
});
afterAll(async () => {
  await nginx.stop();
});

it('names the missing proxy in one line, and passes every other check', async () => {
  const {code, stdout} = await checkDeploy(nginx.url, {SUPABASE_ANON_KEY: LOCAL_ANON_KEY});
  const failures = stdout.split('\n').filter((line) => line.startsWith('✗'));
  expect(failures).toEqual([
    '✗ the host does not forward /rest/v1/waitlist_emails: set proxy_pass https://<ref>.supabase.co; in /etc/nginx/gotcha-labs.d/supabase/project.conf (nginx), SUPABASE_URL (Caddy, Cloudflare Pages) or build with SUPABASE_URL (Netlify), then reload',
  ]);
  const verdict = /^1 of 20 checks failed \(each ✗ names the cause\); details: (\S+)$/m.exec(
    stdout,
  );
  expect(verdict?.[0]).toBeDefined();
  expect(code).toBe(1);
  const log = readFileSync(path.join(ROOT, verdict?.[1] ?? ''), 'utf8');
  expect(log).toContain('Tests:       1 failed, 19 passed, 20 total');
  expect(log).not.toContain('did not exit');
});

it('refuses to start without the anon key, naming the key it needs', async () => {
  const {code, stdout, stderr} = await checkDeploy(nginx.url, {SUPABASE_ANON_KEY: ''});
  expect({code, stdout}).toEqual({code: 2, stdout: ''});
  expect(stderr).toBe(
    `SUPABASE_ANON_KEY is not set: the waitlist checks need the anon key the build was made with (the bundled stand-in's: ${LOCAL_ANON_KEY})\n`,
  );
});
