/**
 * The sign-up limit per visitor, through each host: 10 accepted sign-ups per visitor per minute,
 * counted by the stand-in behind the host's proxy (as hosted Supabase's limiter counts them) or
 * by the bundled server itself. Visitors are told apart as the host sees them: each check
 * connects from loopback addresses of its own (127.0.0.x; Linux routes all of 127/8 to lo).
 *
 * The minute cannot make these flaky: the stand-in's minute for a visitor starts at that
 * visitor's first sign-up, and each check sends its few dozen requests in far less than one.
 */
import {request as httpRequest} from 'node:http';
import {PROXY_SECRET_HEADER, VISITOR_HEADER, WAITLIST_PATH} from '../../contracts/waitlist-proxy';
import {callHeaders, uniqueEmail, type ProxyTarget} from './proxy-checks';

export interface LimitCheck {
  name: string;
  run(target: ProxyTarget): Promise<void>;
}

const LIMIT = 10;

/** A sign-up sent from `localAddress`; resolves with the answer's status. */
function signUpFrom(
  target: ProxyTarget,
  localAddress: string,
  email: string,
  extra: Record<string, string> = {},
): Promise<number> {
  const url = new URL(`${target.url}${WAITLIST_PATH}?select=id`);
  const body = JSON.stringify({email});
  return new Promise((resolve, reject) => {
    httpRequest(
      {
        host: url.hostname,
        port: Number(url.port),
        path: url.pathname + url.search,
        localAddress,
        method: 'POST',
        agent: false,
        headers: {
          ...callHeaders(target),
          ...extra,
          'content-length': Buffer.byteLength(body),
        },
      },
      (answer) => {
        answer.resume();
        answer.on('end', () => resolve(answer.statusCode ?? 0));
      },
    )
      .on('error', reject)
      .end(body);
  });
}

/** `count` sign-ups of new addresses from one visitor, one after another. */
async function newSignUpsFrom(
  target: ProxyTarget,
  localAddress: string,
  count: number,
  extra?: Record<string, string>,
): Promise<number[]> {
  const statuses: number[] = [];
  for (let index = 0; index < count; index += 1) {
    statuses.push(await signUpFrom(target, localAddress, uniqueEmail(), extra));
  }
  return statuses;
}

const times = (count: number, status: number): number[] => Array<number>(count).fill(status);

export const LIMIT_CHECKS: LimitCheck[] = [
  {
    name: "refuses a visitor's 11th sign-up in a minute with 429 while another visitor's first gets 201",
    async run(target) {
      expect(await newSignUpsFrom(target, '127.0.0.11', LIMIT + 1)).toEqual([
        ...times(LIMIT, 201),
        429,
      ]);
      expect(await newSignUpsFrom(target, '127.0.0.12', 1)).toEqual([201]);
    },
  },
  {
    name: "lets an attacker's made-up addresses spend only the attacker's own sign-ups",
    async run(target) {
      const attack = await newSignUpsFrom(target, '127.0.0.21', LIMIT + 5);
      expect(attack).toEqual([...times(LIMIT, 201), ...times(5, 429)]);
      expect(await newSignUpsFrom(target, '127.0.0.22', 1)).toEqual([201]);
    },
  },
  {
    name: 'counts accepted sign-ups only: duplicates (409) and invalid addresses (400) spend none',
    async run(target) {
      const visitor = '127.0.0.31';
      const email = uniqueEmail();
      const statuses = [await signUpFrom(target, visitor, email)];
      for (let index = 0; index < LIMIT; index += 1) {
        statuses.push(await signUpFrom(target, visitor, email.toUpperCase()));
        statuses.push(await signUpFrom(target, visitor, `not-an-address-${index}`));
      }
      statuses.push(...(await newSignUpsFrom(target, visitor, LIMIT)));
      expect(statuses).toEqual([
        201,
        ...Array.from({length: LIMIT}, () => [409, 400]).flat(),
        ...times(LIMIT - 1, 201),
        429,
      ]);
    },
  },
  {
    name: "does not let a visitor name another visitor to spend that visitor's sign-ups",
    async run(target) {
      const victim = '127.0.0.42';
      const forged = {[VISITOR_HEADER]: victim};
      expect(await newSignUpsFrom(target, '127.0.0.41', LIMIT + 1, forged)).toEqual([
        ...times(LIMIT, 201),
        429,
      ]);
      expect(await newSignUpsFrom(target, victim, 1)).toEqual([201]);
    },
  },
  {
    name: "does not let a visitor's own CF-Connecting-IP name another visitor",
    async run(target) {
      const victim = '127.0.0.62';
      const forged = {'cf-connecting-ip': victim};
      expect(await newSignUpsFrom(target, '127.0.0.61', LIMIT + 1, forged)).toEqual([
        ...times(LIMIT, 201),
        429,
      ]);
      expect(await newSignUpsFrom(target, victim, 1)).toEqual([201]);
    },
  },
  {
    name: "does not let a visitor's own secret header name another visitor either",
    async run(target) {
      const victim = '127.0.0.52';
      const forged = {
        [VISITOR_HEADER]: victim,
        [PROXY_SECRET_HEADER]: 'a-secret-chosen-by-the-visitor-0123456789',
      };
      const attack = await newSignUpsFrom(target, '127.0.0.51', LIMIT + 1, forged);
      // A proxy overwrites both headers, so the attacker spends its own sign-ups; the bundled
      // server alone, or the database called directly, refuses a wrong secret outright.
      expect(attack).toEqual(target.upstream ? [...times(LIMIT, 201), 429] : times(LIMIT + 1, 403));
      expect(await newSignUpsFrom(target, victim, 1)).toEqual([201]);
    },
  },
];
