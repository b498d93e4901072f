/**
 * The ways the build is served here, as the conformance tests start them: the bundled server,
 * nginx and Caddy with the build's `_deploy/` files, and Cloudflare's local Pages server; the
 * proxies in front of a stand-in for the Supabase project that counts each visitor with the
 * proxies' secret. With each host, the checks it is known to fail and why (each must still fail).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {
  CONNECTIONS_PER_VISITOR,
  READS_PER_MINUTE,
  SIGN_UPS_PER_MINUTE,
} from '../../contracts/waitlist-proxy';
import {parseHeadersFile} from '../../contracts/headers-file';
import {createPgliteStorage, startServer} from '../integration/server-process';
import {startRecordingUpstream} from './upstream';
import {
  freePort,
  startCaddy,
  startNginx,
  startPagesDev,
  type StartOptions,
  type WebServer,
} from './web-servers';

export const BUILD_DIR = path.resolve(__dirname, '../../build');
if (!existsSync(path.join(BUILD_DIR, '_deploy/nginx.conf'))) {
  throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
}
export const rules = parseHeadersFile(readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));
/** The proxies' secret here, as a deploy sets it on the host and in the database. */
export const PROXY_SECRET = 'conformance-proxy-secret-0123456789abcdef';
/** The project behind the proxies: a recording stand-in that counts each visitor's sign-ups. */
export const startProject = () =>
  startRecordingUpstream({proxySecret: PROXY_SECRET, writesPerMinute: SIGN_UPS_PER_MINUTE});

/** The bundled server, with the waitlist's per-visitor limits or (by default) without. */
async function startBundledServer(limits?: {writesPerMinute: number; readsPerMinute: number}) {
  const storage = await createPgliteStorage();
  const server = await startServer({
    storage,
    buildDir: BUILD_DIR,
    port: await freePort(),
    writesPerMinute: limits?.writesPerMinute ?? 0,
    readsPerMinute: limits?.readsPerMinute ?? 0,
    // With the limits, its cap on each visitor's connections too, as served: a sign-up is counted
    // once its body has arrived, so the cap alone bounds the calls a visitor holds unfinished.
    env: limits ? {MAX_CONNECTIONS_PER_ADDRESS: String(CONNECTIONS_PER_VISITOR)} : {},
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

export const TRICKLE_CHECK =
  'closes a sign-up whose body trickles a byte every 5 s with 408 within 35 s';
const CONNECTION_CAP_CHECK =
  'holds at most 50 unfinished calls of one visitor, none sent on unfinished';
const RATE_CHECK = 'refuses a visitor’s sign-up 11 and read 61 in a minute with 429';

/** Where nginx answers otherwise than the checks ask, and why (run, and must still fail). */
export const NGINX_DEVIATIONS: Record<string, string> = {
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

export const HOSTS: [name: string, host: Host][] = [
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
