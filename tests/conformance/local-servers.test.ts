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
import {readFileSync} from 'node:fs';
import path from 'node:path';
import {
  BUILD_DIR,
  HOSTS,
  NGINX_DEVIATIONS,
  PROXY_SECRET,
  TRICKLE_CHECK,
  rules,
  startProject,
} from './hosts';
import {HTTP_CHECKS} from './http';
import {observatoryFailures} from './observatory';
import {LIMIT_CHECKS} from './limit-checks';
import {LIMIT_PROXY_CHECKS, PROXY_CHECKS, type ProxyTarget} from './proxy-checks';
import {SERVER_CHECKS} from './server-checks';
import {startRecordingUpstream, type RecordingUpstream} from './upstream';
import {startCaddy, startNginx, type WebServer} from './web-servers';

jest.setTimeout(90_000);

interface NamedCheck {
  name: string;
  run(target: ProxyTarget): Promise<void>;
}

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
      // The trickling body runs on every host at once, in slow-bodies.test.ts.
      const limitChecks = LIMIT_PROXY_CHECKS.filter(({name}) => name !== TRICKLE_CHECK);
      testChecks(limitChecks, deviations, () => targetOf(limited)(), 'waitlist: ');
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
