/**
 * Requests per visitor per minute, for the REST stand-in's limits. A visitor's minute starts with
 * its first counted request; when it ends, the visitor is forgotten: the map is swept every
 * second, so no address is kept more than a minute and a second after that request, however
 * little traffic follows. A count taken for a request that then fails can be given back, so that
 * only accepted sign-ups count, as in the hosted limiter (whose count rolls back with the insert).
 */

export const WINDOW_MS = 60_000;
const SWEEP_INTERVAL_MS = 1_000;
/**
 * Visitors remembered at once (about 100 B each): many addresses in one minute (an IPv6 /64 holds
 * billions) must not grow the process without end. When full, a new visitor waits for the oldest
 * window to end; those already counted keep their budgets, which eviction would hand back.
 */
export const MAX_VISITORS = 100_000;

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
  take(visitor: string): Taken;
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

  const currentWindow = (visitor: string, time: number): Window | undefined => {
    const existing = windows.get(visitor);
    if (existing && existing.endsAt > time) return existing;
    windows.delete(visitor);
    if (windows.size >= maxVisitors) sweep();
    if (windows.size >= maxVisitors) return undefined;
    const fresh = {count: 0, endsAt: time + WINDOW_MS};
    windows.set(visitor, fresh);
    return fresh;
  };

  return {
    take(visitor) {
      const time = now();
      const window = currentWindow(visitor, time);
      if (!window || window.count >= max) {
        const endsAt = (window ?? windows.values().next().value)?.endsAt ?? time + WINDOW_MS;
        return {allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - time) / 1000))};
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
