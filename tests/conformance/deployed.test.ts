/**
 * The HTTP conformance checks against a deployed site:
 *   npm run check-deploy -- https://gotchalabs.app
 * (or CONFORMANCE_URL=https://… npx jest tests/conformance/deployed.test.ts). Headers are compared
 * with build/_headers, so run it in the checkout whose build was deployed. Skipped without a URL.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseHeadersFile} from '../../server/headers-file';
import {HTTP_CHECKS, type Target} from './http';
import {observatoryFailures} from './observatory';

jest.setTimeout(60_000);

const siteUrl = process.env.CONFORMANCE_URL?.replace(/\/+$/, '');
const headersFile = path.resolve(__dirname, '../../build/_headers');

const describeDeployed = siteUrl ? describe : describe.skip;

describeDeployed(`the site at ${siteUrl ?? 'CONFORMANCE_URL'}`, () => {
  const target = (): Target => {
    if (!existsSync(headersFile)) throw new Error(`${headersFile} is missing: build first.`);
    return {url: siteUrl ?? '', rules: parseHeadersFile(readFileSync(headersFile, 'utf8'))};
  };

  it.each(HTTP_CHECKS.map((check) => [check.name, check] as const))('%s', async (_check, check) => {
    await check.run(target());
  });

  it('passes the MDN HTTP Observatory scan', async () => {
    expect(await observatoryFailures(target().url)).toEqual([]);
  });
});
