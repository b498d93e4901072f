/**
 * What any host serving the build must answer, checked over HTTP against a base URL: the bundled
 * server, nginx and Caddy with the build's configurations (local-servers.test.ts), or a deployed
 * site (deployed.test.ts). Each check throws, naming what is wrong, when the host fails it.
 */
import {request as httpRequest} from 'node:http';
import {request as httpsRequest} from 'node:https';
import {connect as netConnect} from 'node:net';
import {connect as tlsConnect} from 'node:tls';
import {brotliDecompressSync} from 'node:zlib';
import {headersFor, type HeaderRule} from '../../contracts/headers-file';

export interface Target {
  /** Origin of the site, e.g. `http://127.0.0.1:4601` or `https://gotchalabs.app`. */
  url: string;
  /** The `_headers` rules of the build being served, to compare every header with. */
  rules: readonly HeaderRule[];
}

export interface Check {
  name: string;
  run(target: Target): Promise<void>;
}

/** A check run against deployed sites too: `cause` is its failure for an operator, in one line
 * that names the fix (npm run check-deploy). */
export interface DeployCheck extends Check {
  cause: string;
}

/** A page, a hashed script, an image and the not-found page: one of each kind of answer. */
const PAGES = ['/', '/blogs', '/blog/taobao-guide', '/gotcha-screen-translator/support'];

const get = (target: Target, urlPath: string, headers: Record<string, string> = {}) =>
  fetch(target.url + urlPath, {headers, redirect: 'manual'});

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** How long a server may take to answer a raw request and close the connection. */
const EXCHANGE_TIMEOUT_MS = 10_000;

/** Where the chunked body starting at `start` ends (after its last chunk and trailers), if it has. */
function chunkedBodyEnd(received: Buffer, start: number): number | undefined {
  let at = start;
  for (;;) {
    const lineEnd = received.indexOf('\r\n', at);
    if (lineEnd === -1) return undefined;
    const size = parseInt(received.subarray(at, lineEnd).toString('latin1'), 16);
    if (Number.isNaN(size)) return undefined;
    if (size === 0) {
      const trailersEnd = received.indexOf('\r\n', lineEnd + 2);
      if (trailersEnd === lineEnd + 2) return trailersEnd + 2;
      const afterTrailers = received.indexOf('\r\n\r\n', lineEnd);
      return afterTrailers === -1 ? undefined : afterTrailers + 4;
    }
    at = lineEnd + 2 + size + 2;
    if (at > received.length) return undefined;
  }
}

/**
 * Whether `received` holds a whole answer by its own framing (Content-Length, or chunks), so
 * that a server which keeps the connection open despite `Connection: close` (wrangler's does, for
 * 5 s) need not be waited for. An answer framed by the close alone is whole only then.
 */
function isWholeAnswer(received: Buffer): boolean {
  const headEnd = received.indexOf('\r\n\r\n');
  if (headEnd === -1) return false;
  const head = received.subarray(0, headEnd).toString('latin1');
  const status = Number(/^HTTP\/1\.[01] (\d{3})/.exec(head)?.[1]);
  // An interim answer (100 Continue) is followed by the real one.
  if (!(status >= 200)) return false;
  if (status === 204 || status === 304) return true;
  const bodyStart = headEnd + 4;
  if (/^transfer-encoding:[^\r\n]*\bchunked\b/im.test(head)) {
    return chunkedBodyEnd(received, bodyStart) !== undefined;
  }
  const length = /^content-length:\s*(\d+)\s*$/im.exec(head)?.[1];
  return length !== undefined && received.length - bodyStart >= Number(length);
}

/**
 * One request written byte for byte (fetch would normalise `\`, absolute-form targets and
 * methods away, and decodes bodies), and the answer as received until it is whole or the server
 * closes the connection. The request is text in Latin-1, so any byte can be written; send
 * `Connection: close`, or an answer framed by the close alone keeps the connection open until the
 * time runs out.
 */
export function exchange(url: string, request: string): Promise<RawAnswer> {
  const {hostname, port, protocol} = new URL(url);
  const secure = protocol === 'https:';
  const portNumber = Number(port || (secure ? 443 : 80));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const send = () => socket.write(Buffer.from(request, 'latin1'));
    const socket = secure
      ? tlsConnect({host: hostname, port: portNumber, servername: hostname}, send)
      : netConnect(portNumber, hostname, send);
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`No answer and close within ${EXCHANGE_TIMEOUT_MS} ms`));
    }, EXCHANGE_TIMEOUT_MS);
    const finish = () => {
      clearTimeout(timer);
      const received = Buffer.concat(chunks);
      const headEnd = received.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = received
        .subarray(0, headEnd)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1]),
        headers,
        body: received.subarray(headEnd + 4),
      });
    };
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      // destroy() emits 'close', which finishes.
      if (isWholeAnswer(Buffer.concat(chunks))) socket.destroy();
    });
    // A server that answers before the whole request is sent may reset the connection after its
    // answer: the answer counts. A reset before any answer is a failure.
    socket.on('error', (error: Error) => {
      if (chunks.length > 0) return;
      clearTimeout(timer);
      reject(error);
    });
    socket.on('close', finish);
  });
}

function rawRequest(target: Target, requestTarget: string, method = 'GET'): Promise<RawAnswer> {
  const {host} = new URL(target.url);
  return exchange(
    target.url,
    `${method} ${requestTarget} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`,
  );
}

/**
 * Go's HTTP server, under Caddy, refuses a request it cannot parse (a space or a control
 * character in the target, `%zz`, no Host: 400) or whose HTTP version it does not speak
 * (`HTTP/9.9`: 505) before any configuration runs: Go's own plain text, no other header. It is
 * the one answer a configuration cannot give the site's headers; a browser shows it as text.
 */
export function isGoParserRefusal(answer: RawAnswer): boolean {
  return (
    [400, 505].includes(answer.status) &&
    answer.body.toString('latin1').startsWith(`${answer.status} `) &&
    Object.keys(answer.headers).sort().join(', ') === 'connection, content-type'
  );
}

/** The body as sent, still compressed (fetch decodes it). */
function encodedBody(target: Target, urlPath: string, acceptEncoding: string): Promise<Buffer> {
  const request = target.url.startsWith('https:') ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    request(target.url + urlPath, {headers: {'accept-encoding': acceptEncoding}}, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve(Buffer.concat(chunks)));
      response.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** The main bundle, as the home page's script loader names it. */
async function mainScript(target: Target): Promise<string> {
  const src = /\/assets\/js\/main\.[\w-]+\.js/.exec(await (await get(target, '/')).text())?.[0];
  if (!src) throw new Error('The home page loads no main script');
  return src;
}

/**
 * A Location a browser resolves on this site's origin, or no Location at all. `/\host` and
 * `//host` are other hosts to a browser (the WHATWG URL parser treats `\` as `/`).
 */
function expectSameOrigin(requestTarget: string, location: string | undefined): void {
  if (location === undefined) return;
  const resolved = new URL(location, 'http://site.test');
  expect({requestTarget, host: resolved.host}).toEqual({requestTarget, host: 'site.test'});
}

/**
 * Every header `_headers` gives `filePath`, with its exact value. HSTS only over HTTPS: a browser
 * ignores it over plain HTTP, so a local server may leave it out there.
 */
export function expectHeadersOf(
  target: Target,
  filePath: string,
  headers: Headers,
  what: string,
): void {
  const wrong = [...headersFor(target.rules, filePath)]
    .filter(([name]) => name !== 'strict-transport-security' || target.url.startsWith('https:'))
    .filter(([name, value]) => headers.get(name) !== value)
    .map(([name, value]) => `${what}: ${name} is ${headers.get(name)}, not ${value}`);
  expect(wrong).toEqual([]);
}

const NOT_FOUND_TEXT = 'Oops! Page not found';

export const HTTP_CHECKS: DeployCheck[] = [
  {
    name: 'serves the canonical URLs with 200 and HTML',
    cause:
      'a page does not answer 200 with HTML: serve build/ as the root, with clean URLs (/blogs from blogs.html)',
    async run(target) {
      for (const urlPath of PAGES) {
        const response = await get(target, urlPath);
        expect({urlPath, status: response.status}).toEqual({urlPath, status: 200});
        expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      }
    },
  },
  {
    name: 'answers an unknown path with 404 and the not-found page',
    cause:
      'an unknown path does not get 404 with the not-found page: make /404.html the host’s error page',
    async run(target) {
      const response = await get(target, '/no/such/page');
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toMatch(/^text\/html/);
      expect(await response.text()).toContain(NOT_FOUND_TEXT);
    },
  },
  {
    name: 'compresses the not-found page like any other page',
    cause:
      'the not-found page is not sent brotli-compressed: serve the .br files (brotli_static on; Caddy: precompressed br gzip) for errors too',
    async run(target) {
      const response = await get(target, '/no/such/page', {'accept-encoding': 'br'});
      expect(response.status).toBe(404);
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
    },
  },
  {
    name: 'redirects the slash form and /blog to the canonical URL with 301, query kept',
    cause:
      'a slash form or /blog does not redirect with 301 to the canonical URL: install the build’s own _deploy/ configuration or _redirects',
    async run(target) {
      for (const [from, to] of [
        ['/blogs/', '/blogs'],
        ['/blog', '/blogs'],
        ['/blog/', '/blogs'],
        ['/blog/taobao-guide/?ref=feed', '/blog/taobao-guide?ref=feed'],
      ] as const) {
        const response = await get(target, from);
        const location = response.headers.get('location');
        // A host may send an absolute URL; it must name this origin and the canonical path.
        const resolved = location && new URL(location, target.url);
        expect({from, status: response.status, to: resolved && resolved.href}).toEqual({
          from,
          status: 301,
          to: new URL(to, target.url).href,
        });
      }
    },
  },
  {
    name: 'answers a malformed URL with 400, and an HTML answer with every header',
    cause:
      'a malformed URL does not get 400 with the site’s headers: install the build’s own _deploy/ configuration',
    async run(target) {
      for (const urlPath of ['/%E0%A4%A', '/%zz']) {
        const answer = await rawRequest(target, urlPath);
        expect({urlPath, status: answer.status}).toEqual({urlPath, status: 400});
        if (!isGoParserRefusal(answer)) {
          expectHeadersOf(target, '/404.html', new Headers(answer.headers), urlPath);
        }
      }
    },
  },
  {
    name: 'never redirects to another host',
    cause: 'a redirect names another host: redirect to paths only (nginx: absolute_redirect off)',
    async run(target) {
      for (const requestTarget of [
        '/\\evil.example/',
        '/\\evil.example',
        '/%5Cevil.example/',
        '//evil.example/',
        '/\\/evil.example/',
        '/%09/evil.example/',
        '/%2F%2Fevil.example/',
        'http://evil.example/blogs/',
      ]) {
        const answer = await rawRequest(target, requestTarget);
        expectSameOrigin(requestTarget, answer.headers.location);
      }
    },
  },
  {
    name: 'refuses every method but GET and HEAD with 405 and Allow: GET, HEAD',
    cause:
      'a method other than GET or HEAD is not refused with 405 and Allow: GET, HEAD: install the build’s own _deploy/ configuration',
    async run(target) {
      for (const method of ['POST', 'DELETE', 'PUT', 'PATCH', 'OPTIONS']) {
        const answer = await rawRequest(target, '/blogs', method);
        expect({method, status: answer.status, allow: answer.headers.allow}).toEqual({
          method,
          status: 405,
          allow: 'GET, HEAD',
        });
      }
      const response = await fetch(`${target.url}/`, {method: 'POST', body: 'x'});
      expect(response.status).toBe(405);
      expectHeadersOf(target, '/404.html', response.headers, 'POST /');
    },
  },
  {
    name: 'does not serve the files written for hosts',
    cause:
      'the host serves files written for hosts (_headers, _deploy/, dotfiles): answer paths starting with /_ and dotfiles with 404',
    async run(target) {
      for (const urlPath of [
        '/_headers',
        '/_redirects',
        '/_deploy/nginx.conf',
        '/_deploy/Caddyfile',
        '/.nojekyll',
      ]) {
        const response = await get(target, urlPath);
        expect({urlPath, status: response.status}).toEqual({urlPath, status: 404});
      }
    },
  },
  {
    name: 'sends every header of _headers on pages, assets, images, redirects and errors',
    cause:
      'an answer lacks a header of build/_headers: install the configuration of the build you deployed, then reload the host',
    async run(target) {
      const script = await mainScript(target);
      const answers: [urlPath: string, filePath: string][] = [
        ['/', '/index.html'],
        ['/blogs', '/blogs.html'],
        [script, script],
        ['/img/brand/logo.svg', '/img/brand/logo.svg'],
        ['/no/such/page', '/404.html'],
        ['/blogs/', '/404.html'],
        ['/blog', '/404.html'],
        ['/_headers', '/404.html'],
      ];
      for (const [urlPath, filePath] of answers) {
        expectHeadersOf(target, filePath, (await get(target, urlPath)).headers, urlPath);
      }
    },
  },
  {
    name: 'sends a Content-Security-Policy whose script-src allows no inline script but hashed ones',
    cause:
      'the Content-Security-Policy is not this build’s: install the configuration written by the build you deployed (it names its script hashes)',
    async run(target) {
      const csp = (await get(target, '/')).headers.get('content-security-policy') ?? '';
      const scriptSrc = csp
        .split(';')
        .find((directive) => directive.trim().startsWith('script-src'));
      expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
      expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
    },
  },
  {
    name: 'sends a hashed script brotli-compressed, cached for a year, immutable',
    cause:
      'a hashed script is not sent brotli-compressed and cached for a year: copy the .br and .gz files with the build and serve them (brotli_static, gzip_static)',
    async run(target) {
      const response = await get(target, await mainScript(target), {'accept-encoding': 'gzip, br'});
      expect(response.headers.get('content-encoding')).toBe('br');
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('vary')).toMatch(/accept-encoding/i);
      expect(await response.text()).toMatch(/webpackChunk|function/);
    },
  },
  {
    name: 'serves the service worker and the web app manifest, the worker never from a cache unchecked',
    cause:
      'the service worker or the manifest is missing or cached unchecked: serve /sw.js with Cache-Control: no-cache, as _headers says',
    async run(target) {
      const worker = await get(target, '/sw.js', {'accept-encoding': 'gzip, br'});
      expect(worker.status).toBe(200);
      expect(worker.headers.get('content-type')).toMatch(/javascript/);
      // A stale worker would keep serving an old deploy's choices: browsers must revalidate it.
      expect(worker.headers.get('cache-control')).toBe('no-cache');
      expect(worker.headers.get('content-security-policy')).toContain("worker-src 'self'");
      expect(await worker.text()).toMatch(/offline\.html/);
      const manifest = await get(target, '/manifest.webmanifest');
      expect(manifest.status).toBe(200);
      expect(JSON.parse(await manifest.text())).toMatchObject({
        start_url: '/',
        display: 'standalone',
      });
    },
  },
  {
    name: 'sends gzip to a client without brotli, and the plain file to one with neither',
    cause:
      'the host does not choose gzip or the plain file by Accept-Encoding: serve the .gz files (gzip_static on) and copy them with the build',
    async run(target) {
      const script = await mainScript(target);
      for (const [acceptEncoding, encoding] of [
        ['gzip', 'gzip'],
        ['identity', null],
        ['', null],
      ] as const) {
        const response = await get(target, script, {'accept-encoding': acceptEncoding});
        expect({acceptEncoding, encoding: response.headers.get('content-encoding')}).toEqual({
          acceptEncoding,
          encoding,
        });
      }
    },
  },
  {
    name: 'sends no brotli to a client that refuses it with q=0',
    cause:
      'the host sends brotli to a client that refuses it (br;q=0): use the build’s own _deploy/ configuration',
    async run(target) {
      for (const acceptEncoding of ['br;q=0', 'br;q=0.000, gzip', 'gzip, br;q=0']) {
        const response = await get(target, '/blogs', {'accept-encoding': acceptEncoding});
        expect({acceptEncoding, encoding: response.headers.get('content-encoding')}).not.toEqual({
          acceptEncoding,
          encoding: 'br',
        });
      }
    },
  },
  {
    name: 'sends brotli and gzip bodies that decode to the plain file',
    cause:
      'a compressed file differs from its plain file: copy every .br and .gz file from the same build',
    async run(target) {
      const script = await mainScript(target);
      const plain = await encodedBody(target, script, 'identity');
      const brotli = await encodedBody(target, script, 'br');
      expect(brotli.length).toBeLessThan(plain.length / 2);
      expect(brotliDecompressSync(brotli).equals(plain)).toBe(true);
    },
  },
  {
    name: 'makes pages revalidate, and answers a matching ETag with 304',
    cause:
      'pages are not revalidated or a matching ETag does not get 304: keep ETags on and the Cache-Control of _headers',
    async run(target) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const first = await get(target, '/blogs', {'accept-encoding': encoding});
        expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
        const etag = first.headers.get('etag') ?? '';
        expect(etag).toMatch(/^(W\/)?"[^"]*"$/);
        const weak = etag.startsWith('W/') ? etag : `W/${etag}`;
        for (const condition of [etag, weak, `"nope", ${etag}`, '*']) {
          const again = await get(target, '/blogs', {
            'accept-encoding': encoding,
            'if-none-match': condition,
          });
          expect({encoding, condition, status: again.status}).toEqual({
            encoding,
            condition,
            status: 304,
          });
        }
      }
      expect((await get(target, '/blogs', {'if-none-match': '"nope"'})).status).toBe(200);
    },
  },
  {
    name: 'gives each encoding its own ETag, so a validator never stands for another encoding',
    cause:
      'two encodings share one ETag: serve the precompressed files with the host’s own static-file handler',
    async run(target) {
      const tags = await Promise.all(
        ['br', 'gzip', 'identity'].map(async (encoding) =>
          (await get(target, '/blogs', {'accept-encoding': encoding})).headers.get('etag'),
        ),
      );
      expect(new Set(tags).size).toBe(3);
      const fromBrotli = await get(target, '/blogs', {
        'accept-encoding': 'gzip',
        'if-none-match': tags[0] ?? '',
      });
      expect(fromBrotli.status).toBe(200);
    },
  },
];
