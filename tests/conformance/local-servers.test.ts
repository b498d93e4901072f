/**
 * The HTTP conformance checks (http.ts; server-checks.ts for the servers whose configuration we
 * ship; proxy-checks.ts for the waitlist's path) against each way the build is served here: the
 * bundled server, nginx with `_deploy/nginx.conf`, Caddy with `_deploy/Caddyfile` and Cloudflare's
 * local Pages server with `_headers`, `_redirects` and functions/ (run `npm run build` first; npm
 * test does, and installs nginx and Caddy). nginx, Caddy and Pages send the waitlist's calls on to
 * a recording stand-in for the Supabase project. And the proof that the checks can fail: nginx
 * with one header left out of one block fails exactly the header check; a proxy that forwards a
 * header too few, or a second table, fails the proxy checks; one that names no visitor fails the
 * sign-up limit checks (limit-checks.ts).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseHeadersFile} from '../../server/headers-file';
import {createPgliteStorage, startServer} from '../integration/server-process';
import {HTTP_CHECKS} from './http';
import {LIMIT_CHECKS} from './limit-checks';
import {observatoryFailures} from './observatory';
import {PROXY_CHECKS, type ProxyTarget} from './proxy-checks';
import {SERVER_CHECKS} from './server-checks';
import {startRecordingUpstream, type RecordingUpstream} from './upstream';
import {
  freePort,
  startCaddy,
  startNginx,
  startPagesDev,
  type StartOptions,
  type WebServer,
} from './web-servers';

jest.setTimeout(90_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
if (!existsSync(path.join(BUILD_DIR, '_deploy/nginx.conf'))) {
  throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
}
const rules = parseHeadersFile(readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));

/** The proxies' secret here, as a deploy sets it on the host and in the database. */
const PROXY_SECRET = 'conformance-proxy-secret-0123456789abcdef';
/** The deployed limit, on the bundled server and on the stand-in behind the proxies. */
const SIGN_UPS_PER_MINUTE = 10;

async function startBundledServer(): Promise<WebServer> {
  const storage = await createPgliteStorage();
  const server = await startServer({
    storage,
    buildDir: BUILD_DIR,
    port: await freePort(),
    writesPerMinute: SIGN_UPS_PER_MINUTE,
  });
  return {
    url: server.url,
    output: () => server.output(),
    stop: async () => {
      await server.stop();
      await storage.dispose();
    },
  };
}

/**
 * Where Cloudflare's local Pages server answers otherwise than the checks ask, by check, and why.
 * Each is run and must still fail, so this list stays true; the rest of the checks must pass.
 */
const PAGES_DEVIATIONS: Record<string, string> = {
  'redirects the slash form and /blog to the canonical URL with 301, query kept':
    'Pages redirects /blogs/ to /blogs by itself, with 308',
  'answers a malformed URL with 400, and an HTML answer with every header':
    'Pages answers a malformed escape with 404',
  'refuses every method but GET and HEAD with 405 and Allow: GET, HEAD':
    'Pages answers 405 without an Allow header',
  'does not serve the files written for hosts':
    'Pages serves _deploy/ like any folder (and the local server answers /_headers with 502)',
  'sends every header of _headers on pages, assets, images, redirects and errors':
    'Pages joins the values of a header two matching rules set: Cache-Control on /assets/*',
  'serves the service worker and the web app manifest, the worker never from a cache unchecked':
    'the same joining gives /sw.js "public, max-age=0, must-revalidate, no-cache"',
  'compresses the not-found page like any other page':
    'the local server compresses without Vary (the edge compresses for a deployed site)',
  'sends a hashed script brotli-compressed, cached for a year, immutable':
    'the local server compresses with gzip only, and joins Cache-Control',
  'makes pages revalidate, and answers a matching ETag with 304':
    'the local server compares If-None-Match with one ETag only, not a list',
  'gives each encoding its own ETag, so a validator never stands for another encoding':
    'the local server gives every encoding the file’s one ETag',
};

/** The same, for the sign-up limit checks (limit-checks.ts). */
const PAGES_LIMIT_DEVIATIONS: Record<string, string> = {
  "does not let a visitor's own CF-Connecting-IP name another visitor":
    'wrangler keeps a CF-Connecting-IP the client sent (it sets one from the connection only ' +
    'when there is none); Cloudflare’s edge always sets it from the connection',
};

interface Host {
  start: (options: StartOptions) => Promise<WebServer>;
  /** Whether the host sends the waitlist's path on to a project (the bundled server is one). */
  proxies: boolean;
  /** Whether we ship its configuration, so that server-checks.ts applies. */
  configured: boolean;
  /** Checks of http.ts the host is known to fail, with the reason. */
  deviations?: Record<string, string>;
  /** Checks of limit-checks.ts the host is known to fail, with the reason. */
  limitDeviations?: Record<string, string>;
}

const HOSTS: [name: string, host: Host][] = [
  ['the bundled server', {start: startBundledServer, proxies: false, configured: true}],
  ['nginx', {start: startNginx, proxies: true, configured: true}],
  ['Caddy', {start: startCaddy, proxies: true, configured: true}],
  [
    'Cloudflare Pages (wrangler pages dev)',
    {
      start: startPagesDev,
      proxies: true,
      configured: false,
      deviations: PAGES_DEVIATIONS,
      limitDeviations: PAGES_LIMIT_DEVIATIONS,
    },
  ],
];

describe.each(HOSTS)('%s', (_name, host) => {
  const {start, proxies, configured, deviations = {}, limitDeviations = {}} = host;
  let server: WebServer | undefined;
  let upstream: RecordingUpstream | undefined;
  const target = (): ProxyTarget => {
    if (!server) throw new Error('The server did not start');
    return {url: server.url, rules, upstream, proxySecret: proxies ? PROXY_SECRET : undefined};
  };
  beforeAll(async () => {
    upstream = proxies
      ? await startRecordingUpstream({
          proxySecret: PROXY_SECRET,
          writesPerMinute: SIGN_UPS_PER_MINUTE,
        })
      : undefined;
    server = await start({
      buildDir: BUILD_DIR,
      supabaseUrl: upstream?.url,
      proxySecret: proxies ? PROXY_SECRET : undefined,
    });
  });
  afterAll(async () => {
    await server?.stop();
    await upstream?.stop();
  });

  const passing = HTTP_CHECKS.filter(({name}) => !(name in deviations));
  it.each(passing.map((check) => [check.name, check] as const))('%s', async (_check, check) => {
    await check.run(target());
  });

  const known = HTTP_CHECKS.filter(({name}) => name in deviations);
  if (known.length > 0) {
    it.each(known.map((check) => [check.name, deviations[check.name], check] as const))(
      'still fails "%s": %s',
      async (_check, _reason, check) => {
        // The check's own expectation, not a connection refused or a timeout.
        await expect(check.run(target())).rejects.toThrow(/expect\(/);
      },
    );
  }

  it.each(PROXY_CHECKS.map((check) => [check.name, check] as const))(
    'waitlist: %s',
    async (_check, check) => {
      await check.run(target());
    },
  );

  const limitChecks = LIMIT_CHECKS.filter(({name}) => !(name in limitDeviations));
  it.each(limitChecks.map((check) => [check.name, check] as const))(
    'sign-up limits: %s',
    async (_check, check) => {
      await check.run(target());
    },
  );
  const knownLimits = LIMIT_CHECKS.filter(({name}) => name in limitDeviations);
  if (knownLimits.length > 0) {
    it.each(knownLimits.map((check) => [check.name, limitDeviations[check.name], check] as const))(
      'sign-up limits: still fails "%s": %s',
      async (_check, _reason, check) => {
        await expect(check.run(target())).rejects.toThrow(/expect\(/);
      },
    );
  }

  if (configured) {
    it.each(SERVER_CHECKS.map((check) => [check.name, check] as const))(
      '%s',
      async (_check, check) => {
        await check.run(target());
      },
    );
  }

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

describe('a proxy that forwards a header too few, or a second table', () => {
  let upstream: RecordingUpstream;
  beforeAll(async () => {
    upstream = await startRecordingUpstream();
  });
  afterAll(async () => {
    await upstream.stop();
  });

  /** The names of the proxy checks a server fails. */
  async function failedProxyChecks(server: WebServer): Promise<string[]> {
    const failed: string[] = [];
    try {
      for (const check of PROXY_CHECKS) {
        await check.run({url: server.url, rules, upstream}).catch((error: unknown) => {
          failed.push(check.name);
          console.log(`${check.name}\n${String(error)}`);
        });
      }
    } finally {
      await server.stop();
    }
    return failed;
  }

  it('fails the forwarding check when nginx leaves out Prefer', async () => {
    const withoutPrefer = (config: string) =>
      config.replace(/\n\s*proxy_set_header Prefer [^\n]*/, '');
    expect(
      withoutPrefer(readFileSync(path.join(BUILD_DIR, '_deploy/nginx.conf'), 'utf8')),
    ).not.toMatch(/proxy_set_header Prefer/);
    const server = await startNginx({
      buildDir: BUILD_DIR,
      supabaseUrl: upstream.url,
      edit: withoutPrefer,
    });
    expect(await failedProxyChecks(server)).toEqual(
      expect.arrayContaining([expect.stringMatching(/^sends on apikey, Authorization/)]),
    );
  });

  it('fails the sign-up limit check when nginx sends no secret, counting every visitor together', async () => {
    const limited = await startRecordingUpstream({
      proxySecret: PROXY_SECRET,
      writesPerMinute: SIGN_UPS_PER_MINUTE,
    });
    const server = await startNginx({buildDir: BUILD_DIR, supabaseUrl: limited.url});
    try {
      const [perVisitor] = LIMIT_CHECKS;
      await expect(perVisitor?.run({url: server.url, rules, upstream: limited})).rejects.toThrow(
        /expect\(/,
      );
    } finally {
      await server.stop();
      await limited.stop();
    }
  });

  it('fails the refusal check when Caddy sends a second table on too', async () => {
    const withSecondTable = (config: string) =>
      config.replace(/^(\s*@waitlist path \S+)$/m, '$1 /rest/v1/other_table');
    expect(
      withSecondTable(readFileSync(path.join(BUILD_DIR, '_deploy/Caddyfile'), 'utf8')),
    ).toMatch(/other_table/);
    const server = await startCaddy({
      buildDir: BUILD_DIR,
      supabaseUrl: upstream.url,
      edit: withSecondTable,
    });
    expect(await failedProxyChecks(server)).toEqual([
      'refuses other tables, other paths and other methods before they reach the project',
    ]);
  });
});
