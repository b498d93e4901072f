/**
 * The real server serving the production build (run `npx docusaurus build` first; npm test does):
 * status codes, redirects, compression, caching, security headers and the not-found log.
 */
import {execFile} from 'node:child_process';
import {connect} from 'node:net';
import {existsSync} from 'node:fs';
import path from 'node:path';
import {promisify} from 'node:util';
import {brotliDecompressSync} from 'node:zlib';
import {createPgliteStorage, startServer, type ServerProcess, type Storage} from './server-process';

jest.setTimeout(60_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
let server: ServerProcess;
let storage: Storage;

beforeAll(async () => {
  if (!existsSync(path.join(BUILD_DIR, '_headers'))) {
    throw new Error(`No production build in ${BUILD_DIR}: run "npx docusaurus build" first.`);
  }
  storage = await createPgliteStorage();
  server = await startServer({storage, buildDir: BUILD_DIR});
});

afterAll(async () => {
  await server.stop();
  await storage.dispose();
});

const get = (urlPath: string, headers: Record<string, string> = {}) =>
  fetch(server.url + urlPath, {headers, redirect: 'manual'});

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
}

/**
 * One request written byte for byte (fetch would normalise `\` and absolute-form targets away),
 * and the status line and headers of the answer.
 */
function rawGet(target: string, method = 'GET', extra = ''): Promise<RawAnswer> {
  const {hostname, port} = new URL(server.url);
  return new Promise((resolve, reject) => {
    let received = '';
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `${method} ${target} HTTP/1.1\r\nHost: ${hostname}:${port}\r\n${extra}Connection: close\r\n\r\n`,
      );
    });
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head = ''] = received.split('\r\n\r\n');
      const [statusLine = '', ...lines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of lines) {
        const colon = line.indexOf(':');
        headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({status: Number(statusLine.split(' ')[1]), headers});
    });
  });
}

/** A Location a browser would resolve on this site's origin, or no Location at all. */
function expectSameOrigin(location: string | undefined): void {
  if (location === undefined) return;
  expect(location).toMatch(/^\/(?![/\\])/);
  expect(new URL(location, 'http://site.test').host).toBe('site.test');
}

const SECURITY_HEADERS = ['content-security-policy', 'x-content-type-options', 'x-frame-options'];

/** The hashed main script the home page loads, e.g. /assets/js/main.1a2b3c4d.js. */
/** The main bundle, as the page's script loader names it. */
async function mainScript(): Promise<string> {
  const src = /\/assets\/js\/main\.[\w-]+\.js/.exec(await (await get('/')).text())?.[0];
  if (!src) throw new Error('The home page loads no main script');
  return src;
}

describe('status codes', () => {
  it('answers an unknown path with 404, the not-found page, and a log line naming the path', async () => {
    const response = await get('/no/such/page');
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Oops! Page not found');
    const notFound = /not found: \/no\/such\/page/;
    expect(await server.outputMatching(notFound)).toMatch(notFound);
  });

  it('compresses the not-found page like any other page', async () => {
    const response = await get('/no/such/page', {'accept-encoding': 'br'});
    expect(response.status).toBe(404);
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
  });

  it.each([
    ['/blogs/', '/blogs'],
    ['/blog', '/blogs'],
    ['/blog/taobao-guide/?ref=feed', '/blog/taobao-guide?ref=feed'],
  ])('redirects %s to %s with 301', async (from, to) => {
    const response = await get(from);
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe(to);
  });

  it('serves the canonical URLs with 200', async () => {
    for (const urlPath of [
      '/',
      '/blogs',
      '/blog/taobao-guide',
      '/gotcha-screen-translator/support',
    ]) {
      expect((await get(urlPath)).status).toBe(200);
    }
  });

  it('answers a malformed URL with 400 instead of failing', async () => {
    expect((await get('/%E0%A4%A')).status).toBe(400);
  });
});

describe('redirects never leave the site', () => {
  it.each([
    '/\\evil.example/',
    '/\\evil.example',
    '/%5Cevil.example/',
    '//evil.example/',
    '/\\/evil.example/',
  ])('answers %s without a Location to another host', async (target) => {
    const answer = await rawGet(target);
    expectSameOrigin(answer.headers.location);
    if (answer.status === 301) expect(answer.headers.location).not.toContain('evil');
  });

  it('answers an absolute-form request target with a same-origin Location', async () => {
    const answer = await rawGet('http://evil.example/blogs/');
    expectSameOrigin(answer.headers.location);
    expect(answer.headers.location ?? '').not.toContain('evil');
  });
});

describe('errors look like the site and carry its headers', () => {
  it('answers POST / with 405, Allow: GET, HEAD and the security headers', async () => {
    const response = await fetch(`${server.url}/`, {method: 'POST', body: 'x'});
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
    for (const name of SECURITY_HEADERS) expect(response.headers.get(name)).toBeTruthy();
  });

  it.each(['DELETE', 'PUT', 'PATCH', 'OPTIONS'])(
    'answers %s on a page with 405',
    async (method) => {
      const answer = await rawGet('/blogs', method);
      expect(answer.status).toBe(405);
      expect(answer.headers.allow).toBe('GET, HEAD');
    },
  );

  it('answers a malformed URL with 400, the site page and the security headers', async () => {
    const response = await get('/%zz');
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    for (const name of SECURITY_HEADERS) expect(response.headers.get(name)).toBeTruthy();
    expect(await response.text()).toMatch(/^<!doctype html>/i);
  });

  it('sends the security headers with a 404 and a redirect', async () => {
    for (const urlPath of ['/no/such/page', '/blogs/']) {
      const response = await get(urlPath);
      for (const name of SECURITY_HEADERS) expect(response.headers.get(name)).toBeTruthy();
    }
  });

  it.each(['/_headers', '/_redirects', '/.nojekyll'])(
    'does not serve the build-only file %s',
    async (urlPath) => {
      expect((await get(urlPath)).status).toBe(404);
    },
  );
});

describe('conditional requests and encodings', () => {
  it('answers a weak, a listed and a * If-None-Match with 304', async () => {
    const etag = (await get('/blogs', {'accept-encoding': 'br'})).headers.get('etag')!;
    for (const condition of [`W/${etag}`, `"nope", ${etag}`, '*']) {
      const response = await get('/blogs', {'accept-encoding': 'br', 'if-none-match': condition});
      expect({condition, status: response.status}).toEqual({condition, status: 304});
    }
    expect((await get('/blogs', {'if-none-match': '"nope"'})).status).toBe(200);
  });

  it('gives the brotli, gzip and plain forms distinct ETags', async () => {
    const tags = await Promise.all(
      ['br', 'gzip', 'identity'].map(async (encoding) =>
        (await get('/blogs', {'accept-encoding': encoding})).headers.get('etag'),
      ),
    );
    expect(new Set(tags).size).toBe(3);
    const brotliTag = tags[0]!;
    expect(
      (await get('/blogs', {'accept-encoding': 'gzip', 'if-none-match': brotliTag})).status,
    ).toBe(200);
  });

  it.each(['br;q=0.0', 'br;q=0.000, gzip', 'br; Q=0, gzip', 'gzip, br;q=0'])(
    'sends no brotli for Accept-Encoding: %s',
    async (acceptEncoding) => {
      const response = await get('/blogs', {'accept-encoding': acceptEncoding});
      expect(response.headers.get('content-encoding')).not.toBe('br');
    },
  );
});

describe('compression and caching', () => {
  it('sends a hashed script brotli-compressed and cached for a year, immutable', async () => {
    const response = await get(await mainScript(), {'accept-encoding': 'gzip, br'});
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(response.headers.get('vary')).toBe('Accept-Encoding');
    // fetch decodes brotli itself; the body must be real JavaScript.
    expect(await response.text()).toMatch(/webpackChunk|function/);
  });

  it('sends gzip to a client without brotli, and the plain file to one with neither', async () => {
    const src = await mainScript();
    expect((await get(src, {'accept-encoding': 'gzip'})).headers.get('content-encoding')).toBe(
      'gzip',
    );
    expect(
      (await get(src, {'accept-encoding': 'identity'})).headers.get('content-encoding'),
    ).toBeNull();
  });

  it('makes HTML revalidate, and answers a matching ETag with 304', async () => {
    const first = await get('/blogs');
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate');
    const etag = first.headers.get('etag')!;
    expect((await get('/blogs', {'if-none-match': etag})).status).toBe(304);
  });

  it('stores the brotli form it sends, decodable to the same file', async () => {
    const src = await mainScript();
    const plain = Buffer.from(
      await (await get(src, {'accept-encoding': 'identity'})).arrayBuffer(),
    );
    const raw = await new Promise<Buffer>((resolve, reject) => {
      // node:http keeps the compressed bytes, unlike fetch.
      void import('node:http').then(({get: httpGet}) =>
        httpGet(server.url + src, {headers: {'accept-encoding': 'br'}}, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => resolve(Buffer.concat(chunks)));
          response.on('error', reject);
        }),
      );
    });
    expect(raw.length).toBeLessThan(plain.length / 2);
    expect(brotliDecompressSync(raw).equals(plain)).toBe(true);
  });
});

describe('security headers', () => {
  it('sends a Content-Security-Policy whose script-src allows no inline script but the hashed ones', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy')!;
    const scriptSrc = csp
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'))!;
    expect(scriptSrc).not.toMatch(/unsafe-inline|unsafe-eval/);
    expect(scriptSrc).toMatch(/'sha256-[A-Za-z0-9+/=]+'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
  });

  it('sends nosniff, a referrer policy, a permissions policy and frame protection on every kind of file', async () => {
    for (const urlPath of ['/', '/no/such/page', await mainScript(), '/img/brand/logo.svg']) {
      const headers = (await get(urlPath)).headers;
      expect(headers.get('x-content-type-options')).toBe('nosniff');
      expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      expect(headers.get('permissions-policy')).toContain('camera=()');
      expect(headers.get('x-frame-options')).toBe('DENY');
    }
  });

  it('leaves HSTS out over plain HTTP', async () => {
    expect((await get('/')).headers.get('strict-transport-security')).toBeNull();
  });
});

describe('MDN HTTP Observatory', () => {
  /** Tests that cannot pass over plain HTTP on localhost: they need HTTPS. */
  const NEEDS_HTTPS = ['redirection', 'strict-transport-security'];

  it('passes every test that can pass over plain HTTP', async () => {
    const scanner = path.resolve(
      __dirname,
      '../../.cache/observatory/node_modules/.bin/mdn-http-observatory-scan',
    );
    if (!existsSync(scanner))
      throw new Error('Run scripts/install-observatory.sh first (npm test does).');
    const {host} = new URL(server.url);
    const {stdout} = await promisify(execFile)(scanner, [host], {maxBuffer: 16 * 1024 * 1024});
    const {tests} = JSON.parse(stdout) as {tests: Record<string, {pass: boolean; result: string}>};
    expect(Object.keys(tests).length).toBeGreaterThanOrEqual(10);
    const failing = Object.entries(tests)
      .filter(([name, test]) => !test.pass && !NEEDS_HTTPS.includes(name))
      .map(([name, test]) => `${name}: ${test.result}`);
    expect(failing).toEqual([]);
    expect(tests['content-security-policy']?.result).toBe(
      'csp-implemented-with-unsafe-inline-in-style-src-only',
    );
  });
});
