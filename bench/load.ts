/**
 * The servers under load with autocannon (50 connections, 2 s warm-up, then 10 s), one target at a
 * time: an HTML page and the main bundle (`Accept-Encoding: br`) on ours and on `docusaurus serve`,
 * and waitlist sign-ups (unique addresses) on ours, which alone has the REST API. Then the database
 * load: a page's latency over one connection while 100 connections keep the waitlist's database
 * (seeded with 50,000 rows) busy with the connection test's read, then with sign-ups.
 */
import {request} from 'node:http';
import {createRequire} from 'node:module';
import os from 'node:os';
import autocannon, {type Options, type Result} from 'autocannon';
import {LOCAL_ANON_KEY} from '../contracts/waitlist';
import {WAITLIST_PATH} from '../contracts/waitlist-proxy';
import {groupStats, withTimeout, type Child} from './util';

export interface Server {
  name: string;
  origin: string;
  child: Child;
}

const LOAD = {connections: 50, durationSeconds: 10, warmupSeconds: 2, timeoutSeconds: 10};
export const DATABASE_LOAD = {
  connections: 100,
  seedRows: 50_000,
  durationSeconds: 10,
  pageConnections: 1,
};
/**
 * autocannon appends every response body to a JS string, for features this bench does not use;
 * decoding brotli bodies as UTF-8 capped its single thread near 550 req/s on the main bundle, so
 * the test measured the client. Both servers are measured without that step.
 */
const BODY_NOTE =
  "autocannon's unused per-response body decoding is disabled (PipelinedRequestsQueue.addBody)";
const queue = createRequire(__filename)('autocannon/lib/pipelinedRequestsQueue') as {
  prototype: {addBody: () => void};
};
queue.prototype.addBody = () => undefined;

const BROTLI = {'accept-encoding': 'br'};
const API = {apikey: LOCAL_ANON_KEY, authorization: `Bearer ${LOCAL_ANON_KEY}`};
const READ = `${WAITLIST_PATH}?select=id&limit=1`;

/** Sign-ups, each with an address no other request of this run uses. */
function signUps(): Pick<Options, 'requests'> {
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let sequence = 0;
  const headers = {...API, 'content-type': 'application/json', prefer: 'return=minimal'};
  const setupRequest = (req: object) => ({
    ...req,
    body: JSON.stringify({email: `bench-${runId}-${++sequence}@example.com`}),
  });
  return {requests: [{method: 'POST', path: WAITLIST_PATH, headers, setupRequest}]};
}

const statuses = (result: Result): Record<string, number> =>
  Object.fromEntries(
    Object.entries(result.statusCodeStats).map(([code, {count}]) => [code, count]),
  );

function fire(options: Options): Promise<Result> {
  const instance = autocannon({timeout: LOAD.timeoutSeconds, ...options});
  const limitMs = ((options.duration ?? 0) + (options.warmup?.duration ?? 0) + 20) * 1000;
  return withTimeout(Promise.resolve(instance), limitMs, `autocannon on ${options.url}`).finally(
    () => instance.stop(),
  );
}

/** One request as the test sends it: status, encoding and body bytes as sent (not decoded). */
function probe(
  url: string,
  init: {method?: string; headers?: Record<string, string>; body?: string},
) {
  return new Promise<{status: number; encoding: string; bodyBytes: number}>((resolve, reject) => {
    const req = request(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      timeout: 10_000,
    });
    req
      .on('timeout', () => req.destroy(new Error(`no answer from ${url} within 10 s`)))
      .on('error', reject);
    req.on('response', (response) => {
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => (bodyBytes += chunk.length)).on('error', reject);
      response.on('end', () => {
        const encoding = response.headers['content-encoding'] ?? 'identity';
        resolve({status: response.statusCode ?? 0, encoding, bodyBytes});
      });
    });
    req.end(init.body);
  });
}

async function measure(
  server: Server,
  scenario: string,
  path: string,
  options: Partial<Options>,
  probeInit = {},
) {
  const url = server.origin + path;
  const first = await probe(url, probeInit);
  if (first.status < 200 || first.status > 299)
    throw new Error(`${server.name} answered ${url} with ${first.status}`);
  const loadAverage = os.loadavg()[0] ?? NaN;
  const cpuBefore = (await groupStats(server.child.pid)).cpuSeconds;
  const {connections, durationSeconds: duration, warmupSeconds} = LOAD;
  const result = await fire({
    ...options,
    url,
    connections,
    duration,
    warmup: {connections, duration: warmupSeconds},
  });
  const cpuSeconds = (await groupStats(server.child.pid)).cpuSeconds - cpuBefore;
  const served = result.requests.total + (result.warmup?.requests.total ?? 0);
  return {
    server: server.name,
    scenario,
    path,
    probe: first,
    requestsPerSecond: Math.round(result.requests.average),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total,
    /** Server CPU (whole process group) per 1,000 requests, warm-up included. */
    serverCpuMsPer1kRequests: Math.round((cpuSeconds * 1e7) / Math.max(served, 1)) / 10,
    loadAverage,
    statusCodes: statuses(result),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}
type LoadRun = Awaited<ReturnType<typeof measure>>;

export async function measureLoad(
  ours: Server,
  stock: Server,
  mainScript: string,
  log: (m: string) => void,
) {
  const runs: LoadRun[] = [];
  for (const [scenario, path] of [
    ['html', '/blogs'],
    ['asset', mainScript],
  ] as const) {
    for (const server of [ours, stock]) {
      log(`load: ${server.name} ${scenario} ${path}`);
      runs.push(await measure(server, scenario, path, {headers: BROTLI}, {headers: BROTLI}));
    }
  }
  log('load: ours insert');
  const insert = signUps();
  const probeBody = JSON.stringify({email: `bench-probe-${Date.now().toString(36)}@example.com`});
  runs.push(
    await measure(ours, 'insert', WAITLIST_PATH, insert, {
      ...insert.requests?.[0],
      body: probeBody,
    }),
  );
  const of = (server: Server, scenario: string) =>
    runs.find((r) => r.server === server.name && r.scenario === scenario);
  const ratio = (
    scenario: string,
    figure: 'requestsPerSecond' | 'serverCpuMsPer1kRequests',
    a: Server,
    b: Server,
  ) => (of(a, scenario)?.[figure] ?? NaN) / (of(b, scenario)?.[figure] ?? NaN);
  return {
    settings: {...LOAD, note: BODY_NOTE},
    runs,
    /** Ours ÷ docusaurus serve, requests per second. */
    ratios: {
      html: ratio('html', 'requestsPerSecond', ours, stock),
      asset: ratio('asset', 'requestsPerSecond', ours, stock),
    },
    /** docusaurus serve ÷ ours, server CPU per request (which a busy machine disturbs less). */
    cpuRatios: {
      html: ratio('html', 'serverCpuMsPer1kRequests', stock, ours),
      asset: ratio('asset', 'serverCpuMsPer1kRequests', stock, ours),
    },
  };
}
export type LoadResult = Awaited<ReturnType<typeof measureLoad>>;

/** `server` must hold `DATABASE_LOAD.seedRows` rows, with the waitlist's limits lifted. */
export async function measureDatabaseLoad(server: Server, log: (m: string) => void) {
  const runs = [];
  for (const load of ['reads', 'writes'] as const) {
    log(`load: /blogs while ${DATABASE_LOAD.connections} connections send waitlist ${load}`);
    const {connections, durationSeconds: duration, pageConnections} = DATABASE_LOAD;
    const database =
      load === 'reads'
        ? {url: server.origin + READ, headers: {...API, prefer: 'count=exact'}}
        : {...signUps(), url: server.origin + WAITLIST_PATH};
    const [busy, page] = await Promise.all([
      fire({...database, connections, duration}),
      fire({
        url: `${server.origin}/blogs`,
        headers: BROTLI,
        connections: pageConnections,
        duration,
      }),
    ]);
    runs.push({
      load,
      request: load === 'reads' ? `GET ${READ}, Prefer: count=exact` : 'POST one new address',
      databaseRequestsPerSecond: Math.round(busy.requests.average),
      databaseStatusCodes: statuses(busy),
      pagePath: '/blogs',
      pageRequests: page.requests.total,
      pageLatencyP50Ms: page.latency.p50,
      pageLatencyP99Ms: page.latency.p99,
      pageLatencyMaxMs: page.latency.max,
      pageErrors: page.errors + page.timeouts + page.non2xx,
    });
  }
  return runs;
}
export type DatabaseLoadRun = Awaited<ReturnType<typeof measureDatabaseLoad>>[number];
