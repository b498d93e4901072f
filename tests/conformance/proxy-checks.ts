/**
 * What every host must answer on the waitlist's path, `/rest/v1/waitlist_emails` on the site's
 * own origin: the form's two calls reach the Supabase project (here a recording stand-in, see
 * upstream.ts) with the four headers they need and nothing else of the visitor's request, other
 * tables and methods are refused before the project, no cookie crosses either way, and the
 * answers carry the site's security headers. The bundled server answers the path itself (it is
 * the stand-in), so it has no upstream to look at.
 */
import {request as httpRequest} from 'node:http';
import {connect, type Socket} from 'node:net';
import {headersFor} from '../../contracts/headers-file';
import {LOCAL_ANON_KEY} from '../../contracts/waitlist';
import {eventually} from '../poll';
import {
  ANSWER_HEADERS,
  BODY_TIMEOUT_S,
  CONNECTIONS_PER_VISITOR,
  FORWARDED_HEADERS,
  MAX_BODY_BYTES,
  READS_PER_MINUTE,
  SIGN_UPS_PER_MINUTE,
  WAITLIST_PATH,
} from '../../contracts/waitlist-proxy';
import type {Target} from './http';
import {UPSTREAM_OWN_HEADERS, type RecordingUpstream} from './upstream';

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
function connectionTestCause(status: number): string | undefined {
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
const WRITING_PROXY_CHECKS: ProxyCheck[] = [
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

/**
 * Paths that name the table only once decoded, cleaned or read without case: a host must answer
 * them itself, as the project might read them otherwise than the host did.
 */
const NON_CANONICAL_PATHS = [
  '/rest/v1/rpc/limit_sign_ups/..%2F..%2Fwaitlist_emails',
  '/rest/v1/other%2F..%2Fwaitlist_emails',
  '/rest/v1/other/../waitlist_emails',
  '/rest/v1/./waitlist_emails',
  '/rest/v1//waitlist_emails',
  '/rest/v1/waitlist%5Femails',
  '/REST/V1/WAITLIST_EMAILS',
  '/rest/v1/Waitlist_Emails',
];

/**
 * A call whose target is sent as written (fetch would resolve `.` and `..`), answered once its
 * status and headers arrive: a host may answer before the body has all been sent.
 */
function rawCall(
  target: ProxyTarget,
  method: string,
  requestTarget: string,
  {body = '', chunked = false}: {body?: string; chunked?: boolean} = {},
): Promise<{status: number; headers: Headers}> {
  const {hostname, port} = new URL(target.url);
  return new Promise((resolve, reject) => {
    const call = httpRequest(
      {
        host: hostname,
        port: Number(port),
        method,
        path: requestTarget,
        headers: {
          ...callHeaders(target),
          ...(chunked ? {} : {'content-length': String(Buffer.byteLength(body))}),
          connection: 'close',
        },
      },
      (response) => {
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        resolve({status: response.statusCode ?? 0, headers});
        call.destroy();
      },
    );
    // After the answer, a reset for the body's unsent rest is the host's right.
    call.on('error', reject);
    call.end(body);
  });
}

/** Names every host may set on an answer of its own making: framing, date, its name. */
const HOST_HEADERS = ['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'];

/** Checks of what else may arrive, all on the hosts started here. */
const GUARDING_PROXY_CHECKS: ProxyCheck[] = [
  {
    name: 'sends on only the canonical path: other spellings of it are answered by the host',
    cause: `the host passes other spellings of ${WAITLIST_PATH} on to the project: install the build’s own _deploy/ configuration`,
    async run(target) {
      const before = target.upstream?.requests.length ?? 0;
      for (const urlPath of NON_CANONICAL_PATHS) {
        for (const method of ['GET', 'POST']) {
          const body = method === 'POST' ? '{"email":"x@example.com"}' : '';
          const answer = await rawCall(target, method, `${urlPath}?select=id`, {body});
          expectSiteHeaders(target, answer.headers, `${method} ${urlPath}`);
          // A host may resolve `.` and `..` segments, as a browser does before sending, and send
          // the path on as resolved; the bundled server is the project, answering for itself.
          if (target.upstream && !/\/\.\.?\//.test(urlPath)) {
            expect({method, urlPath, refused: answer.status >= 400}).toEqual({
              method,
              urlPath,
              refused: true,
            });
          }
        }
      }
      const forwarded = (target.upstream?.requests ?? []).slice(before).map(({url}) => url);
      expect(forwarded.filter((url) => url !== `${WAITLIST_PATH}?select=id`)).toEqual([]);
    },
  },
  {
    name: 'sends on no header the visitor did not send (a CORS preflight goes bare)',
    cause:
      'the host sends empty headers the visitor did not send (a CORS preflight then fails): install the build’s own _deploy/ configuration',
    async run(target) {
      const preflight = await fetch(target.url + WAITLIST_PATH, {
        method: 'OPTIONS',
        headers: {
          origin: 'https://gotchalabs.app',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'apikey, authorization, content-type, prefer',
        },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
      expectSiteHeaders(target, preflight.headers, 'OPTIONS (a preflight)');
      if (!target.upstream) return;
      const received = target.upstream.requests.at(-1);
      expect(received?.method).toBe('OPTIONS');
      const sent = FORWARDED_HEADERS.map((name) => name.toLowerCase()).filter(
        (name) => received?.headers[name] !== undefined,
      );
      expect(sent).toEqual([]);
    },
  },
  {
    name: 'passes back only the answer headers the form needs, none of the project’s own',
    cause:
      'the host passes the project’s own answer headers back to visitors: install the build’s own _deploy/ configuration',
    async run(target) {
      const answers = [
        ['HEAD (the connection test)', await countRequest(target)],
        ['POST (a sign-up)', await signUp(target, uniqueEmail())],
        ['POST (no key: 401)', await signUp(target, uniqueEmail(), {apikey: 'wrong'})],
      ] as const;
      if (!target.upstream) return;
      const allowed = new Set([
        ...ANSWER_HEADERS.map((name) => name.toLowerCase()),
        ...headersFor(target.rules, WAITLIST_PATH).keys(),
        ...HOST_HEADERS,
        'server',
      ]);
      for (const [what, answer] of answers) {
        const names = [...answer.headers.keys()];
        expect({what, others: names.filter((name) => !allowed.has(name))}).toEqual({
          what,
          others: [],
        });
        const passed = Object.entries(UPSTREAM_OWN_HEADERS).filter(
          ([name, value]) => answer.headers.get(name) === value,
        );
        expect({what, passed}).toEqual({what, passed: []});
      }
    },
  },
  {
    name: `refuses a body over ${MAX_BODY_BYTES} bytes with 413, declared or not`,
    cause: `the host sends bodies over ${MAX_BODY_BYTES} bytes on to the project: set client_max_body_size (nginx) or request_body max_size (Caddy) as _deploy/ does`,
    async run(target) {
      const before = target.upstream?.requests.length;
      const body = JSON.stringify({email: 'x'.repeat(1_000_000)});
      const declared = await rawCall(target, 'POST', `${WAITLIST_PATH}?select=id`, {body});
      expect(declared.status).toBe(413);
      expectSiteHeaders(target, declared.headers, 'POST (1 MB)');
      expect(target.upstream?.requests.length).toBe(before);
      const chunked = await rawCall(target, 'POST', `${WAITLIST_PATH}?select=id`, {
        body,
        chunked: true,
      });
      expect(chunked.status).toBe(413);
      expectSiteHeaders(target, chunked.headers, 'POST (1 MB, chunked)');
    },
  },
];

/** A connection from `localAddress` (a visitor of its own: all of 127.0.0.0/8 is this machine). */
interface Visitor {
  socket: Socket;
  /** The status of the answer, once its status line has arrived. */
  status(): number | undefined;
  received(): string;
  isClosed(): boolean;
}

function visit(target: Target, localAddress: string): Promise<Visitor> {
  const {hostname, port} = new URL(target.url);
  return new Promise((resolve, reject) => {
    const socket = connect({host: hostname, port: Number(port), localAddress});
    let received = '';
    let isClosed = false;
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    // A reset by the host is one way of ending a connection: the check looks at the state.
    socket.on('error', () => undefined);
    socket.once('close', () => (isClosed = true));
    socket.once('connect', () =>
      resolve({
        socket,
        status: () => Number(/^HTTP\/1\.1 (\d{3}) /.exec(received)?.[1]) || undefined,
        received: () => received,
        isClosed: () => isClosed,
      }),
    );
    socket.once('error', reject);
  });
}

/** The headers of an answer received as text. */
function headersIn(received: string): Headers {
  const head = received.slice(0, received.indexOf('\r\n\r\n')).split('\r\n').slice(1);
  return new Headers(
    head.map((line): [string, string] => {
      const colon = line.indexOf(':');
      return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
    }),
  );
}

/** A waitlist request from `visitor` whose body of 1,000 bytes has only begun. */
function beginSlowCall(target: ProxyTarget, visitor: Visitor, method: string): void {
  const {host} = new URL(target.url);
  const head = [
    `${method} ${WAITLIST_PATH}?select=id HTTP/1.1`,
    `Host: ${host}`,
    ...Object.entries(callHeaders(target)).map(([name, value]) => `${name}: ${value}`),
    'Content-Length: 1000',
  ];
  visitor.socket.write(`${head.join('\r\n')}\r\n\r\n{`);
}

/** A waitlist call from `localAddress`; resolves with its status and headers. */
function callFrom(
  target: ProxyTarget,
  localAddress: string,
  {method, body, prefer}: {method: string; body?: string; prefer?: string},
): Promise<{status: number; headers: Headers}> {
  const {hostname, port} = new URL(target.url);
  return new Promise((resolve, reject) => {
    httpRequest(
      {
        host: hostname,
        port: Number(port),
        localAddress,
        method,
        path: `${WAITLIST_PATH}?select=id${method === 'POST' ? '' : '&limit=1'}`,
        headers: {...callHeaders(target), ...(prefer ? {prefer} : {})},
      },
      (response) => {
        response.resume();
        const headers = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          if (typeof value === 'string') headers.set(name, value);
        }
        resolve({status: response.statusCode ?? 0, headers});
      },
    )
      .on('error', reject)
      .end(body);
  });
}

/**
 * What one visitor may take, checked from addresses of their own: a slow body, many unfinished
 * requests, sign-ups and reads a minute. Slow by nature (the body limit is 30 s of real time).
 */
export const LIMIT_PROXY_CHECKS: ProxyCheck[] = [
  {
    name: `closes a sign-up whose body trickles a byte every 5 s with 408 within ${BODY_TIMEOUT_S + 5} s`,
    cause: `the host holds a slowly sent body past ${BODY_TIMEOUT_S + 5} s: set a body timeout (Caddy: timeouts read_body) as _deploy/ does`,
    async run(target) {
      const visitor = await visit(target, '127.0.0.6');
      beginSlowCall(target, visitor, 'POST');
      const trickle = setInterval(() => {
        if (!visitor.isClosed()) visitor.socket.write(' ');
      }, 5_000);
      try {
        await eventually(() => visitor.isClosed(), {timeoutMs: (BODY_TIMEOUT_S + 5) * 1000});
        const answered = visitor.status() !== undefined;
        expect({status: visitor.status(), closed: visitor.isClosed()}).toEqual({
          status: 408,
          closed: true,
        });
        if (answered) {
          expectSiteHeaders(target, headersIn(visitor.received()), 'POST (a trickling body)');
        }
      } finally {
        clearInterval(trickle);
        visitor.socket.destroy();
      }
    },
  },
  {
    name: `holds at most ${CONNECTIONS_PER_VISITOR} unfinished calls of one visitor, none sent on unfinished`,
    cause: `one visitor can hold more than ${CONNECTIONS_PER_VISITOR} unfinished calls: set limit_conn (nginx) as _deploy/ does`,
    async run(target) {
      const before = target.upstream?.requests.length;
      const visitors: Visitor[] = [];
      try {
        for (const [method, localAddress] of [
          ['POST', '127.0.0.3'],
          ['GET', '127.0.0.4'],
        ] as const) {
          const opened: Visitor[] = [];
          for (let index = 0; index <= CONNECTIONS_PER_VISITOR; index += 1) {
            const visitor = await visit(target, localAddress);
            beginSlowCall(target, visitor, method);
            opened.push(visitor);
          }
          visitors.push(...opened);
          const held = () =>
            opened.filter((visitor) => !visitor.isClosed() && visitor.status() === undefined);
          await eventually(() => held().length <= CONNECTIONS_PER_VISITOR, {timeoutMs: 5_000});
          const overCap = Math.max(0, held().length - CONNECTIONS_PER_VISITOR);
          expect({method, overCap}).toEqual({method, overCap: 0});
        }
        const unfinished = target.upstream?.requests
          .slice(before ?? 0)
          .filter(({method}) => method === 'POST');
        expect(unfinished?.length ?? 0).toBe(0);
        expect((await countRequest(target)).status).toBeLessThan(300);
      } finally {
        for (const visitor of visitors) visitor.socket.destroy();
      }
    },
  },
  {
    name: `refuses a visitor’s sign-up ${SIGN_UPS_PER_MINUTE + 1} and read ${READS_PER_MINUTE + 1} in a minute with 429`,
    cause:
      'the host does not limit each visitor’s sign-ups and reads: set limit_req (nginx) as _deploy/ does',
    async run(target) {
      const before = target.upstream?.requests.length ?? 0;
      const signUps = [];
      for (let index = 0; index <= SIGN_UPS_PER_MINUTE; index += 1) {
        const body = JSON.stringify({email: uniqueEmail()});
        signUps.push(await callFrom(target, '127.0.0.5', {method: 'POST', body}));
      }
      expect(signUps.map(({status}) => status)).toEqual([
        ...Array<number>(SIGN_UPS_PER_MINUTE).fill(201),
        429,
      ]);
      const refused = signUps.at(-1);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      if (refused) expectSiteHeaders(target, refused.headers, 'POST (one sign-up too many)');
      // Ten at a time (nginx counts 50 calls under way at most), so that all take about a
      // second: nginx gives a visitor one more read each second, where the bundled server's
      // budget is per minute, so a few more may pass.
      const extra = 5;
      const reads = [];
      while (reads.length < READS_PER_MINUTE + extra) {
        const batch = Math.min(10, READS_PER_MINUTE + extra - reads.length);
        reads.push(
          ...(await Promise.all(
            Array.from({length: batch}, () =>
              callFrom(target, '127.0.0.5', {method: 'HEAD', prefer: 'count=exact'}),
            ),
          )),
        );
      }
      const served = reads.filter(({status}) => status === 200 || status === 206).length;
      const tooMany = reads.filter(({status}) => status === 429).length;
      expect(served).toBeGreaterThanOrEqual(READS_PER_MINUTE);
      expect(tooMany).toBeGreaterThan(0);
      expect(served + tooMany).toBe(reads.length);
      // The eleventh sign-up is refused by the host or, where the host counts every call rather than
      // accepted sign-ups (nginx), by the project.
      if (target.upstream) {
        const sent = target.upstream.requests.length - before - served;
        expect([SIGN_UPS_PER_MINUTE, SIGN_UPS_PER_MINUTE + 1]).toContain(sent);
      }
    },
  },
];

/** Every proxy check but the limits: quick, and safe to run against a broken configuration. */
export const PROXY_CHECKS = [
  ...READING_PROXY_CHECKS,
  ...WRITING_PROXY_CHECKS,
  ...GUARDING_PROXY_CHECKS,
];
