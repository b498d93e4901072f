/**
 * A child process that leads its own process group (so a signal reaches `npx`, `tsx`, node or a
 * server's workers alike), with everything it prints collected for failure messages.
 */
import {spawn, type SpawnOptions} from 'node:child_process';

export interface ProcessGroup {
  /** Everything the process printed so far (stdout and stderr). */
  readonly output: () => string;
  /** Calls `listener` with each chunk of stdout or stderr; returns a function that stops it. */
  readonly onOutput: (listener: (chunk: string) => void) => () => void;
  /** Resolves once the process and every descendant holding its pipes have exited. */
  readonly closed: Promise<void>;
  readonly isClosed: () => boolean;
  readonly exitCode: () => number | null;
  readonly signalCode: () => NodeJS.Signals | null;
  /** Sends `name` to the whole group; nothing if it has exited. */
  readonly signal: (name: NodeJS.Signals) => void;
  /** SIGTERM, then SIGKILL after `timeoutMs`; resolves true when it had to kill. */
  readonly stop: (timeoutMs: number) => Promise<boolean>;
}

export function spawnGroup(
  command: string,
  args: readonly string[],
  options: Pick<SpawnOptions, 'cwd' | 'env'> = {},
): ProcessGroup {
  const child = spawn(command, args, {
    ...options,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  let isClosed = false;
  const closed = new Promise<void>((resolve) =>
    child.once('close', () => {
      isClosed = true;
      resolve();
    }),
  );
  const signal = (name: NodeJS.Signals): void => {
    if (child.pid === undefined || isClosed) return;
    try {
      process.kill(-child.pid, name);
    } catch {
      // The group is gone already.
    }
  };
  return {
    output: () => output,
    onOutput: (listener) => {
      child.stdout.on('data', listener);
      child.stderr.on('data', listener);
      return () => {
        child.stdout.off('data', listener);
        child.stderr.off('data', listener);
      };
    },
    closed,
    isClosed: () => isClosed,
    exitCode: () => child.exitCode,
    signalCode: () => child.signalCode,
    signal,
    stop: async (timeoutMs) => {
      signal('SIGTERM');
      let killed = false;
      const timer = setTimeout(() => {
        killed = true;
        signal('SIGKILL');
      }, timeoutMs);
      await closed;
      clearTimeout(timer);
      return killed;
    },
  };
}
