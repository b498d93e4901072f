/**
 * The hosted-Supabase sign-up limiter of `20261125000000_limiter_without_addresses.sql`,
 * `20261127000000_limiter_per_visitor_behind_proxy.sql` (per visitor behind the site's proxy) and
 * `20261128020000_limiter_per_ipv6_network.sql` (an IPv6 client by its /64), run as
 * PostgREST runs it: as role anon, with the request's method, path and headers set, the
 * pre-request function called, then the insert. On embedded PGlite and on a PostgreSQL server,
 * through the server's own migration code.
 *
 * PostgREST runs each request in its own transaction; here the requests of one scenario are
 * savepoints of one transaction, so they share its now() and fall in one minute whatever the
 * clock does. Earlier minutes are made by inserting rows dated before it, not by waiting.
 */
import {execFile} from 'node:child_process';
import {createHash} from 'node:crypto';
import {copyFile, mkdtemp, rm} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import type {Row, StepOutcome, Transaction} from './owner-sql';
import {
  PGLITE_BACKEND,
  describeWithPgCron,
  postgresBackend,
  type StorageBackend,
} from './postgres-cluster';
import type {Storage} from './server-process';
import {CLIENT_SPELLINGS} from '../client-spellings';
import {tsxArgs} from '../tsx';

jest.setTimeout(60_000);

const PROJECT_ROOT = path.resolve(__dirname, '../..');
const MIGRATIONS_DIR = path.join(PROJECT_ROOT, 'supabase/migrations');
const MIGRATIONS_BEFORE_THIS_ONE = [
  '20251101000000_create_waitlist_emails.sql',
  '20260301000000_harden_waitlist_emails.sql',
];
const ALL_VERSIONS = [
  '20251101000000',
  '20260301000000',
  '20261125000000',
  '20261126000000',
  '20261127000000',
  '20261127120000',
  '20261128000000',
  '20261128010000',
  '20261128020000',
];
const PURGE_JOB = 'waitlist-limiter-purge';

const IPV4 = '203.0.113.7';
const OTHER_IPV4 = '198.51.100.23';
const IPV6 = '2001:db8::7';
/** The site's host, which calls Supabase for every visitor, and two visitors behind it. */
const PROXY_IPV4 = '192.0.2.10';
const VISITOR = '198.51.100.41';
const OTHER_VISITOR = '198.51.100.42';
/** A test value in the form set_proxy_secret() takes (never a deploy's). */
const PROXY_SECRET = 'test-proxy-secret-0123456789abcdef';
const SET_PROXY_SECRET = `select waitlist_private.set_proxy_secret('${PROXY_SECRET}')`;

const runFile = promisify(execFile);

/** Runs transactions as the database owner after applying the migrations (owner-sql.ts). */
async function runOwnerSql(
  storage: Storage,
  transactions: readonly Transaction[],
  migrationsDir = MIGRATIONS_DIR,
): Promise<StepOutcome[][]> {
  const child = runFile(process.execPath, tsxArgs('tests/integration/owner-sql.ts'), {
    cwd: PROJECT_ROOT,
    env: {
      ...process.env,
      DATA_DIR: '',
      DATABASE_URL: '',
      MIGRATIONS_DIR: migrationsDir,
      ...storage.env,
    },
  });
  child.child.stdin?.end(JSON.stringify(transactions));
  const {stdout} = await child;
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as StepOutcome[][];
}

function rowsOf(outcome: StepOutcome | undefined): Row[] {
  if (!outcome || 'error' in outcome) {
    throw new Error(`Expected rows, got ${JSON.stringify(outcome)}`);
  }
  return outcome.rows;
}

const errorCode = (outcome: StepOutcome | undefined): string =>
  outcome && 'error' in outcome ? outcome.error.code : 'ok';

const sqlString = (value: string): string => `'${value.replaceAll("'", "''")}'`;

/** What PostgREST runs before a request's own statement: role, settings, the pre-request hook. */
function postgrestRequest(method: string, requestPath: string, headers: Record<string, string>) {
  return [
    'set local role anon',
    `select set_config('request.jwt.claims', '{"role":"anon"}', true),
            set_config('request.method', ${sqlString(method)}, true),
            set_config('request.path', ${sqlString(requestPath)}, true),
            set_config('request.headers', ${sqlString(JSON.stringify(headers))}, true)`,
    'select waitlist_private.limit_sign_ups()',
  ];
}

/** POST /rest/v1/waitlist_emails?select=id from a client behind the platform's proxy. */
function signUp(email: string, headers: Record<string, string> = {'x-forwarded-for': IPV4}) {
  return [
    ...postgrestRequest('POST', '/waitlist_emails', headers),
    `insert into public.waitlist_emails (email) values (${sqlString(email)}) returning id`,
  ];
}

/** HEAD /rest/v1/waitlist_emails?select=id&limit=1 with Prefer: count=exact. */
function countRequest(headers: Record<string, string> = {'x-forwarded-for': IPV4}) {
  return [
    ...postgrestRequest('HEAD', '/waitlist_emails', headers),
    'select count(*)::int as n from public.waitlist_emails',
  ];
}

/** What the site's proxy sends for a visitor: its own address, the visitor's and the secret. */
const throughProxy = (visitor: string, secret = PROXY_SECRET): Record<string, string> => ({
  'x-forwarded-for': PROXY_IPV4,
  'x-waitlist-visitor': visitor,
  'x-waitlist-proxy-secret': secret,
});

const signUps = (count: number, label: string, headers?: Record<string, string>) =>
  Array.from({length: count}, (_, index) => signUp(`${label}${index}@example.com`, headers));

const THIS_MINUTE = "date_trunc('minute', now(), 'UTC')";

/** Every value of every column of every table in waitlist_private, cast to text. */
const DUMP_LIMITER_SCHEMA = [
  'set local timezone = UTC',
  `create or replace function pg_temp.column_values(relation regclass, column_name text)
   returns text[] language plpgsql as $$
   declare
     result text[];
   begin
     execute format('select coalesce(array_agg(%I::text), ''{}'') from %s', column_name, relation)
       into result;
     return result;
   end
   $$`,
  `select c.relname as table, a.attname as column,
          pg_catalog.format_type(a.atttypid, a.atttypmod) as type,
          pg_temp.column_values(c.oid, a.attname) as values
     from pg_catalog.pg_class c
     join pg_catalog.pg_namespace n on n.oid = c.relnamespace
     join pg_catalog.pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where n.nspname = 'waitlist_private' and c.relkind in ('r', 'p', 'm')
    order by 1, 2`,
];

interface ColumnDump {
  table: string;
  column: string;
  type: string;
  values: string[];
}

const hex = (bytes: Buffer | Uint8Array): string => Buffer.from(bytes).toString('hex');

/** An address as text, as UTF-8 bytes in hex and base64, as inet bytes, and hashed unkeyed. */
function addressForms(address: string, inetBytes: number[]): string[] {
  const utf8 = Buffer.from(address, 'utf8');
  return [
    address,
    hex(utf8),
    utf8.toString('base64'),
    hex(Uint8Array.from(inetBytes)),
    Buffer.from(inetBytes).toString('base64'),
    createHash('sha256').update(utf8).digest('hex'),
  ];
}

const IPV4_FORMS = [
  ...addressForms(IPV4, [203, 0, 113, 7]),
  '203.0.113',
  ...addressForms(OTHER_IPV4, [198, 51, 100, 23]),
];
const IPV6_FORMS = [
  ...addressForms(IPV6, [0x20, 0x01, 0x0d, 0xb8, ...Array<number>(11).fill(0), 7]),
  '2001:db8:',
  '2001:0db8',
];

const RFC_4231_VECTORS: [name: string, key: string, data: string, hmac: string][] = [
  [
    'test case 1',
    `'\\x${'0b'.repeat(20)}'::bytea`,
    "convert_to('Hi There', 'UTF8')",
    'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
  ],
  [
    'test case 2',
    "convert_to('Jefe', 'UTF8')",
    "convert_to('what do ya want for nothing?', 'UTF8')",
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  ],
  [
    'test case 6 (a key longer than a block)',
    `'\\x${'aa'.repeat(131)}'::bytea`,
    "convert_to('Test Using Larger Than Block-Size Key - Hash Key First', 'UTF8')",
    '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
  ],
];

/**
 * Behind the site's proxy: one visitor's eleventh sign-up refused while another's first and the
 * host's own direct call go through.
 */
const PER_VISITOR_STEPS = [
  [SET_PROXY_SECRET],
  ...signUps(11, 'visitor', throughProxy(VISITOR)),
  signUp('other-visitor@example.com', throughProxy(OTHER_VISITOR)),
  signUp('host@example.com', {'x-forwarded-for': PROXY_IPV4}),
];

function expectPerVisitor(outcomes: StepOutcome[] | undefined): void {
  expect(outcomes?.map(errorCode)).toEqual([
    'ok',
    ...Array<string>(10).fill('ok'),
    'PT429',
    'ok',
    'ok',
  ]);
}

/**
 * A caller without the secret naming a visitor in X-Waitlist-Visitor, a new one each time: it is
 * counted by its own address, so its eleventh is refused and the visitors it names keep theirs.
 */
const FORGED_VISITOR_STEPS = [
  [SET_PROXY_SECRET],
  ...Array.from({length: 11}, (_, index) =>
    signUp(`forged${index}@example.com`, {
      'x-forwarded-for': IPV4,
      'x-waitlist-visitor': `198.51.100.${index + 1}`,
    }),
  ),
  signUp('named@example.com', throughProxy('198.51.100.1')),
];

function expectForgedVisitorIgnored(outcomes: StepOutcome[] | undefined): void {
  expect(outcomes?.map(errorCode)).toEqual(['ok', ...Array<string>(10).fill('ok'), 'PT429', 'ok']);
}

function describeLimiter(backend: StorageBackend): void {
  describe(`the sign-up limiter on ${backend.name}`, () => {
    const storages: Storage[] = [];
    /** For checks that neither count on nor leave sign-ups in the current minute. */
    let shared: Storage;

    async function newStorage(): Promise<Storage> {
      const storage = await backend.createStorage();
      storages.push(storage);
      return storage;
    }

    beforeAll(async () => {
      await backend.setUp();
      shared = await newStorage();
    }, 60_000);
    afterAll(async () => {
      await Promise.allSettled(storages.map((storage) => storage.dispose()));
      await backend.tearDown();
    });

    it('refuses the eleventh sign-up from one address in a minute with PT429, and lets another address and reads through', async () => {
      const [outcomes] = await runOwnerSql(await newStorage(), [
        [
          ...signUps(11, 'same'),
          countRequest(),
          signUp('other@example.com', {'x-forwarded-for': OTHER_IPV4}),
          signUp('next@example.com', {'x-forwarded-for': `${OTHER_IPV4}, 10.0.0.1`}),
          ['select count(*)::int as n from public.waitlist_emails'],
        ],
      ]);
      const [refused, read, other, next, stored] = outcomes?.slice(10) ?? [];
      expect(outcomes?.slice(0, 10).map(errorCode)).toEqual(Array<string>(10).fill('ok'));
      expect(refused).toEqual({
        error: {
          code: 'PT429',
          message: 'Too many waitlist sign-ups from this address; try again in a minute',
        },
      });
      expect(rowsOf(read)).toEqual([{n: 10}]);
      expect([errorCode(other), errorCode(next)]).toEqual(['ok', 'ok']);
      // The refused request stored no address.
      expect(rowsOf(stored)).toEqual([{n: 12}]);
    });

    it('counts IPv6 clients by their /64 and IPv4 ones written as IPv6 as themselves', async () => {
      const [outcomes] = await runOwnerSql(await newStorage(), [
        [
          ...Array.from({length: 11}, (_, index) =>
            signUp(`net${index}@example.com`, {'cf-connecting-ip': `2001:db8:0:7::${index + 1}`}),
          ),
          signUp('next-network@example.com', {'cf-connecting-ip': '2001:db8:0:8::1'}),
          ...signUps(10, 'mapped', {'cf-connecting-ip': `::ffff:${IPV4}`}),
          signUp('plain@example.com', {'cf-connecting-ip': IPV4}),
        ],
      ]);
      expect(outcomes?.map(errorCode)).toEqual([
        ...Array<string>(10).fill('ok'),
        'PT429',
        'ok',
        ...Array<string>(10).fill('ok'),
        'PT429',
      ]);
    });

    it('reads every spelling of an address as the bundled server does (one table for both)', async () => {
      const [outcomes] = await runOwnerSql(shared, [
        CLIENT_SPELLINGS.map(([address]) => [
          `select waitlist_private.client_of(${sqlString(address)}) as client`,
        ]),
      ]);
      const clients = outcomes?.map((outcome) =>
        'rows' in outcome ? outcome.rows[0]?.client : outcome,
      );
      expect(clients).toEqual(CLIENT_SPELLINGS.map(([, client]) => client));
    });

    it('counts each visitor behind the proxy that sends the secret, not the proxy', async () => {
      const [outcomes] = await runOwnerSql(await newStorage(), [PER_VISITOR_STEPS]);
      expectPerVisitor(outcomes);
    });

    it("counts a caller that names a visitor without the secret by the caller's own address", async () => {
      const [outcomes] = await runOwnerSql(await newStorage(), [FORGED_VISITOR_STEPS]);
      expectForgedVisitorIgnored(outcomes);
    });

    it('refuses a wrong secret with PT403 and counts nothing for it', async () => {
      const [outcomes] = await runOwnerSql(await newStorage(), [
        [
          signUp('unset@example.com', throughProxy(VISITOR)),
          [SET_PROXY_SECRET],
          signUp('wrong@example.com', throughProxy(VISITOR, `${PROXY_SECRET}x`)),
          ['select count(*)::int as n from waitlist_private.sign_up_counts'],
          ['select count(*)::int as n from public.waitlist_emails'],
        ],
      ]);
      expect(outcomes?.map(errorCode)).toEqual(['PT403', 'ok', 'PT403', 'ok', 'ok']);
      expect(outcomes?.[2]).toEqual({
        error: {
          code: 'PT403',
          message: "The waitlist proxy's secret does not match the database's",
        },
      });
      expect(rowsOf(outcomes?.[3])).toEqual([{n: 0}]);
      expect(rowsOf(outcomes?.[4])).toEqual([{n: 0}]);
    });

    it('keeps only the secret’s SHA-256, set by the owner alone, refusing a weak secret', async () => {
      const [outcomes] = await runOwnerSql(await newStorage(), [
        [
          ['set local role anon', SET_PROXY_SECRET],
          ["select waitlist_private.set_proxy_secret('short')"],
          ["select waitlist_private.set_proxy_secret('has space 0123456789abcdef0123456789')"],
          [SET_PROXY_SECRET],
          [
            `select encode(secret_sha256, 'hex') as hash,
                    (select count(*)::int from waitlist_private.proxy_secret) as rows
               from waitlist_private.proxy_secret`,
          ],
          ['set local role anon', 'select * from waitlist_private.proxy_secret'],
          ['select waitlist_private.set_proxy_secret(null)'],
          ['select count(*)::int as n from waitlist_private.proxy_secret'],
        ],
      ]);
      expect(outcomes?.map(errorCode)).toEqual([
        '42501',
        'ok',
        'ok',
        'ok',
        'ok',
        '42501',
        'ok',
        'ok',
      ]);
      const notSet = [
        {
          set_proxy_secret:
            'Not set: the waitlist proxy secret must be 32 to 256 letters, digits, - or _ (make one with: openssl rand -hex 32); the secret set before, if any, stays',
        },
      ];
      expect([rowsOf(outcomes?.[1]), rowsOf(outcomes?.[2])]).toEqual([notSet, notSet]);
      expect(rowsOf(outcomes?.[3])[0]?.set_proxy_secret).toMatch(/^Set: /);
      expect(rowsOf(outcomes?.[6])[0]?.set_proxy_secret).toMatch(/^Removed: /);
      expect(rowsOf(outcomes?.[4])).toEqual([
        {hash: createHash('sha256').update(PROXY_SECRET).digest('hex'), rows: 1},
      ]);
      expect(rowsOf(outcomes?.[7])).toEqual([{n: 0}]);
    });

    it('returns at once for reads, which PostgREST runs in read-only transactions', async () => {
      const [outcomes] = await runOwnerSql(shared, [
        [
          ['set local transaction_read_only = on'],
          countRequest(),
          [...postgrestRequest('GET', '/waitlist_emails', {'x-forwarded-for': IPV4}), 'select 1'],
          [...postgrestRequest('POST', '/rpc/other', {'x-forwarded-for': IPV4}), 'select 1'],
        ],
      ]);
      expect(outcomes?.map(errorCode)).toEqual(['ok', 'ok', 'ok', 'ok']);
    });

    describe('after sign-ups from an IPv4 and an IPv6 address', () => {
      let dump: ColumnDump[] = [];
      let createdAt: string[] = [];

      beforeAll(async () => {
        const [outcomes] = await runOwnerSql(await newStorage(), [
          [
            ...signUps(3, 'four'),
            ...signUps(2, 'six', {'cf-connecting-ip': IPV6, 'x-forwarded-for': OTHER_IPV4}),
            DUMP_LIMITER_SCHEMA,
            ['set local timezone = UTC', 'select created_at::text from public.waitlist_emails'],
          ],
        ]);
        expect(outcomes?.slice(0, 5).map(errorCode)).toEqual(Array<string>(5).fill('ok'));
        dump = rowsOf(outcomes?.[5]) as unknown as ColumnDump[];
        createdAt = rowsOf(outcomes?.[6]).map((row) => String(row.created_at));
      });

      it('stores counts per hashed client: 3 for one address and 2 for the other', () => {
        const counts = dump.find(
          ({table, column}) => `${table}.${column}` === 'sign_up_counts.sign_ups',
        );
        expect(counts?.values.map(Number).sort()).toEqual([2, 3]);
      });

      it('keeps no client address in any column of waitlist_private, as text, hex, base64, inet bytes or an unkeyed hash', () => {
        const text = JSON.stringify(dump).toLowerCase();
        expect(dump.length).toBeGreaterThan(0);
        for (const form of [...IPV4_FORMS, ...IPV6_FORMS]) {
          expect({form, found: text.includes(form.toLowerCase())}).toEqual({form, found: false});
        }
      });

      it('keeps only whole minutes, none of them a sign-up time', () => {
        const times = dump
          .filter(({type}) => /^(timestamp|date|time)/.test(type))
          .flatMap(({values}) => values);
        expect(times.length).toBeGreaterThan(0);
        for (const time of times) expect(time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:00\+00$/);
        expect(createdAt).toHaveLength(5);
        expect(times.filter((time) => createdAt.includes(time))).toEqual([]);
      });

      it('no longer has the sign_ups table, which held addresses in clear', () => {
        expect(dump.map(({table}) => table)).not.toContain('sign_ups');
        expect(new Set(dump.map(({table}) => table))).toEqual(
          new Set(['limiter_keys', 'proxy_secret', 'sign_up_counts']),
        );
      });
    });

    it("deletes earlier minutes' counts and keys on the next counted sign-up, keeping this minute's", async () => {
      const earlierRows = `select
          (select count(*)::int from waitlist_private.limiter_keys where minute < ${THIS_MINUTE})
            as keys,
          (select count(*)::int from waitlist_private.sign_up_counts where minute < ${THIS_MINUTE})
            as counts`;
      const [outcomes] = await runOwnerSql(await newStorage(), [
        [
          [
            `insert into waitlist_private.limiter_keys (minute)
             values (${THIS_MINUTE} - interval '1 minute'), (${THIS_MINUTE} - interval '1 day')`,
            `insert into waitlist_private.sign_up_counts (client_hash, minute, sign_ups)
             values (sha256('earlier'), ${THIS_MINUTE} - interval '1 minute', 10)`,
          ],
          // A read is not counted, and purges nothing: it may run in a read-only transaction.
          countRequest(),
          [earlierRows],
          signUp('now@example.com'),
          [earlierRows],
          [
            `select (select array_agg(minute = ${THIS_MINUTE}) from waitlist_private.limiter_keys)
                      as keys,
                    (select array_agg(minute = ${THIS_MINUTE}) from waitlist_private.sign_up_counts)
                      as counts`,
          ],
        ],
      ]);
      expect(outcomes?.map(errorCode)).toEqual(['ok', 'ok', 'ok', 'ok', 'ok', 'ok']);
      expect(rowsOf(outcomes?.[2])).toEqual([{keys: 2, counts: 1}]);
      expect(rowsOf(outcomes?.[4])).toEqual([{keys: 0, counts: 0}]);
      expect(rowsOf(outcomes?.[5])).toEqual([{keys: [true], counts: [true]}]);
    });

    it('purges earlier minutes with purge_limiter(), the scheduled job, which anon may not run', async () => {
      const [outcomes] = await runOwnerSql(await newStorage(), [
        [
          signUp('now@example.com'),
          [
            `insert into waitlist_private.limiter_keys (minute)
             values (${THIS_MINUTE} - interval '2 minutes')`,
          ],
          ['set local role anon', 'select waitlist_private.purge_limiter()'],
          ['select waitlist_private.purge_limiter()'],
          [`select count(*)::int as n from waitlist_private.limiter_keys`],
        ],
      ]);
      expect(outcomes?.map(errorCode)).toEqual(['ok', 'ok', '42501', 'ok', 'ok']);
      expect(rowsOf(outcomes?.[4])).toEqual([{n: 1}]);
    });

    it('lets anon run the limiter only: its tables, keys and helpers stay out of reach', async () => {
      const asAnon = (statement: string) => ['set local role anon', statement];
      const [outcomes] = await runOwnerSql(shared, [
        [
          countRequest(),
          asAnon('select * from waitlist_private.limiter_keys'),
          asAnon('select * from waitlist_private.sign_up_counts'),
          asAnon('delete from waitlist_private.sign_up_counts'),
          asAnon("select waitlist_private.hmac_sha256('\\x00', '\\x00')"),
        ],
      ]);
      expect(outcomes?.map(errorCode)).toEqual(['ok', '42501', '42501', '42501', '42501']);
    });

    describe('its keyed hash', () => {
      let hmacs: Row[][] = [];
      beforeAll(async () => {
        const [outcomes] = await runOwnerSql(shared, [
          RFC_4231_VECTORS.map(([, key, data]) => [
            `select encode(waitlist_private.hmac_sha256(${key}, ${data}), 'hex') as hmac`,
          ]),
        ]);
        hmacs = (outcomes ?? []).map(rowsOf);
      });

      it.each(RFC_4231_VECTORS.map((vector, index) => [...vector, index] as const))(
        'is HMAC-SHA-256: RFC 4231 %s',
        (_name, _key, _data, expected, index) => {
          expect(hmacs[index]).toEqual([{hmac: expected}]);
        },
      );
    });

    it('upgrades a database that ran the first two migrations, dropping the addresses it held', async () => {
      const storage = await newStorage();
      const olderMigrations = await mkdtemp(path.join(tmpdir(), 'waitlist-migrations-'));
      try {
        for (const file of MIGRATIONS_BEFORE_THIS_ONE) {
          await copyFile(path.join(MIGRATIONS_DIR, file), path.join(olderMigrations, file));
        }
        const [before] = await runOwnerSql(
          storage,
          [[signUp('before@example.com'), ['select client from waitlist_private.sign_ups']]],
          olderMigrations,
        );
        expect(rowsOf(before?.[1])).toEqual([{client: IPV4}]);
      } finally {
        await rm(olderMigrations, {recursive: true, force: true});
      }

      const [after] = await runOwnerSql(storage, [
        [
          [
            'select array_agg(version order by version) as versions from supabase_migrations.schema_migrations',
          ],
          ["select to_regclass('waitlist_private.sign_ups')::text as sign_ups"],
          signUp('after@example.com'),
          DUMP_LIMITER_SCHEMA,
          ['select count(*)::int as n from public.waitlist_emails'],
        ],
      ]);
      expect(rowsOf(after?.[0])).toEqual([{versions: ALL_VERSIONS}]);
      expect(rowsOf(after?.[1])).toEqual([{sign_ups: null}]);
      expect(errorCode(after?.[2])).toBe('ok');
      expect(JSON.stringify(rowsOf(after?.[3]))).not.toContain(IPV4);
      expect(rowsOf(after?.[4])).toEqual([{n: 2}]);
    });

    it('applies without pg_cron where it cannot be enabled: no extension, no job', async () => {
      const [outcomes] = await runOwnerSql(shared, [
        [
          [
            'select array_agg(version order by version) as versions from supabase_migrations.schema_migrations',
          ],
          ["select count(*)::int as n from pg_catalog.pg_extension where extname = 'pg_cron'"],
        ],
      ]);
      expect(rowsOf(outcomes?.[0])).toEqual([{versions: ALL_VERSIONS}]);
      expect(rowsOf(outcomes?.[1])).toEqual([{n: 0}]);
    });
  });
}

describeLimiter(PGLITE_BACKEND);
describeLimiter(postgresBackend('a PostgreSQL server'));

// Hosted Supabase's case: pg_cron preloaded. Needs Debian's postgresql-<version>-cron.
const CRON_DATABASE = 'waitlist_cron';
describeWithPgCron('the sign-up limiter', CRON_DATABASE, (storage) => {
  it("schedules a purge every minute, whose command deletes earlier minutes' keys and counts", async () => {
    const [outcomes] = await runOwnerSql(storage(), [
      [
        [`select schedule, command from cron.job where jobname = '${PURGE_JOB}'`],
        [
          `insert into waitlist_private.limiter_keys (minute)
           values (${THIS_MINUTE} - interval '1 minute'), (${THIS_MINUTE})`,
          `insert into waitlist_private.sign_up_counts (client_hash, minute, sign_ups)
           values (sha256('earlier'), ${THIS_MINUTE} - interval '1 minute', 1)`,
        ],
        [
          `do $$ begin
             execute (select command from cron.job where jobname = '${PURGE_JOB}');
           end $$`,
        ],
        [
          `select (select array_agg(minute = ${THIS_MINUTE}) from waitlist_private.limiter_keys)
                    as keys,
                  (select count(*)::int from waitlist_private.sign_up_counts) as counts`,
        ],
      ],
    ]);
    expect(rowsOf(outcomes?.[0])).toEqual([
      {schedule: '* * * * *', command: 'select waitlist_private.purge_limiter()'},
    ]);
    expect(outcomes?.map(errorCode)).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(rowsOf(outcomes?.[3])).toEqual([{keys: [true], counts: 0}]);
  });

  it('counts each visitor behind the proxy that sends the secret, not the proxy', async () => {
    const [outcomes] = await runOwnerSql(storage(), [PER_VISITOR_STEPS]);
    expectPerVisitor(outcomes);
  });

  it("counts a caller that names a visitor without the secret by the caller's own address", async () => {
    const [outcomes] = await runOwnerSql(storage(), [FORGED_VISITOR_STEPS]);
    expectForgedVisitorIgnored(outcomes);
  });
});
