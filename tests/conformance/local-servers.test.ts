/**
 * The HTTP conformance checks (http.ts, and server-checks.ts for the servers whose configuration
 * we ship) against each way the build is served here: the bundled server, nginx with
 * `_deploy/nginx.conf` and Caddy with `_deploy/Caddyfile` (run `npm run build` first; npm test
 * does, and installs nginx and Caddy). And the proof that the checks can fail: nginx with one
 * header left out of one block fails exactly the header check.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseHeadersFile} from '../../server/headers-file';
import {createPgliteStorage, startServer} from '../integration/server-process';
import {HTTP_CHECKS, type Target} from './http';
import {observatoryFailures} from './observatory';
import {SERVER_CHECKS} from './server-checks';
import {freePort, startCaddy, startNginx, type WebServer} from './web-servers';

jest.setTimeout(60_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
if (!existsSync(path.join(BUILD_DIR, '_deploy/nginx.conf'))) {
  throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
}
const rules = parseHeadersFile(readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));

async function startBundledServer(): Promise<WebServer> {
  const storage = await createPgliteStorage();
  const server = await startServer({storage, buildDir: BUILD_DIR, port: await freePort()});
  return {
    url: server.url,
    output: () => server.output(),
    stop: async () => {
      await server.stop();
      await storage.dispose();
    },
  };
}

const SERVERS: [name: string, start: () => Promise<WebServer>][] = [
  ['the bundled server', startBundledServer],
  ['nginx', () => startNginx({buildDir: BUILD_DIR})],
  ['Caddy', () => startCaddy({buildDir: BUILD_DIR})],
];

describe.each(SERVERS)('%s', (_name, start) => {
  let server: WebServer | undefined;
  const target = (): Target => {
    if (!server) throw new Error('The server did not start');
    return {url: server.url, rules};
  };
  beforeAll(async () => {
    server = await start();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it.each(HTTP_CHECKS.map((check) => [check.name, check] as const))('%s', async (_check, check) => {
    await check.run(target());
  });

  it.each(SERVER_CHECKS.map((check) => [check.name, check] as const))(
    '%s',
    async (_check, check) => {
      await check.run(target());
    },
  );

  it('passes every MDN HTTP Observatory test that can pass over plain HTTP', async () => {
    expect(await observatoryFailures(target().url)).toEqual([]);
  });
});

describe('a configuration that leaves out a header', () => {
  /** X-Frame-Options removed from the block for /assets/ only: pages still send it. */
  const withoutFramingRuleForAssets = (config: string) =>
    config.replace(
      /(location \^~ \/assets\/ \{[^}]*?)\n\s*add_header X-Frame-Options [^\n]*/,
      '$1',
    );

  it('fails the header check, and only that check, naming the header and the file', async () => {
    const server = await startNginx({buildDir: BUILD_DIR, edit: withoutFramingRuleForAssets});
    try {
      const failures: string[] = [];
      for (const check of HTTP_CHECKS) {
        await check.run({url: server.url, rules}).catch((error: unknown) => {
          failures.push(`${check.name}\n${String(error)}`);
        });
      }
      console.log(`The checks against the broken nginx configuration:\n${failures.join('\n')}`);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatch(/^sends every header of _headers/);
      expect(failures[0]).toMatch(/\/assets\/js\/main\.\w+\.js: x-frame-options is null, not DENY/);
    } finally {
      await server.stop();
    }
  });
});
