/**
 * What the servers this project configures (the bundled server, nginx and Caddy) must answer
 * beyond the checks for any host (http.ts): requests an HTTP parser refuses, another Host, a NUL
 * byte and overlong URLs, the names of the precompressed files, content codings in capitals.
 * A deployed site answers several of these at its CDN's edge, so check-deploy leaves them out.
 */
import {exchange, expectHeadersOf, isGoParserRefusal, type Check, type Target} from './http';

/** A script of the build, as the home page names it. */
async function mainScript(target: Target): Promise<string> {
  const home = await (await fetch(`${target.url}/`)).text();
  const src = /\/assets\/js\/main\.[\w-]+\.js/.exec(home)?.[0];
  if (!src) throw new Error('The home page loads no main script');
  return src;
}

const LONG_URL = `/${'a'.repeat(100_000)}`;

/** Requests a strict HTTP parser refuses, each as the bytes sent for a host. */
export const REFUSED_REQUESTS: [what: string, request: (host: string) => string][] = [
  ['an unknown method', (host) => `FOO / HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`],
  [
    'a space in the target',
    (host) => `GET /a b HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  ],
  [
    'a raw tab in the target',
    (host) => `GET /a\tb HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  ],
  [
    'a raw 0xFF byte in the target',
    (host) => `GET /a\xffb HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  ],
  ['no Host header', () => 'GET / HTTP/1.1\r\nConnection: close\r\n\r\n'],
  [
    'both Content-Length and Transfer-Encoding',
    (host) =>
      `POST / HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n` +
      'Connection: close\r\n\r\n0\r\n\r\n',
  ],
  [
    'a 20 KB header',
    (host) =>
      `GET / HTTP/1.1\r\nHost: ${host}\r\nX-Padding: ${'a'.repeat(20_000)}\r\nConnection: close\r\n\r\n`,
  ],
  [
    'an HTTP version the server does not speak',
    (host) => `GET / HTTP/9.9\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  ],
  [
    'a 100 KB URL',
    (host) => `GET ${LONG_URL} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  ],
];

const request = (target: Target, requestTarget: string, headers = '') =>
  exchange(
    target.url,
    `GET ${requestTarget} HTTP/1.1\r\nHost: ${new URL(target.url).host}\r\n${headers}Connection: close\r\n\r\n`,
  );

export const SERVER_CHECKS: Check[] = [
  {
    name: "answers requests its HTTP parser refuses with every header (Caddy: or Go's own 400, 505)",
    async run(target) {
      const {host} = new URL(target.url);
      for (const [what, bytes] of REFUSED_REQUESTS) {
        const answer = await exchange(target.url, bytes(host));
        expect({what, answered: answer.status >= 200}).toEqual({what, answered: true});
        if (!isGoParserRefusal(answer)) {
          expectHeadersOf(target, '/404.html', new Headers(answer.headers), what);
        }
      }
    },
  },
  {
    name: 'answers a request for another host with every header',
    async run(target) {
      const answer = await exchange(
        target.url,
        'GET / HTTP/1.1\r\nHost: unknown.example\r\nConnection: close\r\n\r\n',
      );
      expect(answer.status).toBeGreaterThanOrEqual(200);
      expectHeadersOf(target, '/404.html', new Headers(answer.headers), 'Host: unknown.example');
    },
  },
  {
    name: 'answers a NUL byte with 400, a 300-byte file name with 404 and a 100 KB URL with 414',
    async run(target) {
      for (const [requestTarget, status] of [
        ['/%00', 400],
        ['/a%00b.html', 400],
        [`/${'a'.repeat(300)}`, 404],
        [`/blog/${'b'.repeat(300)}/x`, 404],
        [LONG_URL, 414],
      ] as const) {
        const answer = await request(target, requestTarget);
        const what = requestTarget.slice(0, 40);
        expect({what, status: answer.status}).toEqual({what, status});
        expectHeadersOf(target, '/404.html', new Headers(answer.headers), what);
      }
    },
  },
  {
    name: 'does not serve the precompressed files under their own names',
    async run(target) {
      const script = await mainScript(target);
      for (const urlPath of [
        `${script}.br`,
        `${script}.gz`,
        '/index.html.br',
        '/blogs.html.gz',
        '/404.html.br',
      ]) {
        const answer = await request(target, urlPath);
        expect({urlPath, status: answer.status}).toEqual({urlPath, status: 404});
        expectHeadersOf(target, '/404.html', new Headers(answer.headers), urlPath);
      }
    },
  },
  {
    name: 'reads content codings without regard to case (BR, GZIP)',
    async run(target) {
      for (const [acceptEncoding, encoding] of [
        ['BR', 'br'],
        ['GZIP', 'gzip'],
        ['Gzip, Br', 'br'],
      ] as const) {
        const answer = await request(target, '/blogs', `Accept-Encoding: ${acceptEncoding}\r\n`);
        expect({acceptEncoding, encoding: answer.headers['content-encoding']}).toEqual({
          acceptEncoding,
          encoding,
        });
      }
    },
  },
];
