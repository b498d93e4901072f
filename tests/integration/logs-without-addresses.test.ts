/**
 * What the logs keep of a visitor's address and of the proxy's secret: nothing. The bundled
 * server's log when the database fails a sign-up (on PGlite, whose errors carry the statement's
 * parameters, and on PostgreSQL); PostgreSQL's own log, at its default settings as on hosted
 * Supabase, when the address check refuses an address sent as PostgREST sends it (a parameter of
 * the extended protocol), and when `waitlist_private.set_proxy_secret` refuses a secret typed in
 * the SQL editor.
 */
import {execFile} from 'node:child_process';
import {randomBytes} from 'node:crypto';
import path from 'node:path';
import {promisify} from 'node:util';
import pg from 'pg';
import {openWaitlistDatabase} from '../../server/waitlist/database';
import {
  PGLITE_BACKEND,
  postgresBackend,
  startPostgresCluster,
  type PostgresCluster,
  type StorageBackend,
} from './postgres-cluster';
import {signUp, startServer, type Storage} from './server-process';
import {tsxArgs} from '../tsx';

jest.setTimeout(120_000);

const ROOT = path.resolve(__dirname, '../..');
const run = promisify(execFile);
const EMAIL_PATTERN = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+\.[A-Za-z0-9.-]+/;
/** A fault of the database's own, as a full disk or a corrupt page would raise it. */
const FAULT = [
  `create function public.fail_every_sign_up() returns trigger language plpgsql as $$
   begin
     raise exception 'could not write to file "base/16384/16401": No space left on device'
       using errcode = '53100';
   end $$`,
  `create trigger fail_every_sign_up before insert on public.waitlist_emails
     for each row execute function public.fail_every_sign_up()`,
];

const unique = (label: string) => `${label}-${randomBytes(6).toString('hex')}`;

/** Runs statements as the owner after applying the migrations (owner-sql.ts). */
async function asOwner(storage: Storage, statements: readonly string[]): Promise<void> {
  const child = run(process.execPath, tsxArgs('tests/integration/owner-sql.ts'), {
    cwd: ROOT,
    env: {...process.env, DATA_DIR: '', DATABASE_URL: '', ...storage.env},
  });
  child.child.stdin?.end(JSON.stringify([[statements]]));
  await child;
}

function describeServerLog(backend: StorageBackend): void {
  describe(`the bundled server's log on ${backend.name}`, () => {
    beforeAll(() => backend.setUp(), 60_000);
    afterAll(() => backend.tearDown());

    it('names the code and message of a database error during a sign-up, not the address', async () => {
      const storage = await backend.createStorage();
      await asOwner(storage, FAULT);
      const server = await startServer({storage});
      try {
        const email = `${unique('fault')}@example.com`;
        expect((await signUp(server, email)).status).toBe(503);
        const log = await server.outputMatching(/answered 503/);
        expect(log).toContain('answered 503: 53100 could not write to file');
        expect(log).not.toContain(email);
        expect(log).not.toMatch(EMAIL_PATTERN);
      } finally {
        await server.stop();
        await storage.dispose();
      }
    });
  });
}

describeServerLog(PGLITE_BACKEND);
describeServerLog(postgresBackend('a PostgreSQL server'));

describe("PostgreSQL's log at its default settings", () => {
  let cluster: PostgresCluster;
  let owner: pg.Client;

  beforeAll(async () => {
    // Written out: what is logged, as PostgreSQL (and hosted Supabase) leave it.
    cluster = await startPostgresCluster({
      settings: {
        log_statement: 'none',
        log_min_error_statement: 'error',
        log_min_messages: 'warning',
      },
    });
    const storage = await cluster.createDatabase();
    await (await openWaitlistDatabase({databaseUrl: storage.env.DATABASE_URL})).close();
    owner = new pg.Client({connectionString: storage.env.DATABASE_URL});
    await owner.connect();
  }, 60_000);
  afterAll(async () => {
    await owner.end();
    await cluster.stop();
  });

  /** The error of an insert of `email` sent as a parameter, as PostgREST sends it. */
  async function refusedInsert(email: string, role?: string): Promise<Record<string, unknown>> {
    await owner.query('begin');
    try {
      if (role) await owner.query(`set local role ${role}`);
      await owner.query('insert into public.waitlist_emails (email) values ($1)', [email]);
      return {};
    } catch (error) {
      const {code, message, detail} = error as Record<string, unknown>;
      return {code, message, detail};
    } finally {
      await owner.query('rollback');
    }
  }

  it.each([
    ['anon, as the form signs up', 'anon'],
    ['the owner, as an import runs', undefined],
  ])('keeps no failing row and no address of a mistyped address sent by %s', async (_, role) => {
    const email = `${unique('mistyped')}@example..com`;
    expect(await refusedInsert(email, role)).toEqual({
      code: '23514',
      message:
        'new row for relation "waitlist_emails" violates check constraint "waitlist_emails_email_check"',
      detail: undefined,
    });
    const log = await cluster.log();
    expect(log).toContain('violates check constraint "waitlist_emails_email_check"');
    expect(log).not.toContain('Failing row');
    expect(log).not.toContain(email);
    expect(log).not.toContain(email.split('@')[0]);
  });

  it('keeps no trace of a secret set_proxy_secret refuses, answering with a line instead', async () => {
    const secrets = [`${randomBytes(32).toString('hex')}!`, randomBytes(8).toString('hex')];
    for (const secret of secrets) {
      // As typed in the SQL editor: the secret is in the statement's text.
      const {rows} = await owner.query<{result: string}>(
        `select waitlist_private.set_proxy_secret('${secret}') as result`,
      );
      expect(rows[0]?.result).toMatch(/^Not set: the waitlist proxy secret must be 32 to 256/);
    }
    // A failing statement after them: the log is being written, statements included.
    const marker = unique('marker');
    await expect(owner.query(`select '${marker}'::int`)).rejects.toThrow(/invalid input syntax/);
    const log = await cluster.log();
    expect(log).toContain(marker);
    for (const secret of secrets) expect(log).not.toContain(secret.slice(0, 16));
  });
});
