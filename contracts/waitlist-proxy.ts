/**
 * What every host forwards of the waitlist's REST calls to the Supabase project, so that the
 * form talks to the page's own origin (a visitor who can load the page can sign up, even where
 * `*.supabase.co` is blocked). One table path as written, four methods, four request headers:
 * nothing else of the visitor's request (cookies, user agent) reaches Supabase, the visitor's
 * address only with the proxy's secret, for the database's per-visitor limit; and of its answer
 * only the headers the form reads come back. A body has the bundled server's limits of size and
 * time, and nginx also its per-visitor rates and connections. build-steps/host-configs/nginx.ts
 * and caddy.ts write these rules into the hosts' configuration files; the Cloudflare Pages Function
 * (functions/) runs `proxyWaitlistRequest`. No Node-only import: the Function bundles this file.
 */
import {REST_PREFIX, WAITLIST_TABLE} from './waitlist';

export const WAITLIST_PATH = `${REST_PREFIX}/${WAITLIST_TABLE}`;
export const PROXY_METHODS = ['GET', 'HEAD', 'POST', 'OPTIONS'] as const;
/** The request headers supabase-js needs for the form's two calls. */
export const FORWARDED_HEADERS = ['apikey', 'Authorization', 'Content-Type', 'Prefer'] as const;
/**
 * What a proxy adds, overwriting whatever the visitor sent, once its deploy sets a secret: the
 * visitor's address, and the secret that makes the database (and the stand-in) trust it. The
 * limiter then counts each visitor, not the host; without the secret, it counts the host.
 */
export const VISITOR_HEADER = 'X-Waitlist-Visitor';
export const PROXY_SECRET_HEADER = 'X-Waitlist-Proxy-Secret';
/** As waitlist_private.set_proxy_secret() takes it; nginx strings have no escape for `$`, `"`. */
const PROXY_SECRET_PATTERN = /^[A-Za-z0-9_-]{32,256}$/;

/** A deploy's WAITLIST_PROXY_SECRET: unset or empty is none; anything else must be a secret. */
export function parseProxySecret(value: string | undefined, setting: string): string | undefined {
  const text = (value ?? '').trim();
  if (text === '') return undefined;
  if (!PROXY_SECRET_PATTERN.test(text)) {
    throw new Error(
      `${setting} must be 32 to 256 letters, digits, - or _, as ` +
        'waitlist_private.set_proxy_secret() takes it (make one with: openssl rand -hex 32)',
    );
  }
  return text;
}

/** How long a host waits to connect to Supabase, and then for its answer. */
export const UPSTREAM_CONNECT_TIMEOUT_S = 5;
export const UPSTREAM_ANSWER_TIMEOUT_S = 10;

/**
 * What one visitor may take, the same on every host that can enforce it (the bundled server's
 * defaults, server/app.ts and server/serve.ts): a sign-up is a few hundred bytes, sent within
 * seconds even on a slow phone line; a browser opens at most 6 connections to a site, so 50
 * leaves room for several visitors behind one address (carrier NAT is common in China).
 */
export const MAX_BODY_BYTES = 64 * 1024;
export const BODY_TIMEOUT_S = 30;
export const CONNECTIONS_PER_VISITOR = 50;
export const SIGN_UPS_PER_MINUTE = 10;
export const READS_PER_MINUTE = 60;
/**
 * Sign-up calls nginx lets one address make a minute, accepted or not. The database (and the
 * bundled server) count only accepted sign-ups, 10, so that a visitor's typos and duplicates spend
 * nothing; this edge count, three times as many, only bounds the calls that reach the project.
 */
export const SIGN_UP_CALLS_PER_MINUTE = 3 * SIGN_UPS_PER_MINUTE;

/**
 * The upstream's answer headers a visitor gets; every other one stays at the host (Supabase's
 * gateway names itself, its versions and timings, and sets cookies). What supabase-js and the
 * form read: the body's type and coding, PostgREST's count and applied preferences, a 401's
 * challenge and a 429's wait, and the CORS headers of an answer and of a preflight. Not
 * Location: the form asks for the row back (return=representation), never for its address. The
 * framing (Content-Length, Transfer-Encoding, Connection) is each host's own.
 */
export const ANSWER_HEADERS = [
  'Content-Type',
  'Content-Encoding',
  'Content-Range',
  'Content-Location',
  'Preference-Applied',
  'Retry-After',
  'WWW-Authenticate',
  'Vary',
  'Access-Control-Allow-Origin',
  'Access-Control-Allow-Methods',
  'Access-Control-Allow-Headers',
  'Access-Control-Max-Age',
  'Access-Control-Expose-Headers',
] as const;

/**
 * Answer headers outside ANSWER_HEADERS that Supabase's gateway (Cloudflare, Kong, PostgREST) is
 * known to send. nginx drops these by name: stock nginx can only name the headers to drop
 * (proxy_hide_header), not the ones to keep, so a header the project adds later passes there.
 */
export const KNOWN_OTHER_ANSWER_HEADERS = [
  'Set-Cookie',
  'Cache-Control',
  'Via',
  'Alt-Svc',
  'CF-Ray',
  'CF-Cache-Status',
  'NEL',
  'Report-To',
  'Server-Timing',
  'Sb-Gateway-Version',
  'Sb-Gateway-Mode',
  'Sb-Project-Ref',
  'Sb-Request-Id',
  'X-Kong-Proxy-Latency',
  'X-Kong-Upstream-Latency',
  'X-Envoy-Attempt-Count',
  'X-Envoy-Upstream-Service-Time',
  'X-Powered-By',
  'X-Served-By',
  'Content-Profile',
  'Access-Control-Allow-Credentials',
] as const;

/**
 * The security headers `_headers` gives every answer (contracts/security-headers.ts builds
 * its first rule from this list); a proxied answer carries them in place of any the upstream sent.
 */
export const SECURITY_HEADER_NAMES = [
  'Content-Security-Policy',
  'X-Content-Type-Options',
  'X-Frame-Options',
  'Referrer-Policy',
  'Permissions-Policy',
  'Cross-Origin-Opener-Policy',
  'Strict-Transport-Security',
] as const;
export type SecurityHeaderName = (typeof SECURITY_HEADER_NAMES)[number];

/**
 * The Supabase project's origin from a deploy setting (`https://<ref>.supabase.co`), or an
 * error that says what is wrong with it.
 */
export function projectOrigin(value: string | undefined, setting: string): string {
  const text = (value ?? '').trim().replace(/\/+$/, '');
  if (text === '') throw new Error(`${setting} is not set: the Supabase project's URL`);
  if (!URL.canParse(text)) throw new Error(`${setting} is not a URL: ${text}`);
  const url = new URL(text);
  if (!/^https?:$/.test(url.protocol) || url.pathname !== '/' || url.search || url.username) {
    throw new Error(`${setting} must be an origin like https://<ref>.supabase.co, not ${text}`);
  }
  return url.origin;
}

export interface ProxyOptions {
  /** SUPABASE_URL of the deploy; unset, every call is answered 503. */
  projectUrl: string | undefined;
  /** The security headers the site's pages carry (from `_headers`). */
  securityHeaders: Headers;
  /**
   * WAITLIST_PROXY_SECRET of the deploy: set, the visitor's address (CF-Connecting-IP, which
   * Cloudflare sets from the connection) goes with it; unset, neither.
   */
  proxySecret?: string;
  /** What sends the request upstream (fetch, or a test's stand-in). */
  fetch?: typeof fetch;
}

function refusal(status: number, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({message}), {
    status,
    headers: {'content-type': 'application/json; charset=utf-8', ...headers},
  });
}

/** The waitlist call sent on to the project, and its answer with the site's headers. */
export async function proxyWaitlistRequest(
  request: Request,
  {projectUrl, securityHeaders, proxySecret, fetch: send = fetch}: ProxyOptions,
): Promise<Response> {
  const answer = await forward(request, projectUrl, proxySecret, send);
  const headers = new Headers(answer.headers);
  for (const name of SECURITY_HEADER_NAMES) {
    const value = securityHeaders.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(answer.body, {status: answer.status, headers});
}

/** Leaves the rest of a body unread: the answer is given without it. */
function stopReading<T>(reader: ReadableStreamDefaultReader, status: T): T {
  reader.cancel().catch(() => undefined);
  return status;
}

/** A body over MAX_BODY_BYTES (413) or not complete within BODY_TIMEOUT_S (408), or the body. */
async function readBody(request: Request): Promise<ArrayBuffer | 408 | 413> {
  if (Number(request.headers.get('content-length')) > MAX_BODY_BYTES) return 413;
  if (!request.body) return new ArrayBuffer(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<408>((resolve) => {
    timer = setTimeout(() => resolve(408), BODY_TIMEOUT_S * 1000);
  });
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), expired]);
      if (next === 408) return stopReading(reader, 408);
      if (next.done) break;
      size += next.value.byteLength;
      if (size > MAX_BODY_BYTES) return stopReading(reader, 413);
      chunks.push(next.value);
    }
  } finally {
    clearTimeout(timer);
  }
  const body = new Uint8Array(size);
  chunks.reduce((offset, chunk) => (body.set(chunk, offset), offset + chunk.byteLength), 0);
  return body.buffer;
}

/** The project's answer with only the headers of ANSWER_HEADERS. */
function onlyAnswerHeaders(answer: Response): Response {
  const headers = new Headers();
  for (const name of ANSWER_HEADERS) {
    const value = answer.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  return new Response(answer.body, {status: answer.status, headers});
}

async function forward(
  request: Request,
  projectUrl: string | undefined,
  proxySecretSetting: string | undefined,
  send: typeof fetch,
) {
  const url = new URL(request.url);
  if (url.pathname !== WAITLIST_PATH) return refusal(404, 'Not found');
  if (!(PROXY_METHODS as readonly string[]).includes(request.method)) {
    return refusal(405, 'Method not allowed', {allow: PROXY_METHODS.join(', ')});
  }
  let origin: string;
  let proxySecret: string | undefined;
  try {
    origin = projectOrigin(projectUrl, 'SUPABASE_URL');
    proxySecret = parseProxySecret(proxySecretSetting, 'WAITLIST_PROXY_SECRET');
  } catch (error) {
    console.error(`Waitlist proxy: ${String(error)}`);
    return refusal(503, 'The waitlist is not configured');
  }
  const headers = new Headers();
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers.get(name);
    // An empty header is not the visitor's: PostgREST reads an empty Content-Type as a type.
    if (value) headers.set(name, value);
  }
  if (proxySecret !== undefined) {
    const visitor = request.headers.get('cf-connecting-ip');
    if (visitor !== null) headers.set(VISITOR_HEADER, visitor);
    headers.set(PROXY_SECRET_HEADER, proxySecret);
  }
  const body = request.method === 'POST' ? await readBody(request) : undefined;
  if (body === 408) return refusal(408, 'Request timeout');
  if (body === 413) return refusal(413, 'Payload too large');
  try {
    return onlyAnswerHeaders(
      await send(origin + WAITLIST_PATH + url.search, {
        method: request.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(
          (UPSTREAM_CONNECT_TIMEOUT_S + UPSTREAM_ANSWER_TIMEOUT_S) * 1000,
        ),
      }),
    );
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    // What failed, never what was sent: the body holds a visitor's e-mail address.
    console.error(`Waitlist proxy: the project did not answer: ${upstreamFailure(error)}`);
    return timedOut ? refusal(504, 'Gateway timeout') : refusal(502, 'Bad gateway');
  }
}

/** An upstream failure in one line: the error's name and message and its cause's code (ECONNREFUSED). */
function upstreamFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = (error.cause as {code?: unknown} | undefined)?.code;
  return `${error.name}: ${error.message}${typeof cause === 'string' ? ` (${cause})` : ''}`;
}
