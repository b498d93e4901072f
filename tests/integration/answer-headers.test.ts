/**
 * Every answer of the bundled server carries the security headers of `_headers`: the waitlist
 * REST stand-in's, whatever their status (asked in process with `inject`), and those to requests
 * Node's HTTP parser refuses (sent as bytes to the real process, which also logs what it could
 * not find). Needs a production build (npm run build).
 */
import {existsSync, readFileSync} from 'node:fs';
import type {OutgoingHttpHeaders} from 'node:http';
import path from 'node:path';
import type {FastifyInstance} from 'fastify';
import {headersFor, parseHeadersFile} from '../../contracts/headers-file';
import {LOCAL_ANON_KEY, WAITLIST_TABLE} from '../../contracts/waitlist';
import {exchange} from '../conformance/http';
import {REFUSED_REQUESTS} from '../conformance/server-checks';
import type {ServerProcess} from './server-process';
import {serversOfThisFile} from './servers';

jest.setTimeout(60_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
const servers = serversOfThisFile();
let app: FastifyInstance;
let limited: FastifyInstance;
let server: ServerProcess;

beforeAll(async () => {
  if (!existsSync(path.join(BUILD_DIR, '_headers'))) {
    throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
  }
  [app, limited, server] = await Promise.all([
    servers.app({buildDir: BUILD_DIR}),
    servers.app({buildDir: BUILD_DIR, writesPerMinute: 1}),
    servers.storage().then((storage) => servers.start({storage, buildDir: BUILD_DIR})),
  ]);
}, 120_000);

const rules = () => parseHeadersFile(readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));

/**
 * The headers `_headers` gives every path, as they must be: HSTS left out over plain HTTP, and
 * caching too where the answer is not a file.
 */
function expectSecurityHeaders(
  what: string,
  headers: Headers | OutgoingHttpHeaders,
  {file = true} = {},
): void {
  const get = (name: string) =>
    headers instanceof Headers ? headers.get(name) : String(headers[name] ?? null);
  const wrong = [...headersFor(rules(), '/404.html')]
    .filter(([name]) => name !== 'strict-transport-security')
    .filter(([name]) => file || name !== 'cache-control')
    .filter(([name, value]) => get(name) !== value)
    .map(([name, value]) => `${what}: ${name} is ${get(name)}, not ${value}`);
  expect(wrong).toEqual([]);
}

const anon = {apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`};
const json = {...anon, 'content-type': 'application/json'};
const table = `/rest/v1/${WAITLIST_TABLE}`;

interface Sent {
  method?: 'HEAD' | 'OPTIONS' | 'POST' | 'PATCH';
  headers?: Record<string, string>;
  body?: string;
}

/** One REST request of each answer the stand-in gives, with the status it must get. */
const REST_ANSWERS: [status: number, what: string, path: string, sent: Sent][] = [
  [
    200,
    'HEAD count',
    `${table}?select=id&limit=1`,
    {method: 'HEAD', headers: {...anon, prefer: 'count=exact'}},
  ],
  [200, 'GET ids', `${table}?select=id`, {headers: anon}],
  [
    200,
    'CORS preflight',
    table,
    {
      method: 'OPTIONS',
      headers: {origin: 'http://localhost:3000', 'access-control-request-method': 'POST'},
    },
  ],
  [
    201,
    'sign-up',
    `${table}?select=id`,
    {
      method: 'POST',
      headers: {...json, prefer: 'return=representation'},
      body: '{"email":"headers@example.com"}',
    },
  ],
  [
    409,
    'duplicate',
    table,
    {method: 'POST', headers: json, body: '{"email":"HEADERS@example.com"}'},
  ],
  [400, 'invalid JSON', table, {method: 'POST', headers: json, body: '}{'}],
  [
    400,
    'invalid address',
    table,
    {method: 'POST', headers: json, body: '{"email":"not-an-email"}'},
  ],
  [401, 'no key', `${table}?select=id`, {}],
  [404, 'another table', '/rest/v1/other?select=id', {headers: anon}],
  [405, 'PATCH', `${table}?id=eq.1`, {method: 'PATCH', headers: json, body: '{}'}],
  [
    413,
    'a body over 64 KiB',
    table,
    {method: 'POST', headers: json, body: `{"email":"${'a'.repeat(70_000)}"}`},
  ],
];

it.each(REST_ANSWERS)(
  'sends every security header with a REST answer of %i (%s)',
  async (status, what, url, {method = 'GET', headers, body}) => {
    const response = await app.inject({method, url, headers, payload: body});
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(what, response.headers, {file: false});
  },
);

it('sends every security header with a REST answer of 429', async () => {
  const post = () =>
    limited.inject({
      method: 'POST',
      url: table,
      headers: json,
      payload: '{"email":"limit@example.com"}',
    });
  expect((await post()).statusCode).toBe(201);
  const refused = await post();
  expect(refused.statusCode).toBe(429);
  expectSecurityHeaders('429', refused.headers, {file: false});
});

/** What Node's parser makes of each refused request, as the bundled server answers it. */
const PARSER_STATUSES: Record<string, number> = {
  'an unknown method': 400,
  'a space in the target': 400,
  'a raw tab in the target': 400,
  'a raw 0xFF byte in the target': 400,
  'no Host header': 400,
  'both Content-Length and Transfer-Encoding': 400,
  // Node's parser refuses a version it does not know as a malformed request (Caddy answers 505).
  'an HTTP version the server does not speak': 400,
  'a 20 KB header': 431,
  'a 100 KB URL': 414,
};

it.each(REFUSED_REQUESTS)(
  'answers %s with its status, every security header and Connection: close',
  async (what, bytes) => {
    const answer = await exchange(server.url, bytes(new URL(server.url).host));
    expect({what, status: answer.status}).toEqual({what, status: PARSER_STATUSES[what]});
    expectSecurityHeaders(what, new Headers(answer.headers));
    expect(answer.headers.connection).toBe('close');
  },
);

it('logs a line naming the path of a request for an unknown page', async () => {
  expect((await fetch(`${server.url}/no/such/page`)).status).toBe(404);
  const notFound = /not found: \/no\/such\/page/;
  expect(await server.outputMatching(notFound)).toMatch(notFound);
});
