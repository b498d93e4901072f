/**
 * The servers under load with autocannon, one target at a time, each warmed up first: an HTML
 * page and the main JS bundle on our server and on `docusaurus serve`, and waitlist inserts
 * (unique addresses) on ours, which alone has the REST API.
 */
import {request as httpRequest} from 'node:http';
import os from 'node:os';
import autocannon from 'autocannon';
import PipelinedRequestsQueue from 'autocannon/lib/pipelinedRequestsQueue';
import {LOAD} from './config';
import {LOCAL_ANON_KEY} from '../src/data/waitlist';

type Options = autocannon.Options;
type Result = autocannon.Result;
import {groupStats, onCleanup} from './processes';
import type {RunningServer} from './servers';
import {withTimeout} from './util';

export type Scenario = 'html' | 'asset' | 'insert';

export interface LoadRun {
  server: string;
  scenario: Scenario;
  path: string;
  /** What one response looked like before the run (status, encoding, body bytes). */
  probe: {status: number; contentEncoding: string | null; bodyBytes: number};
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  durationSeconds: number;
  /** Server CPU time (user + system, whole process group) per 1000 requests, warm-up included. */
  serverCpuMsPer1kRequests: number;
  /** 1-minute load average when the run started: above the core count, others compete. */
  loadAverage: number;
  statusCodes: Record<string, number>;
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface LoadResult {
  settings: typeof LOAD & {host: string; note: string};
  runs: LoadRun[];
  /** Ours ÷ docusaurus serve, requests per second, from the same run. */
  ratios: {html: number; asset: number};
  /**
   * docusaurus serve ÷ ours, server CPU time per request: how much cheaper ours is, which a busy
   * machine disturbs far less than requests per second.
   */
  cpuRatios: {html: number; asset: number};
}

const ACCEPT_BROTLI = {'accept-encoding': 'br'};

/**
 * autocannon appends every response body to a JS string (`body += chunk`), for `verifyBody` and
 * `onResponse`, which this benchmark does not use. Decoding a binary (brotli) body as UTF-8 costs
 * its single-threaded client ~1.4 ms per 116 KB here, which capped it near 550 req/s on the main
 * bundle while the server had room for 15× more: the load test measured autocannon, not the
 * server. Dropping the bodies it never reads makes the client cheap for both servers alike.
 */
export const BODY_DECODING_NOTE =
  "autocannon's unused per-response body decoding is disabled (PipelinedRequestsQueue.addBody)";

function skipBodyDecoding(): void {
  PipelinedRequestsQueue.prototype.addBody = () => undefined;
}

interface ProbeRequest {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
}

/** One request as the load test sends it; the body is counted as sent (not decoded). */
async function probe(url: string, init: ProbeRequest): Promise<LoadRun['probe']> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(url, {
      method: init.method ?? 'GET',
      headers: init.headers,
      timeout: 10_000,
    });
    request.on('timeout', () => request.destroy(new Error(`no answer from ${url} within 10 s`)));
    request.on('error', reject);
    request.on('response', (response) => {
      let bodyBytes = 0;
      response.on('data', (chunk: Buffer) => {
        bodyBytes += chunk.length;
      });
      response.on('error', reject);
      response.on('end', () => {
        const encoding = response.headers['content-encoding'];
        resolve({status: response.statusCode ?? 0, contentEncoding: encoding ?? null, bodyBytes});
      });
    });
    request.end(init.body);
  });
}

async function fire(options: Options): Promise<Result> {
  const instance = autocannon({
    ...options,
    connections: LOAD.connections,
    duration: LOAD.durationSeconds,
    timeout: LOAD.timeoutSeconds,
    warmup: {connections: LOAD.connections, duration: LOAD.warmupSeconds},
  });
  const removeCleanup = onCleanup(() => {
    instance.stop();
    return Promise.resolve();
  });
  const limitMs = (LOAD.warmupSeconds + LOAD.durationSeconds + LOAD.timeoutSeconds + 10) * 1000;
  try {
    return await withTimeout(
      Promise.resolve(instance),
      limitMs,
      `autocannon on ${options.url} ran over ${limitMs / 1000} s`,
    );
  } finally {
    instance.stop();
    removeCleanup();
  }
}

async function measure(
  server: RunningServer,
  scenario: Scenario,
  path: string,
  options: Omit<Options, 'url'>,
  probeInit: ProbeRequest,
): Promise<LoadRun> {
  const url = server.origin + path;
  const first = await probe(url, probeInit);
  if (first.status < 200 || first.status > 299) {
    throw new Error(`${server.name} answered ${url} with ${first.status}: nothing to load-test`);
  }
  const loadAverage = Number(os.loadavg()[0]?.toFixed(2));
  const cpuBefore = (await groupStats(server.process.pid)).cpuSeconds;
  const result = await fire({...options, url, title: `${server.name} ${scenario}`});
  const cpuSeconds = (await groupStats(server.process.pid)).cpuSeconds - cpuBefore;
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
    serverCpuMsPer1kRequests: Math.round((cpuSeconds * 1e7) / Math.max(served, 1)) / 10,
    loadAverage,
    durationSeconds: result.duration,
    statusCodes: Object.fromEntries(
      Object.entries(result.statusCodeStats).map(([code, {count}]) => [code, count]),
    ),
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
  };
}

export const DATABASE_LOAD = {
  /** Parallel waitlist requests keeping the database busy. */
  connections: 100,
  /** Rows in the table before the run, as a popular waitlist would hold. */
  seedRows: 50_000,
  durationSeconds: 10,
  /** One visitor reading a page at a time, timed while the database works. */
  pageConnections: 1,
} as const;

export interface DatabaseLoadRun {
  load: 'reads' | 'writes';
  /** What the 100 connections sent. */
  request: string;
  databaseRequestsPerSecond: number;
  databaseStatusCodes: Record<string, number>;
  pagePath: string;
  pageRequests: number;
  pageLatencyP50Ms: number;
  pageLatencyP99Ms: number;
  pageLatencyMaxMs: number;
  pageErrors: number;
}

function firePair(database: Options, page: Options): Promise<[Result, Result]> {
  const limitMs = (DATABASE_LOAD.durationSeconds + LOAD.timeoutSeconds + 10) * 1000;
  const run = (options: Options) => {
    const instance = autocannon(options);
    const removeCleanup = onCleanup(() => {
      instance.stop();
      return Promise.resolve();
    });
    return withTimeout(
      Promise.resolve(instance),
      limitMs,
      `autocannon on ${options.url} ran over`,
    ).finally(() => {
      instance.stop();
      removeCleanup();
    });
  };
  return Promise.all([run(database), run(page)]);
}

/**
 * A static page's latency while 100 connections keep the waitlist's database busy with the
 * connection test's read (a count and one id) or with sign-ups, against `seedRows` rows. The
 * embedded database runs on the server's event loop, so this is what shows whether database
 * work can hold up pages. `server` must have been started with those rows and limits lifted.
 */
export async function measureStaticUnderDatabaseLoad(
  server: RunningServer,
  pagePath: string,
  table: string,
  log: (message: string) => void,
): Promise<DatabaseLoadRun[]> {
  skipBodyDecoding();
  const runs: DatabaseLoadRun[] = [];
  const read = `/rest/v1/${table}?select=id&limit=1`;
  const readHeaders = {
    apikey: LOCAL_ANON_KEY,
    authorization: `Bearer ${LOCAL_ANON_KEY}`,
    prefer: 'count=exact',
  };
  for (const load of ['reads', 'writes'] as const) {
    log(`load: ${pagePath} while ${DATABASE_LOAD.connections} connections send waitlist ${load}`);
    const database: Options =
      load === 'reads'
        ? {url: server.origin + read, headers: readHeaders}
        : {...insertOptions(table), url: server.origin + `/rest/v1/${table}`};
    const [busy, page] = await firePair(
      {
        ...database,
        connections: DATABASE_LOAD.connections,
        duration: DATABASE_LOAD.durationSeconds,
        timeout: LOAD.timeoutSeconds,
      },
      {
        url: server.origin + pagePath,
        headers: ACCEPT_BROTLI,
        connections: DATABASE_LOAD.pageConnections,
        duration: DATABASE_LOAD.durationSeconds,
        timeout: LOAD.timeoutSeconds,
      },
    );
    runs.push({
      load,
      request: load === 'reads' ? `GET ${read}, Prefer: count=exact` : 'POST one new address',
      databaseRequestsPerSecond: Math.round(busy.requests.average),
      databaseStatusCodes: Object.fromEntries(
        Object.entries(busy.statusCodeStats).map(([code, {count}]) => [code, count]),
      ),
      pagePath,
      pageRequests: page.requests.total,
      pageLatencyP50Ms: page.latency.p50,
      pageLatencyP99Ms: page.latency.p99,
      pageLatencyMaxMs: page.latency.max,
      pageErrors: page.errors + page.timeouts + page.non2xx,
    });
  }
  return runs;
}

/** Waitlist inserts, each with an address no other request of this run uses. */
function insertOptions(table: string): Omit<Options, 'url'> {
  const runId = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  let sequence = 0;
  const headers = {
    apikey: LOCAL_ANON_KEY,
    authorization: `Bearer ${LOCAL_ANON_KEY}`,
    'content-type': 'application/json',
    prefer: 'return=minimal',
  };
  return {
    requests: [
      {
        method: 'POST',
        path: `/rest/v1/${table}`,
        headers,
        setupRequest: (request) => {
          sequence += 1;
          return {
            ...request,
            body: JSON.stringify({email: `bench-${runId}-${sequence}@example.com`}),
          };
        },
      },
    ],
  };
}

export async function measureLoad(
  ours: RunningServer,
  stock: RunningServer,
  htmlPath: string,
  assetPath: string,
  table: string,
  log: (message: string) => void,
): Promise<LoadResult> {
  skipBodyDecoding();
  const runs: LoadRun[] = [];
  const get = {headers: ACCEPT_BROTLI};
  for (const scenario of ['html', 'asset'] as const) {
    const path = scenario === 'html' ? htmlPath : assetPath;
    for (const server of [ours, stock]) {
      log(`load: ${server.name} ${scenario} ${path}`);
      runs.push(await measure(server, scenario, path, {headers: ACCEPT_BROTLI}, get));
    }
  }
  log(`load: ${ours.name} insert`);
  const probeBody = JSON.stringify({email: `bench-probe-${Date.now().toString(36)}@example.com`});
  const insert = insertOptions(table);
  runs.push(
    await measure(ours, 'insert', `/rest/v1/${table}`, insert, {
      method: 'POST',
      headers: insert.requests?.[0]?.headers,
      body: probeBody,
    }),
  );

  const find = (server: RunningServer, scenario: Scenario): LoadRun | undefined =>
    runs.find((run) => run.server === server.name && run.scenario === scenario);
  const rate = (server: RunningServer, scenario: Scenario): number =>
    find(server, scenario)?.requestsPerSecond ?? Number.NaN;
  const cpu = (server: RunningServer, scenario: Scenario): number =>
    find(server, scenario)?.serverCpuMsPer1kRequests ?? Number.NaN;
  return {
    settings: {...LOAD, host: new URL(ours.origin).hostname, note: BODY_DECODING_NOTE},
    runs,
    ratios: {
      html: rate(ours, 'html') / rate(stock, 'html'),
      asset: rate(ours, 'asset') / rate(stock, 'asset'),
    },
    cpuRatios: {
      html: cpu(stock, 'html') / cpu(ours, 'html'),
      asset: cpu(stock, 'asset') / cpu(ours, 'asset'),
    },
  };
}
