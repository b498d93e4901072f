/**
 * The HTTP conformance checks (http.ts; server-checks.ts for the servers whose configuration we
 * ship; proxy-checks.ts for the waitlist's path) against each way the build is served here: the
 * bundled server, nginx with `_deploy/nginx.conf`, Caddy with `_deploy/Caddyfile` and Cloudflare's
 * local Pages server with `_headers`, `_redirects` and functions/ (run `npm run build` first; npm
 * test does, and installs nginx and Caddy). nginx, Caddy and Pages send the waitlist's calls on to
 * a recording stand-in for the Supabase project; the per-visitor limits are checked on a second
 * bundled server that has them (the first runs without, for the checks' many calls). Each host's
 * known deviations are named with their reason and must still fail. And the proof that the checks
 * can fail: nginx with one header left out of one block fails exactly the header check; a proxy
 * that forwards a header too few, or a second table, fails the proxy checks; one that names no
 * visitor fails the sign-up limit checks (limit-checks.ts).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {parseHeadersFile} from '../../server/headers-file';
import {createPgliteStorage, startServer} from '../integration/server-process';
import {HTTP_CHECKS} from './http';
import {observatoryFailures} from './observatory';
import {READS_PER_MINUTE, SIGN_UPS_PER_MINUTE} from '../../plugins/security-headers/waitlist-proxy';
import {LIMIT_CHECKS} from './limit-checks';
import {LIMIT_PROXY_CHECKS, PROXY_CHECKS, type ProxyTarget} from './proxy-checks';
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

interface NamedCheck {
  name: string;
  run(target: ProxyTarget): Promise<void>;
}

const BUILD_DIR = path.resolve(__dirname, '../../build');
if (!existsSync(path.join(BUILD_DIR, '_deploy/nginx.conf'))) {
  throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
}
const rules = parseHeadersFile(readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));
/** The proxies' secret here, as a deploy sets it on the host and in the database. */
const PROXY_SECRET = 'conformance-proxy-secret-0123456789abcdef';
/** The project behind the proxies: a recording stand-in that counts each visitor's sign-ups. */
const startProject = () =>
  startRecordingUpstream({proxySecret: PROXY_SECRET, writesPerMinute: SIGN_UPS_PER_MINUTE});

/** The bundled server, with the waitlist's per-visitor limits or (by default) without. */
async function startBundledServer(limits = {writesPerMinute: 0, readsPerMinute: 0}) {
  const storage = await createPgliteStorage();
  const server = await startServer({
    storage,
    buildDir: BUILD_DIR,
    port: await freePort(),
    ...limits,
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

/** Checks that send more sign-ups and reads from one address than the limits allow. */
const startLimitedBundledServer = () =>
  startBundledServer({writesPerMinute: SIGN_UPS_PER_MINUTE, readsPerMinute: READS_PER_MINUTE});

const TRICKLE_CHECK = 'closes a sign-up whose body trickles a byte every 5 s with 408 within 35 s';
const CONNECTION_CAP_CHECK =
  'holds at most 50 unfinished calls of one visitor, none sent on unfinished';
const RATE_CHECK = 'refuses a visitor’s sign-up 11 and read 61 in a minute with 429';

/** Where nginx answers otherwise than the checks ask, and why (run, and must still fail). */
const NGINX_DEVIATIONS: Record<string, string> = {
  [TRICKLE_CHECK]:
    'client_body_timeout bounds only the gap between reads, and nginx closes a body over it without its 408: the body is held, never sent on, and each visitor’s connections are capped',
  'passes back only the answer headers the form needs, none of the project’s own':
    'stock nginx drops answer headers only by name: those Supabase’s gateway is known to send go, a new one would pass',
};

/** Where Caddy 2.6 answers otherwise than the checks ask, and why. */
const CADDY_DEVIATIONS: Record<string, string> = {
  [CONNECTION_CAP_CHECK]:
    'Caddy has no per-visitor connection cap, and sends a body on as it arrives (buffer_requests answers a body cut at its time limit with an empty 200); read_body ends each at 35 s',
  [RATE_CHECK]:
    'Caddy has no rate limiter but as a plugin: the project’s limit counts each visitor’s sign-ups (with the secret), not reads',
};

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
  [TRICKLE_CHECK]:
    'the local server answers nothing within 35 s (the Function’s own 408 at 30 s is shown in tests/unit/waitlist-proxy.test.ts)',
  [CONNECTION_CAP_CHECK]:
    'a Function cannot cap a visitor’s connections: Cloudflare’s edge limits them (rate limiting rules)',
  [RATE_CHECK]:
    'a Function keeps no count across requests: Cloudflare’s rate limiting rules limit each visitor',
  "does not let a visitor's own CF-Connecting-IP name another visitor":
    'wrangler keeps a CF-Connecting-IP the client sent (it sets one from the connection only ' +
    'when there is none); Cloudflare’s edge always sets it from the connection',
};

interface Host {
  start: (options: StartOptions) => Promise<WebServer>;
  /** Another instance for LIMIT_PROXY_CHECKS, when the first runs without the limits. */
  startForLimits?: (options: StartOptions) => Promise<WebServer>;
  /** Whether the host sends the waitlist's path on to a project (the bundled server is one). */
  proxies: boolean;
  /** Whether we ship its configuration, so that server-checks.ts applies. */
  configured: boolean;
  /** Checks the host is known to fail, by name, with the reason. */
  deviations?: Record<string, string>;
}

const HOSTS: [name: string, host: Host][] = [
  [
    'the bundled server',
    {
      start: () => startBundledServer(),
      startForLimits: startLimitedBundledServer,
      proxies: false,
      configured: true,
    },
  ],
  ['nginx', {start: startNginx, proxies: true, configured: true, deviations: NGINX_DEVIATIONS}],
  ['Caddy', {start: startCaddy, proxies: true, configured: true, deviations: CADDY_DEVIATIONS}],
  [
    'Cloudflare Pages (wrangler pages dev)',
    {start: startPagesDev, proxies: true, configured: false, deviations: PAGES_DEVIATIONS},
  ],
];

/**
 * One test per check: those the host passes, and those named in `deviations`, which must still
 * fail by the check's own expectation (not a connection refused or a timeout).
 */
function testChecks(
  checks: readonly NamedCheck[],
  deviations: Record<string, string>,
  target: () => ProxyTarget,
  prefix = '',
): void {
  const passing = checks.filter(({name}) => !(name in deviations));
  if (passing.length > 0) {
    it.each(passing.map((check) => [check.name, check] as const))(
      `${prefix}%s`,
      async (_check, check) => {
        await check.run(target());
      },
    );
  }
  const known = checks.filter(({name}) => name in deviations);
  if (known.length > 0) {
    it.each(known.map((check) => [check.name, deviations[check.name], check] as const))(
      `${prefix}still fails "%s": %s`,
      async (_check, _reason, check) => {
        await expect(check.run(target())).rejects.toThrow(/expect\(/);
      },
    );
  }
}

const ALL_CHECKS: readonly NamedCheck[] = [
  ...HTTP_CHECKS,
  ...PROXY_CHECKS,
  ...LIMIT_PROXY_CHECKS,
  ...LIMIT_CHECKS,
  ...SERVER_CHECKS,
];

it.each(HOSTS)('%s: each known deviation names a check', (_name, {deviations = {}}) => {
  const unknown = Object.keys(deviations).filter(
    (name) => !ALL_CHECKS.some((check) => check.name === name),
  );
  expect(unknown).toEqual([]);
});

describe.each(HOSTS)(
  '%s',
  (_name, {start, startForLimits, proxies, configured, deviations = {}}) => {
    let server: WebServer | undefined;
    let upstream: RecordingUpstream | undefined;
    const targetOf = (on: WebServer | undefined) => (): ProxyTarget => {
      if (!on) throw new Error('The server did not start');
      return {url: on.url, rules, upstream, proxySecret: proxies ? PROXY_SECRET : undefined};
    };
    const target = (): ProxyTarget => targetOf(server)();
    beforeAll(async () => {
      upstream = proxies ? await startProject() : undefined;
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

    testChecks(HTTP_CHECKS, deviations, target);
    testChecks(PROXY_CHECKS, deviations, target, 'waitlist: ');
    if (configured) testChecks(SERVER_CHECKS, deviations, target);

    it('passes every MDN HTTP Observatory test that can pass over plain HTTP', async () => {
      expect(await observatoryFailures(target().url)).toEqual([]);
    });

    describe('limits', () => {
      let limited: WebServer | undefined;
      beforeAll(async () => {
        limited = startForLimits ? await startForLimits({buildDir: BUILD_DIR}) : server;
      });
      afterAll(async () => {
        if (limited !== server) await limited?.stop();
      });
      testChecks(LIMIT_PROXY_CHECKS, deviations, () => targetOf(limited)(), 'waitlist: ');
      testChecks(LIMIT_CHECKS, deviations, () => targetOf(limited)(), 'sign-up limits: ');
    });
  },
);

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

describe('a proxy that forwards a header too few, a second table or another path', () => {
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

  it('fails the path check when nginx sends on whatever its decoded $uri matched', async () => {
    const withoutPathGuard = (config: string) =>
      config.replace(/\n\s*if \(\$request_uri [^{]*\{\s*return 404;\s*\}/, '');
    expect(
      withoutPathGuard(readFileSync(path.join(BUILD_DIR, '_deploy/nginx.conf'), 'utf8')),
    ).not.toMatch(/\$request_uri !~/);
    const server = await startNginx({
      buildDir: BUILD_DIR,
      supabaseUrl: upstream.url,
      edit: withoutPathGuard,
    });
    const failed = await failedProxyChecks(server);
    expect(failed.filter((name) => !(name in NGINX_DEVIATIONS))).toEqual([
      'sends on only the canonical path: other spellings of it are answered by the host',
    ]);
  });

  it('fails the sign-up limit check when nginx sends no secret, counting every visitor together', async () => {
    const project = await startProject();
    const server = await startNginx({buildDir: BUILD_DIR, supabaseUrl: project.url});
    try {
      const [perVisitor] = LIMIT_CHECKS;
      await expect(perVisitor?.run({url: server.url, rules, upstream: project})).rejects.toThrow(
        /expect\(/,
      );
    } finally {
      await server.stop();
      await project.stop();
    }
  });

  it('fails the refusal check when Caddy sends a second table on too', async () => {
    const withSecondTable = (config: string) =>
      config.replace(
        /^(\s*@waitlist expression `)/m,
        '$1{http.request.uri}.startsWith("/rest/v1/other_table") || ',
      );
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
