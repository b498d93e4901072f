/**
 * Waiting for a state the tests cannot be told about (a socket closed, a server listening, a
 * backend waiting on a lock): the condition is checked again every few milliseconds, so a test
 * waits only as long as the state takes, and the time limit only bounds a failure.
 */
export interface PollOptions {
  /** How long the condition has to hold before the wait gives up. */
  timeoutMs: number;
  /** The pause between checks; 20 ms unless told. */
  intervalMs?: number;
}

/** Whether `condition` came to hold within the time limit, checked until it does. */
export async function eventually(
  condition: () => boolean | Promise<boolean>,
  {timeoutMs, intervalMs = 20}: PollOptions,
): Promise<boolean> {
  const end = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
  return true;
}

/** Resolves once `condition` holds; fails naming `what` when it has not within the time limit. */
export async function until(
  what: string,
  condition: () => boolean | Promise<boolean>,
  options: PollOptions,
): Promise<void> {
  if (!(await eventually(condition, options))) {
    throw new Error(`Timed out waiting until ${what} (${options.timeoutMs} ms)`);
  }
}
