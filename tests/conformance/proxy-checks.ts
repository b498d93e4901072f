/**
 * What every host must answer on the waitlist's path, `/rest/v1/waitlist_emails` on the site's
 * own origin: the form's two calls reach the Supabase project (here a recording stand-in, see
 * upstream.ts) with the four headers they need and nothing else of the visitor's request, other
 * tables and methods are refused before the project, no cookie crosses either way, and the
 * answers carry the site's security headers. The bundled server answers the path itself (it is
 * the stand-in), so it has no upstream to look at.
 */
import {headersFor} from '../../server/headers-file';
import {LOCAL_ANON_KEY} from '../../src/data/waitlist';
import {FORWARDED_HEADERS, WAITLIST_PATH} from '../../plugins/security-headers/waitlist-proxy';
import type {Target} from './http';
import type {RecordingUpstream} from './upstream';

export interface ProxyTarget extends Target {
  /** The project behind the host's proxy; none for the bundled server or a deployed site. */
  upstream?: RecordingUpstream;
  /** The anon key the build's form sends (default: the local stand-in's). */
  anonKey?: string;
  /** The proxy's WAITLIST_PROXY_SECRET, when the host is given one. */
  proxySecret?: string;
}

export interface ProxyCheck {
  name: string;
  /** What a failure means for an operator, in one line that names the fix (npm run check-deploy). */
  cause: string;
  run(target: ProxyTarget): Promise<void>;
}

/** What supabase-js sends with the sign-up. */
export const callHeaders = ({anonKey = LOCAL_ANON_KEY}: ProxyTarget) => ({
  apikey: anonKey,
  authorization: `Bearer ${anonKey}`,
  'content-type': 'application/json',
  prefer: 'return=representation',
});
/** What else a browser may send, none of which may reach Supabase. */
const VISITOR_HEADERS = {
  cookie: 'visitor-session=visitor-secret',
  'user-agent': 'visitor-agent/1.0',
  'x-client-info': 'supabase-js/2.109.0; runtime=web',
  'content-profile': 'public',
  'x-forwarded-for': '203.0.113.7',
  referer: 'https://visitor-referrer.example/',
};
/**
 * Headers a proxy writes for the connection itself; and CF-Worker, which Cloudflare adds to every
 * request a Worker or Pages Function makes, naming the site's own domain (it cannot be removed).
 */
const CONNECTION_HEADERS = new Set([
  'host',
  'content-length',
  'connection',
  'accept-encoding',
  'transfer-encoding',
  'user-agent',
  'cf-worker',
]);

let emails = 0;
export const uniqueEmail = () =>
  `proxy-${Date.now()}-${process.pid}-${(emails += 1)}@example.com`.toLowerCase();

const signUp = (target: ProxyTarget, email: string, extra: Record<string, string> = {}) =>
  fetch(`${target.url}${WAITLIST_PATH}?select=id`, {
    method: 'POST',
    headers: {...callHeaders(target), ...extra},
    body: JSON.stringify({email}),
  });

/** The form's connection test: a count of the rows, no body. */
const countRequest = (target: ProxyTarget) =>
  fetch(`${target.url}${WAITLIST_PATH}?select=id&limit=1`, {
    method: 'HEAD',
    headers: {...callHeaders(target), prefer: 'count=exact'},
  });

/** A failure whose message is already the one line an operator needs. */
export class CheckFailure extends Error {}

/** What an answer to the connection test other than 200 or 206 says about the host, if known. */
export function connectionTestCause(status: number): string | undefined {
  if (status === 200 || status === 206) return undefined;
  if (status === 404 || status === 405) {
    return `the host does not forward ${WAITLIST_PATH}: set proxy_pass https://<ref>.supabase.co; in /etc/nginx/gotcha-labs.d/supabase/project.conf (nginx), SUPABASE_URL (Caddy, Cloudflare Pages) or build with SUPABASE_URL (Netlify), then reload`;
  }
  if (status === 401 || status === 403) {
    return `the project refused the anon key (${status}): set SUPABASE_ANON_KEY to the key the deployed build was made with`;
  }
  if (status === 502 || status === 503 || status === 504) {
    return `the host forwards ${WAITLIST_PATH} but cannot reach the project (${status}): check the project URL it is set to, and that the project is not paused`;
  }
  return `the connection test (HEAD ${WAITLIST_PATH}) got ${status}, not 200 or 206`;
}

/** The site's headers for the path, but caching: the stand-in's and the project's own apply. */
function expectSiteHeaders(target: Target, headers: Headers, what: string): void {
  const wrong = [...headersFor(target.rules, WAITLIST_PATH)]
    .filter(([name]) => name !== 'cache-control')
    .filter(([name]) => name !== 'strict-transport-security' || target.url.startsWith('https:'))
    .filter(([name, value]) => headers.get(name) !== value)
    .map(([name, value]) => `${what}: ${name} is ${headers.get(name)}, not ${value}`);
  expect(wrong).toEqual([]);
  expect({what, cookie: headers.get('set-cookie')}).toEqual({what, cookie: null});
}

/** Checks that add no row: safe against a deployed site and its real project. */
export const READING_PROXY_CHECKS: ProxyCheck[] = [
  {
    name: 'answers the form’s connection test through the site’s origin',
    cause: `the connection test (HEAD ${WAITLIST_PATH}) did not get 200 or 206 with a count`,
    async run(target) {
      const count = await countRequest(target);
      const cause = connectionTestCause(count.status);
      if (cause) throw new CheckFailure(cause);
      expect([200, 206]).toContain(count.status);
      expect(count.headers.get('content-range')).toMatch(/^0-0\/\d+$|^\*\/0$/);
      expectSiteHeaders(target, count.headers, 'HEAD (the connection test)');
    },
  },
  {
    name: 'refuses other tables, other paths and other methods before they reach the project',
    cause: `the host passes on more than ${WAITLIST_PATH} with GET, HEAD, POST and OPTIONS: install the build’s own _deploy/ configuration (or functions/ on Pages)`,
    async run(target) {
      const before = target.upstream?.requests.length;
      for (const urlPath of [
        '/rest/v1/other_table?select=id',
        `${WAITLIST_PATH}_copy?select=id`,
        `${WAITLIST_PATH}/1`,
        '/rest/v1/',
        '/rest/v1/rpc/limit_sign_ups',
        '/auth/v1/signup',
      ]) {
        for (const method of ['GET', 'POST']) {
          const answer = await fetch(target.url + urlPath, {
            method,
            headers: callHeaders(target),
            body: method === 'POST' ? '{"email":"x@example.com"}' : undefined,
          });
          expect({method, urlPath, refused: answer.status >= 400}).toEqual({
            method,
            urlPath,
            refused: true,
          });
        }
      }
      for (const method of ['DELETE', 'PUT', 'PATCH']) {
        const answer = await fetch(`${target.url}${WAITLIST_PATH}?id=gt.0`, {
          method,
          headers: callHeaders(target),
          body: method === 'DELETE' ? undefined : '{"email":"x@example.com"}',
        });
        expect({method, status: answer.status}).toEqual({method, status: 405});
        expectSiteHeaders(target, answer.headers, `${method} (refused)`);
      }
      expect(target.upstream?.requests.length).toBe(before);
    },
  },
];

/** Checks that sign addresses up: against the hosts started here, never a deployed site. */
export const WRITING_PROXY_CHECKS: ProxyCheck[] = [
  {
    name: 'signs up through the site’s origin, and answers a duplicate with 409 and 23505',
    cause: 'a sign-up through the site’s origin did not get 201, or a duplicate 409',
    async run(target) {
      const email = uniqueEmail();
      const first = await signUp(target, email);
      expect(first.status).toBe(201);
      expect(await first.text()).toMatch(/^\[\{"id":\d+\}\]$/);
      const again = await signUp(target, email.toUpperCase());
      expect(again.status).toBe(409);
      expect(await again.json()).toMatchObject({code: '23505'});
      for (const [what, answer] of [
        ['POST (a sign-up)', first],
        ['POST (a duplicate)', again],
        ['POST (a bad address)', await signUp(target, 'a@b')],
      ] as const) {
        expectSiteHeaders(target, answer.headers, what);
      }
      if (target.upstream) {
        const methods = target.upstream.requests.map(({method}) => method);
        expect(methods.slice(-3)).toEqual(['POST', 'POST', 'POST']);
      }
    },
  },
  {
    name: 'sends on apikey, Authorization, Content-Type and Prefer, and nothing else of the visitor’s',
    cause:
      'the proxy passes on a request header beyond the four the form needs: install the build’s own _deploy/ configuration',
    async run(target) {
      const answer = await signUp(target, uniqueEmail(), VISITOR_HEADERS);
      expect(answer.status).toBe(201);
      expect(answer.headers.get('set-cookie')).toBeNull();
      if (!target.upstream) return;
      const received = target.upstream.requests.at(-1);
      expect(received?.method).toBe('POST');
      const headers = received?.headers ?? {};
      const forwarded = Object.fromEntries(
        FORWARDED_HEADERS.map((name) => [name.toLowerCase(), headers[name.toLowerCase()]]),
      );
      expect(forwarded).toEqual(callHeaders(target));
      // With a secret, the proxy names the visitor (this test, on loopback); without, neither.
      const named: Record<string, string> = target.proxySecret
        ? {'x-waitlist-visitor': '127.0.0.1', 'x-waitlist-proxy-secret': target.proxySecret}
        : {};
      expect(Object.fromEntries(Object.keys(named).map((name) => [name, headers[name]]))).toEqual(
        named,
      );
      const others = Object.keys(headers).filter(
        (name) => !CONNECTION_HEADERS.has(name) && !(name in forwarded) && !(name in named),
      );
      expect({others, cookie: headers.cookie}).toEqual({others: [], cookie: undefined});
      const leaked = Object.entries(headers).filter(([, value]) =>
        /visitor|203\.0\.113\.7/.test(String(value)),
      );
      expect(leaked).toEqual([]);
    },
  },
];

export const PROXY_CHECKS = [...READING_PROXY_CHECKS, ...WRITING_PROXY_CHECKS];
