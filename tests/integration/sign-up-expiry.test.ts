/**
 * The privacy policy's deletion promise on waitlist addresses (docs/operating.md): the bundled
 * server deletes sign-ups older than two years as it starts (and daily); the operator's
 * `scripts/waitlist.ts purge` deletes sign-ups older than two years and, given the time the launch
 * e-mail was sent, every sign-up made by then, on embedded PGlite and on a PostgreSQL server; on
 * hosted Supabase a daily pg_cron job of `20261127120000_delete_sign_ups_after_two_years.sql` runs
 * the same two-year deletion.
 */
import {execFile} from 'node:child_process';
import path from 'node:path';
import {promisify} from 'node:util';
import type {Row, StepOutcome, Transaction} from './owner-sql';
import {
  PGLITE_BACKEND,
  describeWithPgCron,
  postgresBackend,
  type StorageBackend,
} from './postgres-cluster';
import {startServer, type Storage} from './server-process';
import {tsxArgs} from '../tsx';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const EXPIRY_JOB = 'waitlist-sign-ups-expiry';
const run = promisify(execFile);

const env = (storage: Storage) => ({
  ...process.env,
  DATA_DIR: '',
  DATABASE_URL: '',
  ...storage.env,
});

/** Runs transactions as the database owner after applying the migrations (owner-sql.ts). */
async function ownerSql(storage: Storage, transactions: readonly Transaction[]) {
  const child = run(process.execPath, tsxArgs('tests/integration/owner-sql.ts'), {
    cwd: ROOT,
    env: env(storage),
  });
  child.child.stdin?.end(JSON.stringify(transactions));
  const {stdout} = await child;
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '[]') as StepOutcome[][];
}

function rowsOf(outcome: StepOutcome | undefined): Row[] {
  if (!outcome || 'error' in outcome)
    throw new Error(`Expected rows, got ${JSON.stringify(outcome)}`);
  return outcome.rows;
}

/** One sign-up per statement (a trigger refuses several rows in one insert), `age` before now. */
const signedUp = (email: string, age: string) =>
  `insert into public.waitlist_emails (email, created_at) values ('${email}', now() - interval '${age}')`;

const SIGN_UPS = [
  signedUp('two-years-and-a-day@example.com', '2 years 1 day'),
  signedUp('two-years-less-a-day@example.com', '2 years -1 day'),
  signedUp('last-month@example.com', '30 days'),
  signedUp('yesterday@example.com', '1 day'),
];
const REMAINING = 'select array_agg(email order by id) as emails from public.waitlist_emails';

function waitlist(storage: Storage, ...args: string[]) {
  return run(process.execPath, tsxArgs('scripts/waitlist.ts', args), {
    cwd: ROOT,
    env: env(storage),
  });
}

async function remaining(storage: Storage): Promise<unknown> {
  const [outcomes] = await ownerSql(storage, [[[REMAINING]]]);
  return rowsOf(outcomes?.[0])[0]?.emails;
}

function describePurge(backend: StorageBackend): void {
  describe(`waitlist.ts purge on ${backend.name}`, () => {
    let storage: Storage;
    beforeAll(async () => {
      await backend.setUp();
      storage = await backend.createStorage();
      await ownerSql(storage, [[SIGN_UPS]]);
    }, 120_000);
    afterAll(async () => {
      await storage.dispose();
      await backend.tearDown();
    });

    it('the bundled server deletes the sign-ups older than two years as it starts, and only those', async () => {
      const fresh = await backend.createStorage();
      try {
        await ownerSql(fresh, [
          [
            [
              signedUp('five-years@example.com', '5 years'),
              signedUp('731-days@example.com', '731 days'),
              signedUp('729-days@example.com', '729 days'),
              signedUp('a-day@example.com', '1 day'),
            ],
          ],
        ]);
        const server = await startServer({storage: fresh});
        const log = await server.outputMatching(/deleted \d+ sign-ups/);
        await server.stop();
        expect(log).toContain('waitlist: deleted 2 sign-ups made more than two years ago');
        expect(await remaining(fresh)).toEqual(['729-days@example.com', 'a-day@example.com']);
      } finally {
        await fresh.dispose();
      }
    });

    it('says with --dry-run how many sign-ups it would delete, deleting none', async () => {
      const before = await remaining(storage);
      const sent = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
      const {stdout} = await waitlist(storage, 'purge', '--launch-sent', sent, '--dry-run');
      expect(stdout).toBe(
        `Would delete 1 sign-ups made more than two years ago\nWould delete 2 sign-ups made by ${sent}\n`,
      );
      expect(before).toHaveLength(4);
      expect(await remaining(storage)).toEqual(before);
    });

    it('deletes the sign-ups older than two years, and only those', async () => {
      const {stdout} = await waitlist(storage, 'purge');
      expect(stdout).toBe('Deleted 1 sign-ups made more than two years ago\n');
      expect(await remaining(storage)).toEqual([
        'two-years-less-a-day@example.com',
        'last-month@example.com',
        'yesterday@example.com',
      ]);
    });

    it('deletes every sign-up made by the time the launch e-mail was sent', async () => {
      const sent = new Date(Date.now() - 7 * 24 * 60 * 60 * 1000).toISOString();
      const {stdout} = await waitlist(storage, 'purge', '--launch-sent', sent);
      expect(stdout).toBe(
        `Deleted 0 sign-ups made more than two years ago\nDeleted 2 sign-ups made by ${sent}\n`,
      );
      expect(await remaining(storage)).toEqual(['yesterday@example.com']);
    });

    it.each([
      [
        ['purge', '--launch-sent', '1 March'],
        /^--launch-sent needs an ISO time with its zone, e\.g\. /m,
      ],
      [['purge', '--launch-sent', '2099-01-01T00:00:00Z'], /^--launch-sent must be a past time/m],
      // PostgreSQL and JavaScript read these as 2 March and 2 November.
      [
        ['purge', '--launch-sent', '2026-02-30T09:00:00Z'],
        /^--launch-sent is not a date and time that exists: "2026-02-30T09:00:00Z"$/m,
      ],
      [
        ['purge', '--launch-sent', '2026-11-01T24:00:00Z', '--dry-run'],
        /^--launch-sent is not a date and time that exists/m,
      ],
      [['purge', '--everything'], /^Usage: waitlist\.ts export \| .* purge \[--launch-sent/m],
      [['purge', '--dry-run', 'now'], /^Usage: waitlist\.ts export \| .* purge \[--launch-sent/m],
    ])('refuses %j with one line that says what it takes', async (args, message) => {
      const before = await remaining(storage);
      const stderr = await waitlist(storage, ...args).then(
        () => 'it succeeded',
        (error: unknown) => String((error as {stderr?: unknown}).stderr),
      );
      expect(stderr).toMatch(message);
      expect(stderr.trimEnd().split('\n')).toHaveLength(1);
      expect(await remaining(storage)).toEqual(before);
    });
  });
}

describePurge(PGLITE_BACKEND);
describePurge(postgresBackend('a PostgreSQL server'));

// Hosted Supabase's case: pg_cron preloaded. Needs Debian's postgresql-<version>-cron.
const CRON_DATABASE = 'waitlist_expiry_cron';
describeWithPgCron('the daily expiry job', CRON_DATABASE, (storage) => {
  it('runs daily a command that deletes the sign-ups older than two years', async () => {
    const [outcomes] = await ownerSql(storage(), [
      [
        [`select schedule, command from cron.job where jobname = '${EXPIRY_JOB}'`],
        SIGN_UPS,
        [
          `do $$ begin execute (select command from cron.job where jobname = '${EXPIRY_JOB}'); end $$`,
        ],
        [REMAINING],
      ],
    ]);
    expect(rowsOf(outcomes?.[0])).toEqual([
      {schedule: '17 3 * * *', command: 'select waitlist_private.delete_expired_sign_ups()'},
    ]);
    expect(rowsOf(outcomes?.[3])[0]?.emails).toEqual([
      'two-years-less-a-day@example.com',
      'last-month@example.com',
      'yesterday@example.com',
    ]);
  });
});
