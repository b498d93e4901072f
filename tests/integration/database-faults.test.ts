/**
 * The server when PostgreSQL fails under it (DATABASE_URL): a connection ended while a request
 * uses it (pg_terminate_backend, PostgreSQL killed), a deadlock, and 50 sign-ups of one address
 * at once. The process keeps serving pages, answers the request that lost its connection with a
 * plain 503, says what happened in its log, and the next sign-up gets a fresh connection.
 * Needs a production build (npm run build), for the pages.
 */
import {existsSync} from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import {WAITLIST_TABLE} from '../../contracts/waitlist';
import {CREATE_SUPABASE_ROLES, openWaitlistDatabase} from '../../server/waitlist/database';
import {until} from '../poll';
import {startPostgresCluster, type PostgresCluster} from './postgres-cluster';
import {
  ANON_HEADERS,
  countRows,
  signUp,
  startServer,
  type ServerProcess,
  type Storage,
} from './server-process';

jest.setTimeout(120_000);

const BUILD_DIR = path.resolve(__dirname, '../../build');
/** How long a state the tests wait for may take to come. */
const WAIT = {timeoutMs: 10_000};

let cluster: PostgresCluster;
const servers: ServerProcess[] = [];
const clients: pg.Client[] = [];

beforeAll(async () => {
  if (!existsSync(path.join(BUILD_DIR, '_headers'))) {
    throw new Error(`No production build in ${BUILD_DIR}: run "npm run build" first.`);
  }
  cluster = await startPostgresCluster();
}, 60_000);

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.end()));
  await Promise.allSettled(servers.map((server) => server.stop()));
  await cluster.stop();
}, 60_000);

async function startOn(storage: Storage): Promise<ServerProcess> {
  const server = await startServer({storage, buildDir: BUILD_DIR});
  servers.push(server);
  return server;
}

/** A superuser session on the server's database, in autocommit unless told otherwise. */
async function connectAdmin(storage: Storage): Promise<pg.Client> {
  const client = new pg.Client({connectionString: storage.env.DATABASE_URL});
  // A session the test ends on purpose must not take the test process down either.
  client.on('error', () => undefined);
  await client.connect();
  clients.push(client);
  return client;
}

/** Backends of this database, other than the asking session, waiting on a lock. */
async function lockWaiters(admin: pg.Client): Promise<number> {
  const {rows} = await admin.query<{n: number}>(
    `select count(*)::int as n from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`,
  );
  return rows[0]?.n ?? 0;
}

async function pageStatus(server: ServerProcess): Promise<number> {
  return (await fetch(`${server.url}/blogs`)).status;
}

let addressCounter = 0;
const newAddress = (label: string) =>
  `${label}.${Date.now().toString(36)}.${++addressCounter}@example.com`;

/** What a visitor may see of a failure: no process, transaction, statement or stack. */
function expectNoInternals(text: string): void {
  expect(text).not.toMatch(/process|transaction|pid|select|insert|stack|\bat\s|\d{4,}/i);
}

const LOST_CONNECTION = {
  code: 'PGRST001',
  details: null,
  hint: null,
  message: 'Database client error. Retrying the connection.',
};

it('refuses to start on an account that cannot act as anon, saying what a superuser must do', async () => {
  const storage = await cluster.createDatabase('owned_by_site');
  const admin = await connectAdmin(storage);
  await admin.query('create role site_owner login');
  await admin.query('alter database owned_by_site owner to site_owner');
  const databaseUrl = String(storage.env.DATABASE_URL).replace('//postgres@', '//site_owner@');
  // Whichever step stops it (creating the roles, or becoming anon once another suite made them).
  await expect(openWaitlistDatabase({databaseUrl})).rejects.toThrow(
    /^permission denied .*: the account in DATABASE_URL must be a superuser, or a superuser must first create the roles anon, authenticated and service_role and grant anon to it/,
  );
  await admin.query(CREATE_SUPABASE_ROLES);
  await admin.query('grant anon to site_owner');
  const database = await openWaitlistDatabase({databaseUrl});
  await database.close();
});

it('answers 503 when PostgreSQL ends the connection of a read waiting on a lock, and goes on', async () => {
  const storage = await cluster.createDatabase();
  const server = await startOn(storage);
  const holder = await connectAdmin(storage);
  const killer = await connectAdmin(storage);
  await holder.query('begin');
  await holder.query('lock table public.waitlist_emails in access exclusive mode');
  const read = fetch(`${server.url}/rest/v1/${WAITLIST_TABLE}?select=id`, {headers: ANON_HEADERS});
  await until('the read waits on the lock', async () => (await lockWaiters(killer)) > 0, WAIT);
  await killer.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and pid <> pg_backend_pid()`,
  );
  const response = await read;
  const text = await response.text();
  await holder.query('rollback');

  expect(response.status).toBe(503);
  expect(JSON.parse(text)).toEqual(LOST_CONNECTION);
  expect(await pageStatus(server)).toBe(200);
  expect((await signUp(server, newAddress('after-terminate'))).status).toBe(201);
  const log = await server.outputMatching(/terminating connection due to administrator command/);
  expect(log).toMatch(/terminating connection due to administrator command/);
});

it('keeps serving when PostgreSQL ends every connection during a burst of sign-ups', async () => {
  const storage = await cluster.createDatabase();
  const server = await startOn(storage);
  const killer = await connectAdmin(storage);
  const answers: {email: string; status: number}[] = [];
  const burst = Array.from({length: 80}, async (_, index) => {
    const email = newAddress(`burst${index}`);
    answers.push({email, status: (await signUp(server, email)).status});
  });
  await until('some sign-ups are answered', () => answers.length >= 5, WAIT);
  await killer.query(
    `select pg_terminate_backend(pid) from pg_stat_activity
      where datname = current_database() and pid <> pg_backend_pid()`,
  );
  await Promise.all(burst);

  const statuses = new Set(answers.map(({status}) => status));
  expect([...statuses].filter((status) => status !== 201 && status !== 503)).toEqual([]);
  expect(await pageStatus(server)).toBe(200);
  expect((await signUp(server, newAddress('after-burst'))).status).toBe(201);
  // Every acknowledged address is stored: a second sign-up of it is a duplicate.
  for (const {email} of answers.filter(({status}) => status === 201)) {
    expect({email, status: (await signUp(server, email)).status}).toEqual({email, status: 409});
  }
});

it('serves pages while PostgreSQL is down, answers sign-ups 503, and signs up again once it is back', async () => {
  const storage = await cluster.createDatabase();
  const server = await startOn(storage);
  expect((await signUp(server, newAddress('before-crash'))).status).toBe(201);
  await cluster.kill();
  try {
    expect(await pageStatus(server)).toBe(200);
    const refused = await signUp(server, newAddress('while-down'));
    expect(refused.status).toBe(503);
    expectNoInternals(refused.text);
    expect(await pageStatus(server)).toBe(200);
  } finally {
    await cluster.start();
  }
  expect((await signUp(server, newAddress('after-restart'))).status).toBe(201);
});

it('answers 50 sign-ups of one address at once with one 201 and 49 409 23505', async () => {
  const storage = await cluster.createDatabase();
  const server = await startOn(storage);
  const owner = await connectAdmin(storage);
  const watcher = await connectAdmin(storage);
  const before = await countRows(server);
  const email = newAddress('race');
  // An earlier insert of the address is still open when the sign-ups arrive, and then rolls
  // back: the sign-ups the server runs at once all wait for it, then go on side by side. (By
  // chance alone, two cores rarely line them up like this.)
  await owner.query('begin');
  await owner.query('insert into public.waitlist_emails (email) values ($1)', [email]);
  const signUps = Promise.all(Array.from({length: 50}, () => signUp(server, email)));
  // The server's pool runs 10 transactions at once.
  await until('10 sign-ups wait', async () => (await lockWaiters(watcher)) >= 10, WAIT);
  await owner.query('rollback');
  const answers = await signUps;

  const statuses = answers.map(({status}) => status).sort();
  expect(statuses).toEqual([201, ...Array<number>(49).fill(409)]);
  for (const {status, text} of answers.filter(({status}) => status === 409)) {
    expect({status, body: JSON.parse(text) as unknown}).toMatchObject({
      status,
      body: {code: '23505', details: null},
    });
  }
  expect(await countRows(server)).toBe(before + 1);
});

it('answers a deadlock without process or transaction ids, and logs what happened', async () => {
  const storage = await cluster.createDatabase();
  const server = await startOn(storage);
  const owner = await connectAdmin(storage);
  const watcher = await connectAdmin(storage);
  const email = newAddress('deadlock');
  // The owner adds the address in an open transaction: the sign-up of it waits for that one.
  await owner.query('begin');
  await owner.query('insert into public.waitlist_emails (email) values ($1)', [email]);
  const signUpAnswer = signUp(server, email);
  await until('the sign-up waits on the owner', async () => (await lockWaiters(watcher)) > 0, WAIT);
  // Now the owner waits for the sign-up's lock on the table: a cycle PostgreSQL breaks.
  const ownerLock = owner
    .query('lock table public.waitlist_emails in access exclusive mode')
    .catch((error: unknown) => error);
  const answer = await signUpAnswer;
  await ownerLock;
  await owner.query('rollback');

  expect(answer.status).toBeGreaterThanOrEqual(500);
  const body = JSON.parse(answer.text) as Record<string, unknown>;
  expect(body).toMatchObject({code: '40P01', details: null});
  expectNoInternals(answer.text);
  const log = await server.outputMatching(/deadlock detected/);
  expect(log).toMatch(/deadlock detected/);
  expect(await pageStatus(server)).toBe(200);
});
