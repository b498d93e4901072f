/**
 * The tests' one way of waiting for a state (tests/poll.ts): it resolves as soon as the state
 * holds, and a state that never comes fails by name once the time limit has passed. Jest's fake
 * clock moves the time, so nothing here waits on the wall clock.
 */
import {eventually, until} from '../poll';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

it('resolves on the first check after the condition holds, not at the time limit', async () => {
  let checks = 0;
  const waited = eventually(() => ++checks === 3, {timeoutMs: 60_000, intervalMs: 20});
  const start = Date.now();
  await jest.advanceTimersByTimeAsync(40);
  await expect(waited).resolves.toBe(true);
  expect({checks, elapsed: Date.now() - start}).toEqual({checks: 3, elapsed: 40});
});

it('awaits a condition that answers with a promise', async () => {
  let ready = false;
  const waited = until('the flag is set', async () => Promise.resolve(ready), {timeoutMs: 1_000});
  await jest.advanceTimersByTimeAsync(100);
  ready = true;
  await jest.advanceTimersByTimeAsync(20);
  await expect(waited).resolves.toBeUndefined();
});

it('gives up once the time limit has passed: false, or a failure naming what it waited for', async () => {
  const never = () => false;
  const answered = eventually(never, {timeoutMs: 1_000});
  const failed = until('the server listens', never, {timeoutMs: 1_000});
  const caught = failed.catch((error: unknown) => error);
  await jest.advanceTimersByTimeAsync(1_100);
  await expect(answered).resolves.toBe(false);
  expect(await caught).toEqual(new Error('Timed out waiting until the server listens (1000 ms)'));
});
