/**
 * Clients that hold the server's connections: headers or a body that stop arriving, a body that
 * keeps trickling after the answer, many connections from one address, and a proxy setting that
 * would let any client choose its address. The limits are set short here through the same
 * variables an operator sets. Test clients connect from 127.0.0.2 where one address must be
 * told apart from another (all of 127.0.0.0/8 is this machine). Needs a production build.
 */
import {existsSync} from 'node:fs';
import {request as httpRequest} from 'node:http';
import {connect, type Socket} from 'node:net';
import path from 'node:path';
import {LOCAL_ANON_KEY, WAITLIST_TABLE} from '../../contracts/waitlist';
import {until} from '../poll';
import type {ServerProcess} from './server-process';
import {serversOfThisFile} from './servers';

jest.setTimeout(60_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
const HEADERS_TIMEOUT_MS = 1_000;
const REQUEST_TIMEOUT_MS = 2_000;
const MAX_CONNECTIONS_PER_ADDRESS = 8;
/** The server checks its time limits once a second: a connection may outlive one by that much. */
const CHECK_INTERVAL_MS = 1_000;
const SLACK_MS = 500;
const OTHER_ADDRESS = '127.0.0.2';

const servers = serversOfThisFile();

async function start(env: Record<string, string>, writesPerMinute = 0): Promise<ServerProcess> {
  const storage = await servers.storage();
  return servers.start({storage, buildDir: BUILD_DIR, env, writesPerMinute});
}

const SHORT_LIMITS = {
  HEADERS_TIMEOUT_MS: String(HEADERS_TIMEOUT_MS),
  REQUEST_TIMEOUT_MS: String(REQUEST_TIMEOUT_MS),
  MAX_CONNECTIONS_PER_ADDRESS: String(MAX_CONNECTIONS_PER_ADDRESS),
};

let server: ServerProcess;

beforeAll(async () => {
  if (!existsSync(path.join(BUILD_DIR, '_headers'))) {
    throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
  }
  server = await start(SHORT_LIMITS);
}, 120_000);

interface OpenSocket {
  socket: Socket;
  received(): string;
  isClosed(): boolean;
  /** Resolves with the milliseconds the connection lived once the server closes it. */
  closed: Promise<number>;
}

/** A connection to the server, from `localAddress` when given. */
function open(on: ServerProcess, localAddress?: string): Promise<OpenSocket> {
  const {hostname, port} = new URL(on.url);
  return new Promise((resolve, reject) => {
    const socket = connect({host: hostname, port: Number(port), localAddress});
    const opened = Date.now();
    let received = '';
    let isClosed = false;
    socket.setEncoding('latin1').on('data', (chunk: string) => (received += chunk));
    // A reset by the server is one way of closing; the test looks at when, not how.
    socket.on('error', () => undefined);
    const closed = new Promise<number>((resolveClosed) =>
      socket.once('close', () => {
        isClosed = true;
        resolveClosed(Date.now() - opened);
      }),
    );
    socket.once('connect', () =>
      resolve({socket, received: () => received, isClosed: () => isClosed, closed}),
    );
    socket.once('error', reject);
  });
}

/** `promise`, or a failure naming `what` once `ms` have passed. */
function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms);
  });
  return Promise.race([promise, deadline]).finally(() => clearTimeout(timer));
}

const pageStatus = async (on: ServerProcess) => (await fetch(`${on.url}/blogs`)).status;

it('closes a connection whose headers do not arrive in time, with 408 and the security headers', async () => {
  const client = await open(server);
  client.socket.write('GET /blogs HTTP/1.1\r\nHost: localhost\r\n');
  const lived = await within(
    HEADERS_TIMEOUT_MS + CHECK_INTERVAL_MS + SLACK_MS,
    'the slow headers are cut off',
    client.closed,
  );
  expect(lived).toBeGreaterThanOrEqual(HEADERS_TIMEOUT_MS - 100);
  expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  expect(client.received()).toMatch(/\r\ncontent-security-policy: default-src 'self'/i);
});

it('closes a keyed sign-up whose body stops after 9 of 60,000 bytes, and pages keep answering', async () => {
  const client = await open(server);
  client.socket.write(
    `POST /rest/v1/${WAITLIST_TABLE} HTTP/1.1\r\nHost: localhost\r\napikey: ${LOCAL_ANON_KEY}\r\n` +
      'content-type: application/json\r\ncontent-length: 60000\r\n\r\n{"email":',
  );
  expect(await pageStatus(server)).toBe(200);
  const lived = await within(
    REQUEST_TIMEOUT_MS + CHECK_INTERVAL_MS + SLACK_MS,
    'the stalled body is cut off',
    client.closed,
  );
  expect(lived).toBeGreaterThanOrEqual(REQUEST_TIMEOUT_MS - 100);
  expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
  expect(await pageStatus(server)).toBe(200);
});

it('closes the connection of a request answered before its body, while the body still trickles', async () => {
  const client = await open(server);
  client.socket.write(
    `POST /rest/v1/${WAITLIST_TABLE} HTTP/1.1\r\nHost: localhost\r\n` +
      'content-type: application/json\r\ncontent-length: 60000\r\n\r\n{',
  );
  const trickle = setInterval(() => {
    if (!client.isClosed()) client.socket.write(' ');
  }, 50);
  try {
    await until('the 401 arrives', () => client.received().includes('\r\n\r\n'), {
      timeoutMs: REQUEST_TIMEOUT_MS,
    });
    expect(client.received()).toMatch(/^HTTP\/1\.1 401 /);
    expect(client.received()).toMatch(/\r\nconnection: close\r\n/i);
    // Well before any time limit: the server stops reading once it has answered.
    await within(HEADERS_TIMEOUT_MS, 'the connection is closed after the answer', client.closed);
  } finally {
    clearInterval(trickle);
  }
});

it('holds at most MAX_CONNECTIONS_PER_ADDRESS connections from one address; others are served', async () => {
  // Time limits long enough not to close anything during the test: only the cap does.
  const capped = await start({
    ...SHORT_LIMITS,
    HEADERS_TIMEOUT_MS: '20000',
    REQUEST_TIMEOUT_MS: '30000',
  });
  const clients = await Promise.all(
    Array.from({length: 3 * MAX_CONNECTIONS_PER_ADDRESS}, () => open(capped, OTHER_ADDRESS)),
  );
  const closedCount = () => clients.filter((client) => client.isClosed()).length;
  await until(
    'the connections over the cap are closed',
    () => closedCount() >= 2 * MAX_CONNECTIONS_PER_ADDRESS,
    {timeoutMs: 2_000},
  );
  expect(closedCount()).toBe(2 * MAX_CONNECTIONS_PER_ADDRESS);
  expect(await pageStatus(capped)).toBe(200);

  // The connections within the cap are served.
  const kept = clients.filter((client) => !client.isClosed());
  for (const client of kept) {
    client.socket.write('GET /blogs HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
  }
  await within(5_000, 'the kept connections are answered', Promise.all(kept.map((c) => c.closed)));
  for (const client of kept) expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);

  // Once they are closed, the address may connect again.
  await until(
    'a new connection from the address is served',
    async () => {
      const again = await open(capped, OTHER_ADDRESS);
      again.socket.write('GET /blogs HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n');
      await again.closed;
      return again.received().startsWith('HTTP/1.1 200 ');
    },
    {timeoutMs: 2_000},
  );
});

it.each([
  ['true', /TRUST_PROXY=true.*X-Forwarded-For/s],
  ['yes', /TRUST_PROXY.*"yes"/],
  ['10.0.0.0/33', /TRUST_PROXY.*"10\.0\.0\.0\/33"/],
  // Fastify 5 ignores a count of proxies, which would leave every visitor one budget.
  ['1', /TRUST_PROXY takes the addresses or ranges of the proxies in front, not their number/],
])('refuses to start with TRUST_PROXY=%s, saying why', async (value, message) => {
  await expect(start({TRUST_PROXY: value})).rejects.toThrow(message);
});

it.each(['short', 'has a space 0123456789abcdef0123456789', 'dollar$0123456789abcdef0123456789'])(
  'refuses to start with WAITLIST_PROXY_SECRET=%s, which the database would not take',
  async (value) => {
    await expect(start({WAITLIST_PROXY_SECRET: value})).rejects.toThrow(
      /WAITLIST_PROXY_SECRET must be 32 to 256 letters, digits, - or _/,
    );
  },
);

/** A sign-up sent from `localAddress` with an X-Forwarded-For header; resolves with its status. */
function signUpVia(on: ServerProcess, localAddress: string, forwardedFor: string, email: string) {
  const {hostname, port} = new URL(on.url);
  return new Promise<number>((resolve, reject) => {
    const body = JSON.stringify({email});
    httpRequest(
      {
        host: hostname,
        port: Number(port),
        localAddress,
        method: 'POST',
        path: `/rest/v1/${WAITLIST_TABLE}`,
        headers: {
          apikey: LOCAL_ANON_KEY,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-forwarded-for': forwardedFor,
        },
      },
      (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      },
    )
      .on('error', reject)
      .end(body);
  });
}

it('trusts X-Forwarded-For only from the proxy addresses TRUST_PROXY names', async () => {
  const proxied = await start({TRUST_PROXY: '127.0.0.1'}, 2);
  // A client that is not the proxy cannot escape its limit by naming other addresses.
  const direct = [];
  for (const [index, forwardedFor] of ['203.0.113.1', '203.0.113.2', '203.0.113.3'].entries()) {
    direct.push(
      await signUpVia(proxied, OTHER_ADDRESS, forwardedFor, `direct${index}@example.com`),
    );
  }
  expect(direct).toEqual([201, 201, 429]);
  // Through the proxy, each visitor has a limit of its own.
  const viaProxy = [];
  for (const [index, forwardedFor] of [
    '198.51.100.1',
    '198.51.100.1',
    '198.51.100.1',
    '198.51.100.2',
  ].entries()) {
    viaProxy.push(
      await signUpVia(proxied, '127.0.0.1', forwardedFor, `proxied${index}@example.com`),
    );
  }
  expect(viaProxy).toEqual([201, 201, 429, 201]);
});
