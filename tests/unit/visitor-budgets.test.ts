import {
  clientOf,
  createVisitorBudgets,
  MAX_VISITORS,
  type VisitorBudgets,
} from '../../server/waitlist/visitor-budgets';
import {CLIENT_SPELLINGS} from '../client-spellings';

let budgets: VisitorBudgets;

beforeEach(() => {
  jest.useFakeTimers({now: new Date('2026-11-27T08:00:30Z')});
  budgets = createVisitorBudgets(10);
});
afterEach(() => {
  budgets.stop();
  jest.useRealTimers();
});

const takeTimes = (visitor: string, times: number) =>
  Array.from({length: times}, () => budgets.take(visitor).allowed);

it("refuses a visitor's eleventh request in its minute while another visitor's first passes", () => {
  expect(takeTimes('198.51.100.1', 11)).toEqual([...Array<boolean>(10).fill(true), false]);
  expect(budgets.take('198.51.100.2').allowed).toBe(true);
});

it('says how many seconds are left of the refused visitor’s minute', () => {
  takeTimes('198.51.100.1', 10);
  jest.advanceTimersByTime(20_000);
  expect(budgets.take('198.51.100.1')).toEqual({allowed: false, retryAfterSeconds: 40});
});

it('does not count a request whose count was given back, once only', () => {
  const first = budgets.take('198.51.100.1');
  if (!first.allowed) throw new Error('The first request was refused');
  first.release();
  first.release();
  expect(takeTimes('198.51.100.1', 11)).toEqual([...Array<boolean>(10).fill(true), false]);
});

it("starts a visitor's minute at its first request, not at the clock's minute", () => {
  takeTimes('198.51.100.1', 5);
  // The clock's minute turns here; the visitor's does not.
  jest.advanceTimersByTime(40_000);
  expect(takeTimes('198.51.100.1', 6)).toEqual([...Array<boolean>(5).fill(true), false]);
  jest.advanceTimersByTime(20_000);
  expect(budgets.take('198.51.100.1').allowed).toBe(true);
});

it('forgets every visitor within a second of the end of its minute, with no request after', () => {
  budgets.take('198.51.100.1');
  jest.advanceTimersByTime(30_000);
  budgets.take('198.51.100.2');
  jest.advanceTimersByTime(29_000);
  expect(budgets.size()).toBe(2);
  jest.advanceTimersByTime(2_000);
  expect(budgets.size()).toBe(1);
  jest.advanceTimersByTime(30_000);
  expect(budgets.size()).toBe(0);
});

it("gives nothing back to a visitor's next minute from a request of the one before", () => {
  const old = budgets.take('198.51.100.1');
  if (!old.allowed) throw new Error('The first request was refused');
  jest.advanceTimersByTime(60_000);
  expect(takeTimes('198.51.100.1', 10)).toEqual(Array<boolean>(10).fill(true));
  old.release();
  expect(budgets.take('198.51.100.1').allowed).toBe(false);
});

it('remembers a bounded number of visitors, forgetting the oldest for a newcomer', () => {
  const bounded = createVisitorBudgets(10, Date.now, 2);
  expect(bounded.take('198.51.100.1').allowed).toBe(true);
  jest.advanceTimersByTime(10_000);
  expect(bounded.take('198.51.100.2').allowed).toBe(true);
  expect(bounded.take('198.51.100.3').allowed).toBe(true);
  expect(bounded.size()).toBe(2);
  // 198.51.100.1 was forgotten: its next request starts a new minute.
  expect(Array.from({length: 11}, () => bounded.take('198.51.100.2').allowed)).toEqual([
    ...Array<boolean>(9).fill(true),
    false,
    false,
  ]);
  bounded.stop();
});

it(`lets a new visitor in after ${MAX_VISITORS.toLocaleString('en')} others within a minute`, () => {
  for (let index = 0; index <= MAX_VISITORS; index += 1) {
    budgets.take(`10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`);
  }
  jest.advanceTimersByTime(59_000);
  expect(budgets.size()).toBe(MAX_VISITORS);
  expect(budgets.take('198.51.100.1').allowed).toBe(true);
  expect(budgets.size()).toBe(MAX_VISITORS);
});

it('counts the addresses of one IPv6 /64 as one visitor, and other /64s apart', () => {
  const network = Array.from({length: 11}, (_, index) => `2001:db8:0:7::${index.toString(16)}`);
  expect(network.map((address) => budgets.take(address).allowed)).toEqual([
    ...Array<boolean>(10).fill(true),
    false,
  ]);
  expect(budgets.take('2001:db8:0:8::1').allowed).toBe(true);
});

describe('clientOf', () => {
  it.each(CLIENT_SPELLINGS)('counts %s as %s, as the database does', (address, client) => {
    expect(clientOf(address)).toBe(client);
  });
});
