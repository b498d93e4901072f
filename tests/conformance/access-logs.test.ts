/**
 * What nginx and Caddy write to their access logs with the configurations the build writes for
 * them: per request the time, the method, the path without its query, the status and the
 * duration, as the privacy policy says; never the client's address, the query, the referrer or
 * the user agent. The configurations come from the same functions as the build's, serving a
 * two-page site of their own, so these tests need no build; the waitlist's path goes on to the
 * bundled stand-in, as to the Supabase project on a real host.
 */
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {caddyfile} from '../../build-steps/host-configs/caddy';
import {headerRules} from '../../contracts/security-headers';
import {nginxConfig} from '../../build-steps/host-configs/nginx';
import {LOCAL_ANON_KEY} from '../../contracts/waitlist';
import {exchange} from './http';
import {startRecordingUpstream} from './upstream';
import {startCaddy, startNginx, type LoggingWebServer, type StartOptions} from './web-servers';

jest.setTimeout(30_000);

const REFERRER = 'https://referrer.example/a-page-about-secret-things';
const USER_AGENT = 'AgentOfSecrets/1.0 (Windows NT 10.0)';

/** Each request: what is asked, and the method, path and status its log line must name. */
const REQUESTS = [
  {
    method: 'GET',
    target: '/blogs?email=someone%40example.com&q=secret',
    logged: {method: 'GET', path: '/blogs', status: 200},
  },
  {
    method: 'GET',
    target: '/no-such-page?token=secret',
    logged: {method: 'GET', path: '/no-such-page', status: 404},
  },
  {
    method: 'POST',
    target: '/blogs?q=secret',
    logged: {method: 'POST', path: '/blogs', status: 405},
  },
  {
    method: 'POST',
    target: '/rest/v1/waitlist_emails?select=id',
    body: JSON.stringify({email: 'someone@example.com'}),
    logged: {method: 'POST', path: '/rest/v1/waitlist_emails', status: 201},
  },
];

/** Nothing of the client, the query or the headers may reach the log. */
const NEVER_LOGGED = [
  '127.0.0.1',
  '?',
  'secret',
  'example.com',
  '%40',
  'referrer',
  'AgentOfSecrets',
  'Windows',
];

/** A site of two pages with the build's `_deploy/` files, as the plugin writes them. */
async function writeSite(): Promise<string> {
  const site = await mkdtemp(path.join(tmpdir(), 'access-logs-site-'));
  const rules = headerRules("default-src 'self'");
  await writeFile(path.join(site, 'blogs.html'), '<!doctype html><title>Blogs</title>\n');
  await writeFile(path.join(site, '404.html'), '<!doctype html><title>Not found</title>\n');
  await mkdir(path.join(site, '_deploy'));
  await writeFile(path.join(site, '_deploy/nginx.conf'), nginxConfig(rules, 'gotchalabs.app'));
  await writeFile(path.join(site, '_deploy/Caddyfile'), caddyfile(rules, 'gotchalabs.app'));
  return site;
}

/** Sends every request, then stops the server and returns its access log. */
async function logOfRequests(server: LoggingWebServer): Promise<string> {
  for (const {method, target, body, logged} of REQUESTS) {
    const response = await fetch(server.url + target, {
      method,
      headers: {
        referer: REFERRER,
        'user-agent': USER_AGENT,
        ...(body === undefined
          ? {}
          : {apikey: LOCAL_ANON_KEY, 'content-type': 'application/json', prefer: 'return=minimal'}),
      },
      body,
      redirect: 'manual',
    });
    await response.arrayBuffer();
    expect({target, status: response.status}).toEqual({target, status: logged.status});
  }
  return server.stopAndReadAccessLog();
}

interface LoggedRequest {
  method: string;
  path: string;
  status: number;
}

/** `2026-11-25T14:03:07+00:00 "GET /blogs" 200 0.001`: time, request, status, seconds. */
const NGINX_LINE =
  /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d "([A-Z]+) (\S*)" (\d{3}) \d+\.\d{3}$/;

function parseNginxLine(line: string): LoggedRequest {
  const match = NGINX_LINE.exec(line);
  if (!match) throw new Error(`Not a line of the privacy log format: ${line}`);
  return {method: match[1]!, path: match[2]!, status: Number(match[3])};
}

interface CaddyEntry {
  ts: number;
  duration: number;
  status: number;
  request: {method: string; uri: string};
}

function parseCaddyLine(line: string): LoggedRequest {
  const entry = JSON.parse(line) as CaddyEntry;
  expect(Object.keys(entry).sort()).toEqual(
    ['duration', 'level', 'logger', 'msg', 'request', 'status', 'ts'].sort(),
  );
  expect(Object.keys(entry.request).sort()).toEqual(['method', 'uri']);
  expect(typeof entry.ts).toBe('number');
  expect(typeof entry.duration).toBe('number');
  return {method: entry.request.method, path: entry.request.uri, status: entry.status};
}

const SERVERS: [
  name: string,
  start: (options: StartOptions) => Promise<LoggingWebServer>,
  parseLine: (line: string) => LoggedRequest,
][] = [
  ['nginx', startNginx, parseNginxLine],
  ['Caddy', startCaddy, parseCaddyLine],
];

describe.each(SERVERS)('the access log of %s', (_name, start, parseLine) => {
  let site: string;
  let log = '';

  beforeAll(async () => {
    site = await writeSite();
    // The sign-up goes on to the project, as on a real host.
    const project = await startRecordingUpstream();
    try {
      const server = await start({buildDir: site, supabaseUrl: project.url});
      try {
        log = await logOfRequests(server);
      } finally {
        await server.stop();
      }
    } finally {
      await project.stop();
    }
  });
  afterAll(async () => {
    await rm(site, {recursive: true, force: true});
  });

  it('holds one line per request with its method, its path without the query and its status', () => {
    const lines = log.trimEnd().split('\n');
    expect(lines.map(parseLine)).toEqual(REQUESTS.map(({logged}) => logged));
  });

  it.each(NEVER_LOGGED)('never holds %s', (text) => {
    expect(log.length).toBeGreaterThan(0);
    expect(log).not.toContain(text);
  });
});

describe("Caddy's own log", () => {
  let site: string;
  beforeAll(async () => {
    site = await writeSite();
    // Without its not-found page, a 404 becomes an error Caddy records with the request.
    await rm(path.join(site, '404.html'));
  });
  afterAll(async () => {
    await rm(site, {recursive: true, force: true});
  });

  it('records a failing error page without the address, the query, the referrer or the user agent', async () => {
    const server = await startCaddy({buildDir: site});
    let output: string;
    try {
      const response = await fetch(
        `${server.url}/no-such-page?email=someone%40example.com&q=secret`,
        {
          headers: {referer: REFERRER, 'user-agent': USER_AGENT},
        },
      );
      expect(response.status).toBe(404);
      await server.stopAndReadAccessLog();
      output = server.output();
    } finally {
      await server.stop();
    }
    const errors = output.split('\n').filter((line) => line.includes('"logger":"http.log.error'));
    expect(errors).toHaveLength(1);
    expect((JSON.parse(errors[0]!) as CaddyEntry).request).toEqual({
      method: 'GET',
      uri: '/no-such-page',
    });
    for (const text of NEVER_LOGGED) {
      expect({text, found: errors[0]!.includes(text)}).toEqual({text, found: false});
    }
  });
});

describe("nginx's catch-all server", () => {
  let site: string;
  beforeAll(async () => {
    site = await writeSite();
  });
  afterAll(async () => {
    await rm(site, {recursive: true, force: true});
  });

  it('answers another host without the site, and no log file holds the address or the query', async () => {
    const server = await startNginx({buildDir: site});
    let logs: Map<string, string>;
    try {
      const answer = await exchange(
        server.url,
        [
          'GET /blogs?email=x@example.com HTTP/1.1',
          'Host: other.example',
          `Referer: ${REFERRER}`,
          `User-Agent: ${USER_AGENT}`,
          'Connection: close',
          '',
          '',
        ].join('\r\n'),
      );
      expect(answer.status).toBe(421);
      expect(answer.body.toString()).not.toContain('Blogs');
      logs = await server.stopAndReadLogs();
    } finally {
      await server.stop();
    }
    expect([...logs.keys()].sort()).toEqual(['logs/access.log', 'logs/error.log']);
    for (const [file, text] of logs) {
      for (const secret of ['127.0.0.1', '::1', 'x@example.com', 'other.example', 'Agent']) {
        expect({file, secret, found: text.includes(secret)}).toEqual({file, secret, found: false});
      }
    }
  });
});
