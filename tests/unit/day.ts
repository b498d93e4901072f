import {parseDay} from '../../src/lib/dates';

/** `2026-12-31` as a UTC midnight, for a test's injected "today"; a typo fails the test at once. */
export function day(text: string): Date {
  const parsed = parseDay(text);
  if (!parsed) throw new Error(`not a day: ${text}`);
  return parsed;
}
