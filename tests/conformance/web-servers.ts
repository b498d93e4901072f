/**
 * Real nginx and Caddy serving a build with the configurations the build holds (`_deploy/`),
 * started on a loopback port as the current user, in the foreground, with everything they write
 * in a temporary folder, and stopped after.
 */
import {mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import {connect} from 'node:net';
import {tmpdir, userInfo} from 'node:os';
import path from 'node:path';
import {freePort as freePortIn} from '../../scripts/free-port';
import {eventually} from '../poll';
import {spawnGroup} from '../process-group';

const BROTLI_MODULE = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const START_TIMEOUT_MS = 15_000;
const STOP_TIMEOUT_MS = 10_000;
/** The most ports a test file holds at once (slow-bodies.test.ts: four hosts and their projects). */
const PORTS_PER_WORKER = 20;

/** Which worker of the run this process is, from 0: Jest numbers its workers from 1. */
function workerIndex(): number {
  const jestWorker = process.env.JEST_WORKER_ID;
  return jestWorker ? Number(jestWorker) - 1 : Number(process.env.TEST_PARALLEL_INDEX ?? 0);
}

/**
 * Ports these tests may use: 4600-4699, or CONFORMANCE_PORTS (e.g. 4700-4799), a slice of it for
 * each Jest or Playwright worker: a port is probed free, then given to a server that listens on it
 * later, so two files running at once must never probe the same ones.
 */
const PORTS = (() => {
  const range = process.env.CONFORMANCE_PORTS ?? '4600-4699';
  const match = /^(\d+)-(\d+)$/.exec(range);
  if (!match || Number(match[1]) > Number(match[2])) {
    throw new Error(`CONFORMANCE_PORTS must be a range like 4700-4799, not ${range}`);
  }
  const [first, last] = [Number(match[1]), Number(match[2])];
  const slices = Math.max(1, Math.floor((last - first + 1) / PORTS_PER_WORKER));
  const slice = workerIndex() % slices;
  if (slices === 1) return {first, last};
  return {
    first: first + slice * PORTS_PER_WORKER,
    last: first + (slice + 1) * PORTS_PER_WORKER - 1,
  };
})();
const PROJECT_ROOT = path.resolve(__dirname, '../..');

export interface WebServer {
  readonly url: string;
  /** Everything the process printed so far, for failure messages. */
  output(): string;
  stop(): Promise<void>;
}

/** nginx or Caddy, whose access log is a file of their own work folder. */
export interface LoggingWebServer extends WebServer {
  /** Stops the server, so that every line is written, and reads its access log. */
  stopAndReadAccessLog(): Promise<string>;
  /** Stops the server and reads every log file it wrote (`*.log` in its work folder), by name. */
  stopAndReadLogs(): Promise<Map<string, string>>;
}

/** A free port of PORTS. */
export function freePort(): Promise<number> {
  return freePortIn(PORTS);
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    }).once('error', () => resolve(false));
  });
}

/** Runs a server in its own process group and waits until its port accepts connections. */
async function run(
  command: string,
  args: string[],
  options: {
    port: number;
    env?: Record<string, string>;
    workDir: string;
    accessLog: string;
    cwd?: string;
    startTimeoutMs?: number;
  },
): Promise<LoggingWebServer> {
  const group = spawnGroup(command, args, {
    cwd: options.cwd,
    env: {...process.env, ...options.env},
  });
  const halt = async (): Promise<void> => {
    await group.stop(STOP_TIMEOUT_MS);
  };
  const stop = async (): Promise<void> => {
    await halt();
    await rm(options.workDir, {recursive: true, force: true});
  };
  const stopAndReadAccessLog = async (): Promise<string> => {
    await halt();
    return readFile(options.accessLog, 'utf8');
  };
  const stopAndReadLogs = async (): Promise<Map<string, string>> => {
    await halt();
    const names = (await readdir(options.workDir, {recursive: true})).filter((name) =>
      name.endsWith('.log'),
    );
    return new Map(
      await Promise.all(
        names.map(
          async (name) => [name, await readFile(path.join(options.workDir, name), 'utf8')] as const,
        ),
      ),
    );
  };

  // A server that exited is not the one answering on its port, whatever answers there.
  const listening = await eventually(
    async () => group.isClosed() || (await accepts(options.port)),
    {timeoutMs: options.startTimeoutMs ?? START_TIMEOUT_MS, intervalMs: 50},
  );
  if (!listening || group.isClosed()) {
    await stop();
    throw new Error(`${command} did not start on port ${options.port}:\n${group.output()}`);
  }
  return {
    url: `http://127.0.0.1:${options.port}`,
    output: group.output,
    stop,
    stopAndReadAccessLog,
    stopAndReadLogs,
  };
}

export interface StartOptions {
  buildDir: string;
  /** The Supabase project the waitlist's path is sent on to. */
  supabaseUrl?: string;
  /** WAITLIST_PROXY_SECRET: the proxy then names each visitor to the project. */
  proxySecret?: string;
  /** Changes the configuration before the server reads it (to break it on purpose). */
  edit?: (config: string) => string;
}

/**
 * nginx with the build's `_deploy/nginx.conf` as its only server, root, port and log files
 * rewritten.
 */
export async function startNginx({
  buildDir,
  supabaseUrl,
  proxySecret,
  edit = (config) => config,
}: StartOptions) {
  const workDir = await mkdtemp(path.join(tmpdir(), 'conformance-nginx-'));
  const port = await freePort();
  const accessLog = path.join(workDir, 'logs', 'access.log');
  const site = (await readFile(path.join(buildDir, '_deploy/nginx.conf'), 'utf8'))
    .replace(
      /^(\s*)include \/etc\/nginx\/gotcha-labs\.d\/supabase\/[^;]*;$/m,
      [
        supabaseUrl ? `$1proxy_pass ${supabaseUrl};` : '',
        proxySecret ? `$1set $waitlist_proxy_secret "${proxySecret}";` : '',
      ].join(''),
    )
    .replace(/^(\s*)listen \d+( default_server)?;/gm, `$1listen 127.0.0.1:${port}$2;`)
    // The site's block answers the requests naming the test's address; the catch-all, others.
    .replace(/^(\s*server_name (?!_;)[^;]+);/m, '$1 127.0.0.1;')
    .replace(/^(\s*)root [^;]+;/m, `$1root ${buildDir};`)
    .replace(/^(\s*)access_log \/\S+/m, `$1access_log ${accessLog}`)
    .replace(/^(\s*)error_log \S+/gm, `$1error_log ${path.join(workDir, 'logs', 'error.log')}`)
    .replace(/^\s*include \/etc\/nginx\/[^;]*;\n/gm, '');
  await writeFile(path.join(workDir, 'site.conf'), edit(site));
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
    (kind) => `    ${kind}_temp_path ${path.join(workDir, kind)};`,
  );
  await writeFile(
    path.join(workDir, 'nginx.conf'),
    [
      `load_module ${BROTLI_MODULE};`,
      // Only root may switch users; then the workers keep the current one.
      `user ${userInfo().username};`,
      'worker_processes 1;',
      'events { worker_connections 256; }',
      'http {',
      '    include /etc/nginx/mime.types;',
      '    default_type application/octet-stream;',
      '    access_log off;',
      ...temp,
      `    include ${path.join(workDir, 'site.conf')};`,
      '}',
      '',
    ].join('\n'),
  );
  await mkdir(path.join(workDir, 'logs'));
  const globals = `daemon off; pid ${workDir}/nginx.pid; error_log stderr warn;`;
  return run(
    'nginx',
    ['-p', workDir, '-c', path.join(workDir, 'nginx.conf'), '-e', 'stderr', '-g', globals],
    {port, workDir, accessLog},
  );
}

/** The Caddyfile's global options, or a block of them, plus: no admin API, no HTTPS, state here. */
function withTestOptions(config: string, workDir: string): string {
  const options = `\tadmin off\n\tauto_https off\n\tstorage file_system ${workDir}/data`;
  const globalBlock = /^\{$/m;
  return globalBlock.test(config)
    ? config.replace(globalBlock, `{\n${options}`)
    : `{\n${options}\n}\n\n${config}`;
}

/** Caddy with the build's `_deploy/Caddyfile`, no admin API, no HTTPS, state in a temp folder. */
export async function startCaddy({
  buildDir,
  supabaseUrl,
  proxySecret,
  edit = (config) => config,
}: StartOptions) {
  const workDir = await mkdtemp(path.join(tmpdir(), 'conformance-caddy-'));
  const port = await freePort();
  // Both site blocks, the site's and the one for other hosts, on the test's address only.
  const site = (await readFile(path.join(buildDir, '_deploy/Caddyfile'), 'utf8')).replace(
    /^(\{\$SITE_(ADDRESS|FALLBACK_ADDRESS)[^\n]*\{)$/gm,
    '$1\n\tbind 127.0.0.1',
  );
  const config = path.join(workDir, 'Caddyfile');
  await writeFile(config, withTestOptions(edit(site), workDir));
  const accessLog = path.join(workDir, 'access.log');
  return run('caddy', ['run', '--config', config, '--adapter', 'caddyfile'], {
    port,
    workDir,
    accessLog,
    env: {
      SITE_ACCESS_LOG: accessLog,
      HOME: workDir,
      XDG_CONFIG_HOME: workDir,
      XDG_DATA_HOME: workDir,
      SITE_ADDRESS: `http://127.0.0.1:${port}`,
      SITE_FALLBACK_ADDRESS: `http://:${port}`,
      SITE_ROOT: buildDir,
      SUPABASE_URL: supabaseUrl ?? '',
      WAITLIST_PROXY_SECRET: proxySecret ?? '',
    },
  });
}

/**
 * Cloudflare's own runtime for Pages (workerd, from npm), serving the build with its `_headers`,
 * `_redirects` and the Function in functions/, without an account or a network. Its state and
 * logs go to a temporary folder; the compatibility date is the newest this workerd knows.
 */
export async function startPagesDev({buildDir, supabaseUrl, proxySecret}: StartOptions) {
  const workDir = await mkdtemp(path.join(tmpdir(), 'conformance-pages-'));
  const port = await freePort();
  const inspectorPort = await freePort();
  const args = [
    'wrangler',
    'pages',
    'dev',
    buildDir,
    '--ip',
    '127.0.0.1',
    '--port',
    String(port),
    '--inspector-port',
    String(inspectorPort),
    '--compatibility-date',
    PAGES_COMPATIBILITY_DATE,
    '--persist-to',
    path.join(workDir, 'state'),
    '--log-level',
    'warn',
    ...(supabaseUrl ? ['--binding', `SUPABASE_URL=${supabaseUrl}`] : []),
    ...(proxySecret ? ['--binding', `WAITLIST_PROXY_SECRET=${proxySecret}`] : []),
  ];
  return run('npx', args, {
    port,
    workDir,
    accessLog: path.join(workDir, 'none.log'),
    cwd: PROJECT_ROOT,
    startTimeoutMs: 60_000,
    env: {
      WRANGLER_SEND_METRICS: 'false',
      XDG_CONFIG_HOME: workDir,
      WRANGLER_LOG_PATH: path.join(workDir, 'logs'),
    },
  });
}
/** The newest date the workerd of the pinned wrangler supports (it refuses a later one). */
const PAGES_COMPATIBILITY_DATE = '2026-05-01';
