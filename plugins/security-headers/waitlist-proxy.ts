/**
 * What every host forwards of the waitlist's REST calls to the Supabase project, so that the
 * form talks to the page's own origin (a visitor who can load the page can sign up, even where
 * `*.supabase.co` is blocked). One table path, four methods, four request headers: nothing else
 * of the visitor's request (cookies, user agent) reaches Supabase, and no cookie comes back; the
 * visitor's address only with the proxy's secret, for the database's per-visitor limit. nginx.ts and caddy.ts write these rules into the hosts' configuration files; the Cloudflare Pages Function
 * (functions/) runs `proxyWaitlistRequest`. No Node-only import: the Function bundles this file.
 */
import {WAITLIST_TABLE} from '../../src/data/waitlist';

export const WAITLIST_PATH = `/rest/v1/${WAITLIST_TABLE}`;
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
 * The security headers `_headers` gives every answer (headers.ts builds its first rule from
 * this list); a proxied answer carries them in place of any the upstream sent.
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

/** Upstream answer headers that never reach the visitor. */
const DROPPED_ANSWER_HEADERS = ['Set-Cookie', ...SECURITY_HEADER_NAMES];

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
  DROPPED_ANSWER_HEADERS.forEach((name) => headers.delete(name));
  for (const name of SECURITY_HEADER_NAMES) {
    const value = securityHeaders.get(name);
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
    if (value !== null) headers.set(name, value);
  }
  if (proxySecret !== undefined) {
    const visitor = request.headers.get('cf-connecting-ip');
    if (visitor !== null) headers.set(VISITOR_HEADER, visitor);
    headers.set(PROXY_SECRET_HEADER, proxySecret);
  }
  const hasBody = request.method === 'POST';
  try {
    return await send(origin + WAITLIST_PATH + url.search, {
      method: request.method,
      headers,
      body: hasBody ? await request.arrayBuffer() : undefined,
      redirect: 'manual',
      signal: AbortSignal.timeout((UPSTREAM_CONNECT_TIMEOUT_S + UPSTREAM_ANSWER_TIMEOUT_S) * 1000),
    });
  } catch (error) {
    const timedOut = error instanceof DOMException && error.name === 'TimeoutError';
    return timedOut ? refusal(504, 'Gateway timeout') : refusal(502, 'Bad gateway');
  }
}
