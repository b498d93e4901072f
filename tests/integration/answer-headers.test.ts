/**
 * Every answer of the bundled server carries the security headers of `_headers`: the waitlist
 * REST stand-in's, whatever their status, and those to requests Node's HTTP parser refuses.
 * Needs a production build (npm run build).
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {headersFor, parseHeadersFile} from '../../contracts/headers-file';
import {LOCAL_ANON_KEY, WAITLIST_TABLE} from '../../contracts/waitlist';
import {exchange} from '../conformance/http';
import {REFUSED_REQUESTS} from '../conformance/server-checks';
import {createPgliteStorage, startServer, type ServerProcess, type Storage} from './server-process';

jest.setTimeout(60_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
const servers: ServerProcess[] = [];
const storages: Storage[] = [];
let server: ServerProcess;
let limited: ServerProcess;

async function start(writesPerMinute: number): Promise<ServerProcess> {
  const storage = await createPgliteStorage();
  storages.push(storage);
  const started = await startServer({storage, buildDir: BUILD_DIR, writesPerMinute});
  servers.push(started);
  return started;
}

beforeAll(async () => {
  if (!existsSync(path.join(BUILD_DIR, '_headers'))) {
    throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
  }
  [server, limited] = await Promise.all([start(0), start(1)]);
}, 120_000);

afterAll(async () => {
  await Promise.allSettled(servers.map((started) => started.stop()));
  await Promise.allSettled(storages.map((storage) => storage.dispose()));
}, 60_000);

const rules = () => parseHeadersFile(readFileSync(path.join(BUILD_DIR, '_headers'), 'utf8'));

/**
 * The headers `_headers` gives every path, as they must be: HSTS left out over plain HTTP, and
 * caching too where the answer is not a file.
 */
function expectSecurityHeaders(what: string, headers: Headers, {file = true} = {}): void {
  const wrong = [...headersFor(rules(), '/404.html')]
    .filter(([name]) => name !== 'strict-transport-security')
    .filter(([name]) => file || name !== 'cache-control')
    .filter(([name, value]) => headers.get(name) !== value)
    .map(([name, value]) => `${what}: ${name} is ${headers.get(name)}, not ${value}`);
  expect(wrong).toEqual([]);
}

const anon = {apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`};
const json = {...anon, 'content-type': 'application/json'};
const table = `/rest/v1/${WAITLIST_TABLE}`;

/** One REST request of each answer the stand-in gives, with the status it must get. */
const REST_ANSWERS: [status: number, what: string, path: string, init: RequestInit][] = [
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
  async (status, what, urlPath, init) => {
    const response = await fetch(server.url + urlPath, init);
    expect(response.status).toBe(status);
    expectSecurityHeaders(what, response.headers, {file: false});
  },
);

it('sends every security header with a REST answer of 429', async () => {
  const post = () =>
    fetch(limited.url + table, {
      method: 'POST',
      headers: json,
      body: '{"email":"limit@example.com"}',
    });
  expect((await post()).status).toBe(201);
  const refused = await post();
  expect(refused.status).toBe(429);
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
