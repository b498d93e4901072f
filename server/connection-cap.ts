/**
 * A cap on the connections one address may hold open. Each costs the process a file descriptor:
 * one client holding a few hundred (each within the time limits) left none for page requests.
 * A connection over the cap is closed as it arrives, unanswered. A trusted proxy's connections
 * are not counted: it speaks for many visitors, and limiting each of them is its job.
 */
import type {Server} from 'node:http';

export interface ConnectionCapOptions {
  /** Connections one address may hold; 0 lifts the cap. */
  perAddress: number;
  isTrustedProxy(address: string): boolean;
  /** Told when an address is first refused after reaching the cap (not which: logs name no one). */
  onRefused(): void;
}

export function capConnectionsPerAddress(server: Server, options: ConnectionCapOptions): void {
  if (options.perAddress <= 0) return;
  const open = new Map<string, number>();
  const refused = new Set<string>();
  server.on('connection', (socket) => {
    const address = socket.remoteAddress;
    if (address === undefined || options.isTrustedProxy(address)) return;
    const count = open.get(address) ?? 0;
    if (count >= options.perAddress) {
      if (!refused.has(address)) options.onRefused();
      refused.add(address);
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once('close', () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left > 0) open.set(address, left);
      else open.delete(address);
      refused.delete(address);
    });
  });
}
