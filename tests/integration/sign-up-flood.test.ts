/**
 * The bundled server's sign-up limit under a flood (server/waitlist/visitor-budgets.ts): a flood
 * of malformed sign-ups from many addresses takes no visitor's place nor budget, and an IPv6
 * visitor is counted by its /64. The server remembers 20 visitors here (WAITLIST_MAX_VISITORS),
 * so a flood of a few dozen requests stands for one of a hundred thousand; behind a trusted
 * proxy, X-Forwarded-For names each visitor. Asked in process with `inject`.
 */
import {LOCAL_ANON_KEY, WAITLIST_TABLE} from '../../contracts/waitlist';
import type {FastifyInstance} from 'fastify';
import {ANON_HEADERS} from './server-process';
import {serversOfThisFile} from './servers';

jest.setTimeout(120_000);

const REMEMBERED = 20;
const servers = serversOfThisFile();
let app: FastifyInstance;

beforeAll(async () => {
  app = await servers.app({
    writesPerMinute: 10,
    trustProxy: '127.0.0.1',
    maxVisitors: REMEMBERED,
  });
}, 60_000);

let addresses = 0;
const newAddress = () => `flood${++addresses}@example.com`;

/** A sign-up call from `visitor` with `body` as it is sent. */
async function postFrom(visitor: string, body: string): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: `/rest/v1/${WAITLIST_TABLE}?select=id`,
    headers: {...ANON_HEADERS, apikey: LOCAL_ANON_KEY, 'x-forwarded-for': visitor},
    payload: body,
  });
  return response.statusCode;
}

const signUpFrom = (visitor: string) => postFrom(visitor, JSON.stringify({email: newAddress()}));

const MALFORMED = ['', '{"email": ', '[{"email": "a@example.com"}]', '{"name": "x"}', '42'];

it('lets a new visitor sign up after malformed sign-ups from many more addresses than it remembers', async () => {
  const flood: number[] = [];
  for (let index = 0; index < 3 * REMEMBERED; index += 1) {
    flood.push(await postFrom(`203.0.113.${index + 1}`, MALFORMED[index % MALFORMED.length] ?? ''));
  }
  expect(new Set(flood)).toEqual(new Set([400]));
  expect(await signUpFrom('198.51.100.1')).toBe(201);
});

it("spends none of a visitor's sign-ups on its malformed ones", async () => {
  const visitor = '198.51.100.2';
  const statuses: number[] = [];
  for (const body of [...MALFORMED, ...MALFORMED, ...MALFORMED]) {
    statuses.push(await postFrom(visitor, body));
  }
  for (let index = 0; index < 11; index += 1) statuses.push(await signUpFrom(visitor));
  expect(statuses).toEqual([
    ...Array<number>(3 * MALFORMED.length).fill(400),
    ...Array<number>(10).fill(201),
    429,
  ]);
});

it('lets a new visitor sign up after more visitors than it remembers signed up within the minute', async () => {
  for (let index = 0; index < REMEMBERED + 5; index += 1) {
    expect(await signUpFrom(`192.0.2.${index + 1}`)).toBe(201);
  }
  expect(await signUpFrom('198.51.100.3')).toBe(201);
});

it('counts the addresses of one IPv6 /64 as one visitor', async () => {
  const statuses: number[] = [];
  for (let index = 1; index <= 11; index += 1) {
    statuses.push(await signUpFrom(`2001:db8:0:7::${index.toString(16)}`));
  }
  statuses.push(await signUpFrom('2001:db8:0:8::1'));
  expect(statuses).toEqual([...Array<number>(10).fill(201), 429, 201]);
});
