/**
 * The HTTP conformance checks against a deployed site:
 *   SUPABASE_ANON_KEY=<anon key> npm run check-deploy -- https://gotchalabs.app
 * (or CONFORMANCE_URL=https://… npx jest tests/conformance/deployed.test.ts). Headers are compared
 * with build/_headers, so run it in the checkout whose build was deployed. The waitlist's proxy
 * is checked with the calls that add no row: the connection test reaches the project through the
 * site's origin, and other tables and methods are refused. Jest leaves it out without a URL.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseHeadersFile} from '../../server/headers-file';
import {HTTP_CHECKS} from './http';
import {observatoryFailures} from './observatory';
import {READING_PROXY_CHECKS} from './proxy-checks';

jest.setTimeout(60_000);

const siteUrl = process.env.CONFORMANCE_URL?.replace(/\/+$/, '') ?? '';
const headersFile = path.resolve(__dirname, '../../build/_headers');

describe(`the site at ${siteUrl}`, () => {
  const target = () => {
    if (!existsSync(headersFile)) throw new Error(`${headersFile} is missing: build first.`);
    return {
      url: siteUrl,
      rules: parseHeadersFile(readFileSync(headersFile, 'utf8')),
      anonKey: process.env.SUPABASE_ANON_KEY || undefined,
    };
  };

  it.each(HTTP_CHECKS.map((check) => [check.name, check] as const))('%s', async (_check, check) => {
    await check.run(target());
  });

  it.each(READING_PROXY_CHECKS.map((check) => [check.name, check] as const))(
    'waitlist: %s',
    async (_check, check) => {
      await check.run(target());
    },
  );

  it('passes the MDN HTTP Observatory scan', async () => {
    expect(await observatoryFailures(target().url)).toEqual([]);
  });
});
