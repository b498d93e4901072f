/**
 * WebKit, as nearly every reader of the site gets it (Safari, or an app's in-app browser): Debian's
 * WebKitGTK MiniBrowser driven through WebKitWebDriver, on an Xvfb display of its own, with
 * the built site served by the bundled server. scripts/test.sh installs the Debian packages.
 */
import {mkdtemp, rm, writeFile} from 'node:fs/promises';
import {createServer} from 'node:net';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {remote} from 'webdriverio';
import {FONTCONFIG_FILE} from '../../playwright.config';
import {createPgliteStorage, startServer, type ServerProcess} from '../integration/server-process';
import {until} from '../poll';
import {spawnGroup, type ProcessGroup} from '../process-group';

export type Browser = WebdriverIO.Browser;

const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
/** The narrowest the MiniBrowser's window goes (GTK's minimum): 320 px stays a Chromium check. */
export const NARROWEST = 447;
const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

/** A port free just now, for WebKitWebDriver (which cannot report one it picked itself). */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error()),
      );
    });
  });
}

export interface WebKit {
  /** A new MiniBrowser window at the narrowest width, on a fresh private profile. */
  open(options?: {args?: readonly string[]; textSize?: number}): Promise<Browser>;
  stop(): Promise<void>;
}

/**
 * Xvfb and WebKitWebDriver. With `clock`, the driver and every browser it starts run under
 * Debian's faketime from that moment on: the engine's own clock, set from outside.
 */
export async function startWebKit({clock}: {clock?: Date} = {}): Promise<WebKit> {
  const groups: ProcessGroup[] = [];
  const dirs: string[] = [];
  const stop = async () => {
    for (const group of groups.reverse()) await group.stop(STOP_TIMEOUT_MS);
    for (const dir of dirs) await rm(dir, {recursive: true, force: true});
  };
  try {
    // Xvfb picks a free display and prints its number on a line of its own (between complaints
    // about the displays it found taken).
    const xvfb = spawnGroup('Xvfb', [
      '-displayfd',
      '1',
      '-screen',
      '0',
      '1600x1200x24',
      '-nolisten',
      'tcp',
    ]);
    groups.push(xvfb);
    const number = () => /^(\d+)$/m.exec(xvfb.output())?.[1];
    await until('Xvfb has a display', () => number() !== undefined || xvfb.isClosed(), {
      timeoutMs: START_TIMEOUT_MS,
    });
    const display = `:${number() ?? ''}`;
    const port = await freePort();
    const driver = ['WebKitWebDriver', `--port=${port}`];
    // faketime reads its start as local time: TZ=UTC makes that the ISO time's UTC. A page's time
    // zone is the browser's own argument (--time-zone).
    const start = clock
      ?.toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, '');
    const command = start ? ['faketime', start, ...driver] : driver;
    const env = {...process.env, DISPLAY: display, FONTCONFIG_FILE, ...(start ? {TZ: 'UTC'} : {})};
    const group = spawnGroup(command[0]!, command.slice(1), {env});
    groups.push(group);
    await until(
      `WebKitWebDriver listens on ${port}`,
      async () => {
        if (group.isClosed()) throw new Error(`WebKitWebDriver exited:\n${group.output()}`);
        return fetch(`http://127.0.0.1:${port}/status`).then(
          (response) => response.ok,
          () => false,
        );
      },
      {timeoutMs: START_TIMEOUT_MS},
    );
    const open: WebKit['open'] = async ({args = [], textSize} = {}) => {
      const extra = [...args];
      if (textSize !== undefined) {
        // Text only, as a phone's text size does: MiniBrowser's settings file is the one way to
        // give WebKit's default font size (the zoom level has no argument, and WebDriver's keys
        // reach the page, not the window's Ctrl+Plus).
        const dir = await mkdtemp(path.join(tmpdir(), 'webkit-settings-'));
        dirs.push(dir);
        const file = path.join(dir, 'settings.ini');
        const px = Math.round(0.16 * textSize);
        await writeFile(
          file,
          `[websettings]\ndefault-font-size=${px}\ndefault-monospace-font-size=${Math.round(0.13 * textSize)}\n`,
        );
        extra.push('--zoom-text-only=true', `--config=${file}`);
      }
      const browser = await remote({
        hostname: '127.0.0.1',
        port,
        path: '/',
        logLevel: 'error',
        capabilities: {
          'wdio:enforceWebDriverClassic': true,
          'webkitgtk:browserOptions': {
            binary: MINIBROWSER,
            args: ['--automation', '--private', ...extra],
          },
        } as WebdriverIO.Capabilities,
      });
      await browser.setWindowSize(NARROWEST, 900);
      return browser;
    };
    return {open, stop};
  } catch (error) {
    await stop();
    throw error;
  }
}

/** The build (or `build-waitlist`) served by the bundled server, on a port the system picks. */
export async function serveSite(
  build = 'build',
): Promise<ServerProcess & {dispose(): Promise<void>}> {
  const storage = await createPgliteStorage();
  const server = await startServer({
    storage,
    buildDir: path.resolve(__dirname, '../..', build),
  });
  return {
    ...server,
    dispose: async () => {
      await server.stop();
      await storage.dispose();
    },
  };
}
