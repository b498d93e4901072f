/**
 * Requests per visitor per minute, for the REST stand-in's limits. A visitor's minute starts with
 * its first counted request; when it ends, the visitor is forgotten: the map is swept every
 * second, so no address is kept more than a minute and a second after that request, however
 * little traffic follows. A count taken for a request that then fails can be given back, so that
 * only accepted sign-ups count, as in the hosted limiter (whose count rolls back with the insert).
 * A visitor is an IPv4 address, or an IPv6 address's /64 (see `clientOf`), as the hosted limiter
 * counts them.
 */
import {isIP} from 'node:net';

const WINDOW_MS = 60_000;
const SWEEP_INTERVAL_MS = 1_000;
/**
 * Visitors remembered at once (about 100 B each): many addresses in one minute must not grow the
 * process without end. When full, the oldest window is forgotten to make room: refusing newcomers
 * instead would let anyone with that many addresses keep every other visitor out.
 */
export const MAX_VISITORS = 100_000;

/**
 * Whom a request counts against, as waitlist_private.client_of() decides it on hosted Supabase and
 * written as PostgreSQL writes it: an IPv4 address itself, in any spelling (also as IPv6 in
 * ::ffff:0:0/96, dotted or hex: `0:0:0:0:0:ffff:203.0.113.20`, `::ffff:cb00:710a`); an IPv6
 * address its /64 (one subscriber's network, whose billions of addresses would otherwise each
 * get a budget), compressed (`2001:db8::/64`); anything else (a proxy's name for a visitor, an
 * address with a zone) its lower-cased text. tests/client-spellings.ts holds both to one table.
 */
export function clientOf(address: string): string {
  const text = address.trim().toLowerCase();
  const version = isIP(text);
  if (version === 4) return text;
  if (version !== 6 || text.includes('%')) return text;
  const groups = ipv6Groups(text);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high = 0, low = 0] = groups.slice(6);
    return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
  }
  return `${compressed([...groups.slice(0, 4), 0, 0, 0, 0])}/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 ending is two groups). */
function ipv6Groups(text: string): number[] {
  // WHATWG URL writes a valid IPv6 host in hex groups, compressed: `[::ffff:cb00:7114]`.
  const [head = '', tail] = new URL(`http://[${text}]`).hostname.slice(1, -1).split('::');
  const part = (groups: string | undefined) =>
    groups ? groups.split(':').map((group) => parseInt(group, 16)) : [];
  const [before, after] = [part(head), part(tail)];
  return [...before, ...Array<number>(8 - before.length - after.length).fill(0), ...after];
}

/** Eight groups as the shortest text (RFC 5952), which is how PostgreSQL's host() writes them. */
function compressed(groups: number[]): string {
  return new URL(`http://[${groups.map((group) => group.toString(16)).join(':')}]`).hostname.slice(
    1,
    -1,
  );
}

interface Window {
  count: number;
  endsAt: number;
}

export type Taken =
  | {
      allowed: true;
      /** Gives the count back (once), if its window is still running. */ release(): void;
    }
  | {allowed: false; retryAfterSeconds: number};

export interface VisitorBudgets {
  /** Counts a request from `address` against its visitor's budget (see `clientOf`). */
  take(address: string): Taken;
  /** How many visitors are remembered now. */
  size(): number;
  stop(): void;
}

export function createVisitorBudgets(
  max: number,
  now: () => number = Date.now,
  maxVisitors = MAX_VISITORS,
): VisitorBudgets {
  // In order of their windows' start: a visitor whose window ended is deleted before it is set again.
  const windows = new Map<string, Window>();

  const sweep = () => {
    const time = now();
    for (const [visitor, window] of windows) {
      if (window.endsAt > time) break;
      windows.delete(visitor);
    }
  };
  const timer = setInterval(sweep, SWEEP_INTERVAL_MS);
  timer.unref();

  const currentWindow = (visitor: string, time: number): Window => {
    const existing = windows.get(visitor);
    if (existing && existing.endsAt > time) return existing;
    windows.delete(visitor);
    if (windows.size >= maxVisitors) sweep();
    const oldest = windows.keys().next();
    if (windows.size >= maxVisitors && !oldest.done) windows.delete(oldest.value);
    const fresh = {count: 0, endsAt: time + WINDOW_MS};
    windows.set(visitor, fresh);
    return fresh;
  };

  return {
    take(address) {
      const visitor = clientOf(address);
      const time = now();
      const window = currentWindow(visitor, time);
      if (window.count >= max) {
        const retryAfterSeconds = Math.max(1, Math.ceil((window.endsAt - time) / 1000));
        return {allowed: false, retryAfterSeconds};
      }
      window.count += 1;
      let released = false;
      return {
        allowed: true,
        release() {
          if (released || windows.get(visitor) !== window) return;
          released = true;
          window.count -= 1;
        },
      };
    },
    size: () => windows.size,
    stop: () => {
      clearInterval(timer);
    },
  };
}
