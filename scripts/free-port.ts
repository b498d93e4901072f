import {createServer} from 'node:net';

/** Ports handed out by this process: a server given one may not be listening on it yet. */
const handedOut = new Set<number>();

/** A port of 127.0.0.1 that nothing listens on now (`0` asks the system for one). */
function listenable(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const probe = createServer()
      .once('error', () => resolve(undefined))
      .listen(port, '127.0.0.1', () => {
        const address = probe.address();
        probe.close(() =>
          resolve(typeof address === 'object' && address ? address.port : undefined),
        );
      });
  });
}

/**
 * A loopback port that nothing listens on, preferring one this process has not handed out: from
 * `range` when given (from a random start, so that parallel runs rarely meet), else any the
 * system offers. For the tests' and the bench's servers, hosts and databases.
 */
export async function freePort(range?: {first: number; last: number}): Promise<number> {
  if (range === undefined) {
    for (;;) {
      const port = await listenable(0);
      if (port === undefined) throw new Error('The system offered no free port');
      if (!handedOut.has(port)) return handOut(port);
    }
  }
  const count = range.last - range.first + 1;
  const start = Math.floor(Math.random() * count);
  const ports = Array.from({length: count}, (_, step) => range.first + ((start + step) % count));
  // Ports handed out before come last: their servers may have stopped since.
  for (const port of [
    ...ports.filter((p) => !handedOut.has(p)),
    ...ports.filter((p) => handedOut.has(p)),
  ]) {
    if ((await listenable(port)) !== undefined) return handOut(port);
  }
  throw new Error(`No free port in ${range.first}-${range.last}`);
}

function handOut(port: number): number {
  handedOut.add(port);
  return port;
}
