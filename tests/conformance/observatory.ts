import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';

const SCANNER = path.resolve(
  __dirname,
  '../../.cache/observatory/node_modules/.bin/mdn-http-observatory-scan',
);
/** Tests that cannot pass over plain HTTP: they need HTTPS. */
const NEEDS_HTTPS = ['redirection', 'strict-transport-security'];

/**
 * The MDN HTTP Observatory's tests a site fails (over plain HTTP, those that need HTTPS are left
 * out), as `name: result` lines; it expects the CSP to allow inline styles, and nothing else.
 */
export async function observatoryFailures(siteUrl: string): Promise<string[]> {
  if (!existsSync(SCANNER)) {
    throw new Error('Run scripts/install-observatory.sh first (npm test does).');
  }
  const {host, protocol} = new URL(siteUrl);
  const {stdout} = await promisify(execFile)(SCANNER, [host], {maxBuffer: 16 * 1024 * 1024});
  const {tests} = JSON.parse(stdout) as {tests: Record<string, {pass: boolean; result: string}>};
  if (Object.keys(tests).length < 10) throw new Error(`The scan ran too few tests:\n${stdout}`);
  const exempt = protocol === 'https:' ? [] : NEEDS_HTTPS;
  const failing = Object.entries(tests)
    .filter(([name, test]) => !test.pass && !exempt.includes(name))
    .map(([name, test]) => `${name}: ${test.result}`);
  const csp = tests['content-security-policy']?.result;
  if (csp !== 'csp-implemented-with-unsafe-inline-in-style-src-only') {
    failing.push(`content-security-policy: ${csp}`);
  }
  return failing;
}
