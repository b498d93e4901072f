/**
 * The nginx rehearsal of docs/deploying.md, its commands run as written by bash from the
 * checkout, on two free ports in place of 3000 and 8080: a build with the NGINX_* variables, the
 * bundled stand-in as the waitlist's upstream, nginx as the current user, and check-deploy
 * against it. It builds the site once more (15 s with the build cache warm, about a minute cold),
 * the price of running the doc's own commands rather than a copy of them.
 */
import {readFileSync, rmSync} from 'node:fs';
import {connect} from 'node:net';
import path from 'node:path';
import {spawnGroup} from '../process-group';
import {freePort} from './web-servers';

// A ceiling, not a wait: the extra build takes about a minute on a cold machine.
jest.setTimeout(240_000);

const ROOT = path.resolve(__dirname, '../..');
const DOC = path.join(ROOT, 'docs/deploying.md');

/** The first `sh` block after the rehearsal's heading. */
function rehearsalCommands(): string {
  const doc = readFileSync(DOC, 'utf8');
  const section = doc.slice(doc.indexOf('### Rehearsal: nginx in front of the bundled stand-in'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error(`${DOC} has no rehearsal commands`);
  return block;
}

const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1', () => {
      socket.destroy();
      resolve(true);
    }).once('error', () => resolve(false));
  });

it('runs as written on high ports: every check passes, and nothing is left running', async () => {
  const [serverPort, nginxPort] = [await freePort(), await freePort()];
  const commands = rehearsalCommands()
    .replace(/^export PORT=3000\b/m, `export PORT=${serverPort}`)
    .replace(/^REHEARSAL_PORT=8080\b/m, `REHEARSAL_PORT=${nginxPort}`);
  expect(commands).toContain(`PORT=${serverPort}`);
  expect(commands).toContain(`REHEARSAL_PORT=${nginxPort}`);
  // A log of an earlier run must not answer for this one.
  rmSync(path.join(ROOT, '.rehearsal'), {recursive: true, force: true});

  const shell = spawnGroup('bash', ['-c', `set -e\n${commands}`], {cwd: ROOT, env: process.env});
  try {
    await shell.closed;
  } finally {
    await shell.stop(10_000);
  }
  const output = shell.output();
  // The output's end, which names the failing command, is part of the message.
  const ending = output.trimEnd().split('\n').slice(-15).join('\n');
  expect({code: shell.exitCode(), ending}).toEqual({code: 0, ending});
  expect(output).not.toContain('check-deploy failed');
  expect(output).toContain('All 20 checks passed (details: ');
  expect([await accepts(serverPort), await accepts(nginxPort)]).toEqual([false, false]);

  const log = readFileSync(path.join(ROOT, '.rehearsal/logs/gotcha-labs.access.log'), 'utf8');
  expect(log).toMatch(/"HEAD \/rest\/v1\/waitlist_emails" 20[06] /);
  expect(log).not.toContain('127.0.0.1');
  expect(log).not.toContain('?');
});
