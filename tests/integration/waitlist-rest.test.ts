/**
 * What the waitlist's REST stand-in answers, checked end to end: the real server process, the real supabase-js
 * client, and the real migration, once on embedded PGlite and once on a PostgreSQL server.
 */
import {createClient, type SupabaseClient, type SupabaseClientOptions} from '@supabase/supabase-js';
import WebSocket from 'ws';
import {LOCAL_ANON_KEY, WAITLIST_TABLE} from '../../contracts/waitlist';
import {PGLITE_BACKEND, postgresBackend, type StorageBackend} from './postgres-cluster';
import {connect as connectSocket} from 'node:net';
import {runAsAnon, seedRows, type ServerProcess, type Storage} from './server-process';
import {serversOfThisFile} from './servers';

jest.setTimeout(60_000);

interface Backend extends StorageBackend {
  /**
   * Whether statements from different requests can run at the same time. PGlite has one
   * connection and runs them one after another, so a race cannot happen there.
   */
  runsStatementsConcurrently: boolean;
}

const EXPOSED_HEADERS = [
  'Content-Encoding',
  'Content-Location',
  'Content-Range',
  'Content-Type',
  'Date',
  'Location',
  'Server',
  'Transfer-Encoding',
  'Range-Unit',
];

/** The waitlist table as supabase-js sees it (what `supabase gen types` would write). */
interface WaitlistDatabase {
  public: {
    Tables: {
      waitlist_emails: {
        Row: {id: number; email: string; created_at: string};
        Insert: {email: string};
        Update: {email?: string};
        Relationships: [];
      };
    };
    Views: {[_ in never]: never};
    Functions: {[_ in never]: never};
    Enums: {[_ in never]: never};
    CompositeTypes: {[_ in never]: never};
  };
}

type RealtimeTransport = NonNullable<
  NonNullable<SupabaseClientOptions<'public'>['realtime']>['transport']
>;

function connect(server: ServerProcess): SupabaseClient<WaitlistDatabase> {
  return createClient<WaitlistDatabase>(server.url, LOCAL_ANON_KEY, {
    auth: {persistSession: false},
    // Node 20 has no global WebSocket and createClient throws without one. `ws` is what
    // realtime-js uses in Node; only its event typings differ from the DOM's.
    realtime: {transport: WebSocket as unknown as RealtimeTransport},
  });
}

let addressCounter = 0;
/** A new address each call, unique across runs against a reused database. */
function newAddress(label: string): string {
  addressCounter += 1;
  return `${label}.${Date.now().toString(36)}.${addressCounter}@example.com`;
}

interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
}

async function rawRequest(
  server: ServerProcess,
  pathAndQuery: string,
  init: {method?: string; headers?: Record<string, string>; body?: string} = {},
): Promise<RawResponse> {
  const response = await fetch(`${server.url}/rest/v1/${pathAndQuery}`, init);
  return {status: response.status, headers: response.headers, text: await response.text()};
}

const anonHeaders = (extra: Record<string, string> = {}): Record<string, string> => ({
  apikey: LOCAL_ANON_KEY,
  authorization: `Bearer ${LOCAL_ANON_KEY}`,
  ...extra,
});

/** The id of the single row an insert().select('id') returned. */
function idOf(data: unknown): number {
  const rows: unknown[] = Array.isArray(data) ? data : [];
  const row: unknown = rows[0];
  const id: unknown = typeof row === 'object' && row !== null && 'id' in row ? row.id : undefined;
  if (rows.length !== 1 || typeof id !== 'number') {
    throw new Error(`Expected [{id}], got ${JSON.stringify(data)}`);
  }
  return id;
}

async function countRows(client: SupabaseClient<WaitlistDatabase>): Promise<number> {
  const {count, status, error} = await client
    .from(WAITLIST_TABLE)
    .select('id', {count: 'exact', head: true})
    .limit(1);
  expect(error).toBeNull();
  expect([200, 206]).toContain(status);
  if (typeof count !== 'number') throw new Error(`The count was ${String(count)}`);
  return count;
}

function describeWaitlistContract(backend: Backend): void {
  describe(`the waitlist REST stand-in on ${backend.name}`, () => {
    let storage: Storage;
    let server: ServerProcess;
    let client: SupabaseClient<WaitlistDatabase>;

    const servers = serversOfThisFile();
    // Jest runs afterAll hooks in the order given: the servers above stop before their backend.
    afterAll(() => backend.tearDown(), 60_000);
    const newStorage = (): Promise<Storage> => servers.storage(() => backend.createStorage());
    const start = (on: Storage, writesPerMinute = 0, readsPerMinute = 0): Promise<ServerProcess> =>
      servers.start({storage: on, writesPerMinute, readsPerMinute});

    beforeAll(async () => {
      await backend.setUp();
      storage = await newStorage();
      server = await start(storage);
      client = connect(server);
    }, 120_000);

    it('passes the connection test: a HEAD count of ids answers 200 or 206 with a number', async () => {
      const {status, count, error} = await client
        .from(WAITLIST_TABLE)
        .select('id', {count: 'exact', head: true})
        .limit(1);
      expect(error).toBeNull();
      expect([200, 206]).toContain(status);
      expect(typeof count).toBe('number');
    });

    it('answers counts with the statuses and Content-Range of PostgREST for 0, 1 and several rows', async () => {
      const fresh = await start(await newStorage());
      const head = () =>
        rawRequest(fresh, `${WAITLIST_TABLE}?select=id&limit=1`, {
          method: 'HEAD',
          headers: anonHeaders({prefer: 'count=exact'}),
        });
      const insert = (email: string) =>
        rawRequest(fresh, WAITLIST_TABLE, {
          method: 'POST',
          headers: anonHeaders({'content-type': 'application/json'}),
          body: JSON.stringify({email}),
        });

      const empty = await head();
      expect([empty.status, empty.headers.get('content-range')]).toEqual([200, '*/0']);
      expect((await insert(newAddress('first'))).status).toBe(201);
      const one = await head();
      expect([one.status, one.headers.get('content-range')]).toEqual([200, '0-0/1']);
      expect((await insert(newAddress('second'))).status).toBe(201);
      const two = await head();
      expect([two.status, two.headers.get('content-range')]).toEqual([206, '0-0/2']);
      expect(two.headers.get('preference-applied')).toBe('count=exact');
      expect(two.text).toBe('');

      const page = await rawRequest(fresh, `${WAITLIST_TABLE}?select=id&limit=1`, {
        headers: anonHeaders({prefer: 'count=exact'}),
      });
      expect([page.status, page.headers.get('content-range')]).toEqual([206, '0-0/2']);
      expect(JSON.parse(page.text)).toEqual([{id: expect.any(Number) as unknown}]);
      const all = await rawRequest(fresh, `${WAITLIST_TABLE}?select=id`, {
        headers: anonHeaders({prefer: 'count=exact'}),
      });
      expect([all.status, all.headers.get('content-range')]).toEqual([200, '0-1/2']);
      const uncounted = await rawRequest(fresh, `${WAITLIST_TABLE}?select=id`, {
        headers: anonHeaders(),
      });
      expect([uncounted.status, uncounted.headers.get('content-range')]).toEqual([200, '0-1/*']);
    });

    it('inserts an address and selects back its id only: 201 [{id}]', async () => {
      const {data, error, status} = await client
        .from(WAITLIST_TABLE)
        .insert({email: newAddress('ada')})
        .select('id');
      expect(error).toBeNull();
      expect(status).toBe(201);
      expect(data).toEqual([{id: expect.any(Number) as unknown}]);
    });

    it('answers 409 with code 23505 and null details for a duplicate in another letter case', async () => {
      const email = newAddress('grace');
      expect((await client.from(WAITLIST_TABLE).insert({email}).select('id')).status).toBe(201);
      const {error, status, data} = await client
        .from(WAITLIST_TABLE)
        .insert({email: email.toUpperCase()})
        .select('id');
      expect(status).toBe(409);
      expect(data).toBeNull();
      expect(error).toMatchObject({
        code: '23505',
        details: null,
        message: 'duplicate key value violates unique constraint "waitlist_emails_email_lower_key"',
      });
    });

    it('answers 400 PGRST204 for a key that is not a column', async () => {
      // The typed client refuses the typo at compile time; an untyped caller could still send it.
      const misspelled = {mail: newAddress('typo')} as unknown as {email: string};
      const {error, status} = await client.from(WAITLIST_TABLE).insert(misspelled);
      expect(status).toBe(400);
      expect(error).toMatchObject({
        code: 'PGRST204',
        message: "Could not find the 'mail' column of 'waitlist_emails' in the schema cache",
      });
    });

    it('answers 400 PGRST102 "Empty or invalid json" for a body that is not JSON', async () => {
      const response = await rawRequest(server, WAITLIST_TABLE, {
        method: 'POST',
        headers: anonHeaders({'content-type': 'application/json'}),
        body: '}{',
      });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toEqual({
        code: 'PGRST102',
        details: null,
        hint: null,
        message: 'Empty or invalid json',
      });
    });

    it('refuses a JSON array, even of one row, with 400 PGRST100: the form sends one object', async () => {
      const response = await rawRequest(server, WAITLIST_TABLE, {
        method: 'POST',
        headers: anonHeaders({'content-type': 'application/json'}),
        body: JSON.stringify([{email: newAddress('a')}]),
      });
      expect(response.status).toBe(400);
      expect(JSON.parse(response.text)).toMatchObject({
        code: 'PGRST100',
        details: 'A body of an array',
      });
    });

    it('answers 401 with the hosted gateway body when the apikey is missing', async () => {
      const response = await rawRequest(server, `${WAITLIST_TABLE}?select=id`);
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(JSON.parse(response.text)).toEqual({
        message: 'No API key found in request',
        hint: 'No `apikey` request header or url param was found.',
      });
    });

    it('answers 401 "Invalid API key" for a wrong apikey', async () => {
      const response = await rawRequest(server, `${WAITLIST_TABLE}?select=id`, {
        headers: {apikey: 'not-the-key', authorization: 'Bearer not-the-key'},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toBe('Bearer');
      expect(JSON.parse(response.text)).toEqual({
        message: 'Invalid API key',
        hint: 'Double check your Supabase `anon` or `service_role` API key.',
      });
    });

    it('answers 401 PGRST301 when the bearer token is not the apikey', async () => {
      const response = await rawRequest(server, `${WAITLIST_TABLE}?select=id`, {
        headers: {apikey: LOCAL_ANON_KEY, authorization: 'Bearer something-else'},
      });
      expect(response.status).toBe(401);
      expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(JSON.parse(response.text)).toEqual({
        code: 'PGRST301',
        details: null,
        hint: null,
        message: 'Expected 3 parts in JWT; got 1',
      });
    });

    it('never hands an e-mail address to the anon key, whatever it asks', async () => {
      const email = newAddress('secret');
      expect((await client.from(WAITLIST_TABLE).insert({email})).status).toBe(201);
      const attempts: [string, string, Record<string, string>, string?][] = [
        ['GET', `${WAITLIST_TABLE}?select=email`, {}],
        ['GET', `${WAITLIST_TABLE}?select=*`, {}],
        ['GET', `${WAITLIST_TABLE}?select=%2A`, {}],
        ['GET', WAITLIST_TABLE, {}],
        ['GET', `${WAITLIST_TABLE}?select=id&email=eq.${encodeURIComponent(email)}`, {}],
        ['GET', `${WAITLIST_TABLE}?select=id&order=email`, {}],
        ['HEAD', `${WAITLIST_TABLE}?select=email`, {prefer: 'count=exact'}],
        [
          'PATCH',
          `${WAITLIST_TABLE}?id=gt.0&select=email`,
          {prefer: 'return=representation'},
          '{"email":"x@example.com"}',
        ],
        ['DELETE', `${WAITLIST_TABLE}?id=gt.0&select=email`, {prefer: 'return=representation'}],
      ];
      for (const [method, pathAndQuery, headers, body] of attempts) {
        const response = await rawRequest(server, pathAndQuery, {
          method,
          headers: anonHeaders({'content-type': 'application/json', ...headers}),
          body,
        });
        expect(response.status).toBeGreaterThanOrEqual(400);
        expect(response.text).not.toContain('@');
      }
      const ids = await rawRequest(server, `${WAITLIST_TABLE}?select=id`, {headers: anonHeaders()});
      expect(ids.status).toBe(200);
      expect(ids.text).not.toContain('@');
      const rows = JSON.parse(ids.text) as Record<string, unknown>[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(Object.keys(row)).toEqual(['id']);
    });

    it('refuses update() and delete() with 405 PGRST117 and leaves the row in place', async () => {
      const email = newAddress('keep');
      const inserted = await client.from(WAITLIST_TABLE).insert({email}).select('id');
      const id = idOf(inserted.data);

      const update = await client
        .from(WAITLIST_TABLE)
        .update({email: newAddress('evil')})
        .eq('id', id);
      expect(update.status).toBe(405);
      expect(update.error).toMatchObject({code: 'PGRST117'});
      const removal = await client.from(WAITLIST_TABLE).delete().eq('id', id);
      expect(removal.status).toBe(405);
      expect(removal.error).toMatchObject({code: 'PGRST117'});

      const duplicate = await client.from(WAITLIST_TABLE).insert({email});
      expect(duplicate.status).toBe(409);
      expect(duplicate.error?.code).toBe('23505');
    });

    it('refuses insert().select() of every column with 401 42501 and stores nothing', async () => {
      const email = newAddress('star');
      const {status, error, data} = await client.from(WAITLIST_TABLE).insert({email}).select();
      expect(status).toBe(401);
      expect(data).toBeNull();
      expect(error).toMatchObject({
        code: '42501',
        message: 'permission denied for table waitlist_emails',
      });
      // The statement was rolled back, so the address can still join.
      expect((await client.from(WAITLIST_TABLE).insert({email})).status).toBe(201);
    });

    // Only a server that runs statements at once can race; on PGlite this would prove nothing.
    if (backend.runsStatementsConcurrently) {
      it('keeps exactly one row when 50 identical inserts race', async () => {
        const before = await countRows(client);
        const email = newAddress('race');
        const results = await Promise.all(
          Array.from({length: 50}, () => client.from(WAITLIST_TABLE).insert({email}).select('id')),
        );
        const created = results.filter((result) => result.status === 201);
        const duplicates = results.filter(
          (result) => result.status === 409 && result.error?.code === '23505',
        );
        expect(created).toHaveLength(1);
        expect(duplicates).toHaveLength(49);
        expect(await countRows(client)).toBe(before + 1);
      });
    }

    it('lets the database CHECK reject "not-an-email" with 400 23514', async () => {
      const {status, error} = await client.from(WAITLIST_TABLE).insert({email: 'not-an-email'});
      expect(status).toBe(400);
      expect(error).toMatchObject({
        code: '23514',
        details: null,
        message:
          'new row for relation "waitlist_emails" violates check constraint "waitlist_emails_email_check"',
      });
    });

    it('answers 413 "Payload Too Large" for a body over 64 KiB', async () => {
      const response = await rawRequest(server, WAITLIST_TABLE, {
        method: 'POST',
        headers: anonHeaders({'content-type': 'application/json'}),
        body: JSON.stringify({email: `${'a'.repeat(70 * 1024)}@example.com`}),
      });
      expect(response.status).toBe(413);
      expect(JSON.parse(response.text)).toEqual({message: 'Payload Too Large'});
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
    });

    it('answers 404 PGRST205 for any other table', async () => {
      const response = await rawRequest(server, 'waitlist_email?select=id', {
        headers: anonHeaders(),
      });
      expect(response.status).toBe(404);
      expect(JSON.parse(response.text)).toEqual({
        code: 'PGRST205',
        details: null,
        hint: null,
        message: "Could not find the table 'public.waitlist_email' in the schema cache",
      });
    });

    it('answers a CORS preflight from another origin without an apikey', async () => {
      const requested =
        'apikey, authorization, x-client-info, prefer, content-type, content-profile';
      const preflight = await rawRequest(server, WAITLIST_TABLE, {
        method: 'OPTIONS',
        headers: {
          origin: 'http://localhost:3000',
          'access-control-request-method': 'POST',
          'access-control-request-headers': requested,
        },
      });
      expect(preflight.status).toBe(200);
      expect(preflight.headers.get('access-control-allow-origin')).toMatch(
        /^(\*|http:\/\/localhost:3000)$/,
      );
      expect(preflight.headers.get('access-control-allow-methods')).toBe(
        'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD',
      );
      expect(preflight.headers.get('access-control-allow-headers')).toBe(requested);
      expect(preflight.headers.get('access-control-max-age')).toBe('86400');

      for (const headers of [
        anonHeaders({origin: 'http://localhost:3000'}),
        {origin: 'http://localhost:3000'},
      ]) {
        const actual = await rawRequest(server, `${WAITLIST_TABLE}?select=id`, {headers});
        expect(actual.headers.get('access-control-allow-origin')).toMatch(
          /^(\*|http:\/\/localhost:3000)$/,
        );
        expect(actual.headers.get('access-control-expose-headers')?.split(', ')).toEqual(
          EXPOSED_HEADERS,
        );
      }
    });

    it('answers 429 with Retry-After once an address exceeds the write limit', async () => {
      const limited = await start(await newStorage(), 5);
      const statuses: number[] = [];
      let refused: RawResponse | undefined;
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const response = await rawRequest(limited, WAITLIST_TABLE, {
          method: 'POST',
          headers: anonHeaders({'content-type': 'application/json'}),
          body: JSON.stringify({email: newAddress('burst')}),
        });
        statuses.push(response.status);
        if (response.status === 429) refused = response;
      }
      expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429]);
      expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(JSON.parse(refused?.text ?? '{}')).toMatchObject({
        code: expect.any(String) as unknown,
        message: expect.any(String) as unknown,
        details: null,
        hint: null,
      });
      // Reading is not a write: the connection test still works.
      const head = await rawRequest(limited, `${WAITLIST_TABLE}?select=id&limit=1`, {
        method: 'HEAD',
        headers: anonHeaders({prefer: 'count=exact'}),
      });
      expect(head.status).toBe(206);
    });

    describe('under abuse', () => {
      const post = (on: ServerProcess, body: string, headers: Record<string, string> = {}) =>
        rawRequest(on, `${WAITLIST_TABLE}?select=id`, {
          method: 'POST',
          headers: anonHeaders({
            'content-type': 'application/json',
            prefer: 'return=representation',
            ...headers,
          }),
          body,
        });

      it('answers a two-row probe the same whether or not the first address is listed, and stores neither', async () => {
        const listed = newAddress('listed');
        expect((await client.from(WAITLIST_TABLE).insert({email: listed})).status).toBe(201);
        const before = await countRows(client);
        const unlisted = newAddress('unlisted');
        const withListed = await post(
          server,
          JSON.stringify([{email: listed}, {email: 'invalid'}]),
        );
        const withUnlisted = await post(
          server,
          JSON.stringify([{email: unlisted}, {email: 'invalid'}]),
        );
        expect(withListed.status).toBe(withUnlisted.status);
        expect(withListed.text).toBe(withUnlisted.text);
        expect(withListed.status).toBeGreaterThanOrEqual(400);
        expect(await countRows(client)).toBe(before);
        // The unlisted address was not stored: it can still join.
        expect((await client.from(WAITLIST_TABLE).insert({email: unlisted})).status).toBe(201);
      });

      it('adds at most one row per request: a POST of many rows is refused whole', async () => {
        const before = await countRows(client);
        const rows = Array.from({length: 50}, (_, index) => ({email: newAddress(`bulk${index}`)}));
        const response = await post(server, JSON.stringify(rows));
        expect(response.status).toBe(400);
        expect(response.headers.get('content-range')).toBeNull();
        expect(await countRows(client)).toBe(before);
      });

      it.each([
        ['a no-break space', 'ada\u00a0lovelace@example.com'],
        ['a zero-width space', 'ada\u200b@example.com'],
        ['a byte order mark', '\ufeffada@example.com'],
        ['a right-to-left override', 'ada\u202e@example.com'],
        ['a tab', 'ada\t@example.com'],
        ['a leading = (a spreadsheet formula)', '=HYPERLINK("x")@example.com'],
        ['a leading +', '+cmd@example.com'],
        ['a leading -', '-2+3@example.com'],
        ['a leading @', '@ada@example.com'],
        ['two addresses', 'ada@example.com,bob@example.com'],
        ['a 300-character address', `${'a'.repeat(60)}@${'b'.repeat(230)}.example.com`],
      ])('rejects an address with %s: 400 23514, nothing stored', async (_, email) => {
        const before = await countRows(client);
        const {status, error} = await client.from(WAITLIST_TABLE).insert({email}).select('id');
        expect(status).toBe(400);
        expect(error?.code).toBe('23514');
        expect(await countRows(client)).toBe(before);
      });

      it.each([
        ['an object', {address: 'ada@example.com'}],
        ['an array', ['ada@example.com']],
        ['a number', 42],
      ])('refuses an e-mail given as %s with 400, storing nothing', async (_, email) => {
        const before = await countRows(client);
        const response = await post(server, JSON.stringify({email}));
        expect(response.status).toBe(400);
        expect(await countRows(client)).toBe(before);
      });

      it('answers a 20,000-level nested body with 400, and logs no error', async () => {
        const logged = server.output().length;
        const nested = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
        const response = await post(server, `{"email":${nested}}`);
        expect(response.status).toBe(400);
        expect(JSON.parse(response.text)).toMatchObject({code: expect.any(String) as unknown});
        expect(server.output().slice(logged)).not.toMatch(/"level":50/);
      });

      it('does not log a client that hangs up mid-body as an error', async () => {
        const logged = server.output().length;
        const {hostname, port} = new URL(server.url);
        await new Promise<void>((resolve, reject) => {
          // Node answers 100 Continue once it has the headers: the request is the server's then,
          // and the hang-up comes while it reads the body.
          const socket = connectSocket(Number(port), hostname, () => {
            socket.write(
              `POST /rest/v1/${WAITLIST_TABLE} HTTP/1.1\r\nHost: ${hostname}\r\n` +
                `apikey: ${LOCAL_ANON_KEY}\r\ncontent-type: application/json\r\n` +
                'content-length: 1000\r\nexpect: 100-continue\r\n\r\n',
            );
          });
          socket.once('data', (chunk) => {
            if (!String(chunk).startsWith('HTTP/1.1 100 ')) reject(new Error(String(chunk)));
            socket.write('{"email":"half', () => {
              socket.destroy();
              resolve();
            });
          });
          socket.on('error', reject);
        });
        // Node reports the hang-up as an aborted request or as a body shorter than announced,
        // whichever it reads first; the request then ends in its access line, or, when the socket
        // is gone before the answer is written, in the stand-in's note. Either way, no error.
        const ended = /POST \/rest\/v1\/\S+ \d{3} |closed the connection mid-request|"level":50/;
        const log = await server.outputMatching(ended, logged);
        expect(log).toMatch(/POST \/rest\/v1\/\S+ 400 |closed the connection mid-request/);
        expect(log).not.toMatch(/"level":50/);
        expect(log).not.toMatch(/"stack"/);
      });

      it('caps a read at 1,000 rows, as hosted Supabase does, while the count stays exact', async () => {
        const seeded = await newStorage();
        await seedRows(seeded, 1_200);
        const big = await start(seeded);
        const all = await rawRequest(big, `${WAITLIST_TABLE}?select=id&limit=5000`, {
          headers: anonHeaders({prefer: 'count=exact'}),
        });
        expect(all.status).toBe(206);
        expect(all.headers.get('content-range')).toBe('0-999/1200');
        expect((JSON.parse(all.text) as unknown[]).length).toBe(1000);
        const unbounded = await rawRequest(big, `${WAITLIST_TABLE}?select=id`, {
          headers: anonHeaders(),
        });
        expect((JSON.parse(unbounded.text) as unknown[]).length).toBe(1000);
        expect(await countRows(connect(big))).toBe(1_200);
      });

      it('answers 429 with Retry-After once an address exceeds the read limit', async () => {
        const limited = await start(await newStorage(), 0, 3);
        const statuses: number[] = [];
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const response = await rawRequest(limited, `${WAITLIST_TABLE}?select=id&limit=1`, {
            method: 'HEAD',
            headers: anonHeaders({prefer: 'count=exact'}),
          });
          statuses.push(response.status);
          if (response.status === 429) {
            expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
          }
        }
        expect(statuses).toEqual([200, 200, 200, 429, 429]);
      });

      it('spends no write budget on a write without a valid key', async () => {
        const limited = await start(await newStorage(), 2);
        for (const key of ['', 'not-the-key', 'not-the-key', 'not-the-key']) {
          const response = await rawRequest(limited, WAITLIST_TABLE, {
            method: 'POST',
            headers: {apikey: key, 'content-type': 'application/json'},
            body: JSON.stringify({email: newAddress('keyless')}),
          });
          expect(response.status).toBe(401);
        }
        for (let attempt = 0; attempt < 2; attempt += 1) {
          const {status} = await connect(limited)
            .from(WAITLIST_TABLE)
            .insert({email: newAddress('keyed')});
          expect(status).toBe(201);
        }
      });

      it.each([
        ['PATCH', `${WAITLIST_TABLE}?id=gt.0`, '{"email":"x@example.com"}', 405, 'PGRST117'],
        ['DELETE', `${WAITLIST_TABLE}?id=gt.0`, undefined, 405, 'PGRST117'],
        ['PUT', `${WAITLIST_TABLE}?id=eq.1`, '{"email":"x@example.com"}', 405, 'PGRST117'],
        ['GET', `${WAITLIST_TABLE}?select=id&email=eq.ada@example.com`, undefined, 400, 'PGRST100'],
        ['GET', `${WAITLIST_TABLE}?select=id&email=like.a*`, undefined, 400, 'PGRST100'],
        ['GET', `${WAITLIST_TABLE}?select=id&order=email`, undefined, 400, 'PGRST100'],
        ['GET', `${WAITLIST_TABLE}?select=id&offset=10`, undefined, 400, 'PGRST100'],
        [
          'POST',
          `${WAITLIST_TABLE}?on_conflict=email`,
          '{"email":"x@example.com"}',
          400,
          'PGRST100',
        ],
        ['POST', `${WAITLIST_TABLE}?columns=email`, '{"email":"x@example.com"}', 400, 'PGRST100'],
      ])(
        'refuses %s %s outside the site contract with one clear error',
        async (method, pathAndQuery, body, status, code) => {
          const response = await rawRequest(server, pathAndQuery, {
            method,
            headers: anonHeaders({'content-type': 'application/json'}),
            body,
          });
          expect(response.status).toBe(status);
          expect(JSON.parse(response.text)).toMatchObject({code});
        },
      );

      it('keeps every acknowledged address when the server is killed mid-burst', async () => {
        const killedStorage = await newStorage();
        const burst = await start(killedStorage);
        const burstClient = connect(burst);
        const acknowledged: string[] = [];
        let twentyAcknowledged = (): void => undefined;
        const twenty = new Promise<void>((resolve) => {
          twentyAcknowledged = resolve;
        });
        const attempts = Array.from({length: 150}, async (_, index) => {
          const email = newAddress(`burst${index}`);
          const {status} = await burstClient.from(WAITLIST_TABLE).insert({email});
          if (status !== 201) return;
          acknowledged.push(email);
          if (acknowledged.length === 20) twentyAcknowledged();
        });
        // Mid-burst: once 20 are acknowledged, or (a failure) once every attempt has ended.
        await Promise.race([twenty, Promise.allSettled(attempts)]);
        expect(acknowledged.length).toBeGreaterThanOrEqual(20);
        await burst.kill();
        await Promise.allSettled(attempts);

        const restarted = await start(killedStorage);
        const restartedClient = connect(restarted);
        expect(await countRows(restartedClient)).toBeGreaterThanOrEqual(acknowledged.length);
        for (const email of acknowledged) {
          const again = await restartedClient.from(WAITLIST_TABLE).insert({email});
          expect({email, status: again.status}).toEqual({email, status: 409});
        }
      });
    });

    describe('the migration itself, as the anon role (what holds on hosted Supabase too)', () => {
      const insert = (...emails: string[]) =>
        `insert into public.waitlist_emails (email) values ${emails
          .map((email) => `('${email.replaceAll("'", "''")}')`)
          .join(', ')}`;

      it('makes a multi-row insert answer the same whether or not an address is listed', async () => {
        const own = await newStorage();
        const [first, ...outcomes] = await runAsAnon(own, [
          insert('listed@example.com'),
          insert('listed@example.com', 'invalid'),
          insert('unlisted@example.com', 'invalid'),
          insert('listed@example.com', 'other@example.com'),
          insert('unlisted@example.com', 'other@example.com'),
          insert('unlisted@example.com'),
          'select count(*)::int as n from public.waitlist_emails',
        ]);
        expect(first).toEqual({rows: []});
        const [listedInvalid, unlistedInvalid, listedValid, unlistedValid, single, count] =
          outcomes;
        expect(listedInvalid).toEqual(unlistedInvalid);
        expect(listedValid).toEqual(unlistedValid);
        expect(listedValid).toHaveProperty('error');
        expect(single).toEqual({rows: []});
        expect(count).toEqual({rows: [{n: 2}]});
      });

      it('rejects invisible, bidirectional and formula characters in the CHECK', async () => {
        const outcomes = await runAsAnon(await newStorage(), [
          insert('ada\u00a0b@example.com'),
          insert('ada\u200b@example.com'),
          insert('\ufeffada@example.com'),
          insert('ada\u202e@example.com'),
          insert('=cmd@example.com'),
          insert('+cmd@example.com'),
          insert('-cmd@example.com'),
          insert('@ada@example.com'),
          insert('{"address":"ada@example.com"}'),
          insert('["ada@example.com"]'),
          insert(`${'a'.repeat(65)}@example.com`),
          insert("o'brien+waitlist@mail.example.co.uk"),
        ]);
        const codes = outcomes.map((outcome) => ('error' in outcome ? outcome.error.code : 'ok'));
        expect(codes).toEqual([...Array<string>(11).fill('23514'), 'ok']);
      });

      it('lets anon read ids and a count, and never an address, a change or a removal', async () => {
        const outcomes = await runAsAnon(await newStorage(), [
          insert('ada@example.com'),
          'select id from public.waitlist_emails',
          'select count(*)::int as n from public.waitlist_emails',
          'select email from public.waitlist_emails',
          'select * from public.waitlist_emails',
          "update public.waitlist_emails set email = 'x@example.com'",
          'delete from public.waitlist_emails',
        ]);
        const codes = outcomes.map((outcome) => ('error' in outcome ? outcome.error.code : 'ok'));
        expect(codes).toEqual(['ok', 'ok', 'ok', '42501', '42501', '42501', '42501']);
      });
    });

    it('resolves, never throws, with status 0 and "fetch failed" when the server is stopped', async () => {
      const stopped = await start(await newStorage());
      await stopped.stop();
      const result = await connect(stopped)
        .from(WAITLIST_TABLE)
        .insert({email: newAddress('offline')})
        .select('id');
      expect(result.status).toBe(0);
      expect(result.data).toBeNull();
      expect(result.count).toBeNull();
      expect(result.error?.message).toContain('fetch failed');
    });

    it('keeps every address and the count across a restart of the server', async () => {
      const email = newAddress('durable');
      expect((await client.from(WAITLIST_TABLE).insert({email})).status).toBe(201);
      const before = await countRows(client);

      await server.stop();
      server = await start(storage);
      client = connect(server);

      expect(await countRows(client)).toBe(before);
      const duplicate = await client.from(WAITLIST_TABLE).insert({email: email.toUpperCase()});
      expect(duplicate.status).toBe(409);
      expect(duplicate.error?.code).toBe('23505');
    });
  });
}

describeWaitlistContract({...PGLITE_BACKEND, runsStatementsConcurrently: false});
describeWaitlistContract({
  ...postgresBackend('a PostgreSQL server (DATABASE_URL)'),
  runsStatementsConcurrently: true,
});
