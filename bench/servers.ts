/** The two servers under test: the project's (server/serve.ts) and stock `docusaurus serve`. */
import {execFile} from 'node:child_process';
import {mkdtemp} from 'node:fs/promises';
import {promisify} from 'node:util';
import path from 'node:path';
import {HOST, LIMITS, PORT_RANGE, ROOT} from './config';
import {freePort, startProcess, waitForHttp, type ManagedProcess} from './processes';

export interface RunningServer {
  name: string;
  origin: string;
  process: ManagedProcess;
}

/**
 * The project's server for the build in `siteDir`, on a free loopback port, with its own
 * database in `workDir`: empty, or holding `seedRows` generated addresses (one SQL statement,
 * before the server opens it), and with the waitlist's rate limits and the connection cap lifted.
 */
export async function startOurServer(
  siteDir: string,
  workDir: string,
  label: string,
  seedRows = 0,
): Promise<RunningServer> {
  const port = await freePort(PORT_RANGE.from, PORT_RANGE.to);
  const dataDir = await mkdtemp(path.join(workDir, `data-${label}-`));
  if (seedRows > 0) {
    await promisify(execFile)(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      ['scripts/seed-waitlist.ts', String(seedRows)],
      {cwd: ROOT, env: {...process.env, DATA_DIR: dataDir, DATABASE_URL: ''}},
    );
  }
  const child = startProcess(
    `server/serve.ts (${label})`,
    path.join(ROOT, 'node_modules/.bin/tsx'),
    ['server/serve.ts'],
    {
      cwd: ROOT,
      logFile: path.join(workDir, `server-${label}.log`),
      env: {
        PORT: String(port),
        HOST,
        BUILD_DIR: siteDir,
        DATA_DIR: dataDir,
        WAITLIST_WRITES_PER_MINUTE: '0',
        WAITLIST_READS_PER_MINUTE: '0',
        // The load comes from one address, over more connections than a visitor may hold.
        MAX_CONNECTIONS_PER_ADDRESS: '0',
      },
    },
  );
  const origin = `http://${HOST}:${port}`;
  await waitForHttp(`${origin}/`, LIMITS.serverStartMs, child);
  return {name: 'ours', origin, process: child};
}

/** `docusaurus serve` of the same build, the stock server to compare with. */
export async function startStockServer(siteDir: string, workDir: string): Promise<RunningServer> {
  const port = await freePort(PORT_RANGE.from, PORT_RANGE.to);
  const child = startProcess(
    'docusaurus serve',
    path.join(ROOT, 'node_modules/.bin/docusaurus'),
    ['serve', '--dir', siteDir, '--port', String(port), '--host', HOST, '--no-open'],
    {
      cwd: ROOT,
      logFile: path.join(workDir, 'docusaurus-serve.log'),
      env: {NO_UPDATE_NOTIFIER: '1'},
    },
  );
  const origin = `http://${HOST}:${port}`;
  await waitForHttp(`${origin}/`, LIMITS.serverStartMs, child);
  return {name: 'docusaurus serve', origin, process: child};
}
