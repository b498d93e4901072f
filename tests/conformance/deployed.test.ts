/**
 * The HTTP conformance checks against a deployed site:
 *   SUPABASE_ANON_KEY=<anon key> npm run check-deploy -- https://gotchalabs.app
 * (or CONFORMANCE_URL=https://… npx jest tests/conformance/deployed.test.ts). Headers are compared
 * with build/_headers (BUILD_DIR/_headers), so run it in the checkout whose build was deployed. The waitlist's proxy
 * is checked with the calls that add no row: the connection test reaches the project through the
 * site's origin, and other tables and methods are refused. Jest leaves it out without a URL.
 * A failing check fails with one line that names its cause and fix; the assertion follows it.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseHeadersFile} from '../../contracts/headers-file';
import {HTTP_CHECKS} from './http';
import {observatoryFailures} from './observatory';
import {CheckFailure, READING_PROXY_CHECKS, type ProxyTarget} from './proxy-checks';

jest.setTimeout(60_000);

const siteUrl = process.env.CONFORMANCE_URL?.replace(/\/+$/, '') ?? '';
const headersFile = path.resolve(__dirname, '../..', process.env.BUILD_DIR || 'build', '_headers');

/** The check's run, failing with its cause on the first line and what it found after it. */
async function explained(check: {cause: string; run(target: ProxyTarget): Promise<void>}) {
  if (!existsSync(headersFile)) throw new CheckFailure(`${headersFile} is missing: build first`);
  const target = {
    url: siteUrl,
    rules: parseHeadersFile(readFileSync(headersFile, 'utf8')),
    anonKey: process.env.SUPABASE_ANON_KEY || undefined,
  };
  try {
    await check.run(target);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const cause = error instanceof CheckFailure ? detail : (unreachable(error) ?? check.cause);
    const failure = new CheckFailure(cause);
    failure.stack = `${cause}\n\n${detail}`;
    throw failure;
  }
}

/** A site that does not answer at all fails every check for that one reason. */
function unreachable(error: unknown): string | undefined {
  if (!(error instanceof TypeError) || error.message !== 'fetch failed') return undefined;
  return `${siteUrl} does not answer (${String(error.cause)}): check the URL, and that the host runs`;
}

// fetch keeps each connection open for as long as the server allows (Fastify 72 s, nginx 75 s),
// which held jest for a minute after the checks: each request asks the server to close it.
const fetchKeepingAlive = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (input, init) => {
    const headers = new Headers(init?.headers);
    headers.set('connection', 'close');
    return fetchKeepingAlive(input, {...init, headers});
  };
});
afterAll(() => {
  globalThis.fetch = fetchKeepingAlive;
});

describe(`the site at ${siteUrl}`, () => {
  it.each(HTTP_CHECKS.map((check) => [check.name, check] as const))('%s', async (_name, check) => {
    await explained(check);
  });

  it.each(READING_PROXY_CHECKS.map((check) => [check.name, check] as const))(
    'waitlist: %s',
    async (_name, check) => {
      await explained(check);
    },
  );

  it('passes the MDN HTTP Observatory scan', async () => {
    await explained({
      cause: 'the MDN HTTP Observatory scan fails: its failing tests follow',
      run: async ({url}) => {
        const failures = await observatoryFailures(url);
        if (failures.length > 0) {
          throw new CheckFailure(`the MDN HTTP Observatory scan fails: ${failures.join('; ')}`);
        }
      },
    });
  });
});
