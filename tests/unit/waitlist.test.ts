/**
 * The form's calls as the REST API sees them, and the toast each answer becomes: a stub of fetch
 * stands where the network is, so nothing here depends on how supabase-js builds a request.
 */
import {LOCAL_ANON_KEY} from '../../contracts/waitlist';
import {createAnonClient} from '../../src/lib/supabase';
import {
  WAITLIST_CALL_TIMEOUT_MS,
  WAITLIST_MESSAGES,
  checkConnection,
  isValidEmail,
  joinWaitlist,
} from '../../src/lib/waitlist';

const URL_BASE = 'http://rest.test';

// supabase-js asks for a WebSocket class when a client is made (a browser has one, Node 20 does
// not); the form subscribes to nothing, so none is ever opened.
if (!('WebSocket' in globalThis)) {
  Object.assign(globalThis, {
    WebSocket: class {
      readonly readyState = 3; // CLOSED
    },
  });
}

interface Sent {
  method: string;
  path: string;
  prefer: string | null;
  body: unknown;
}

/** A client whose every request is recorded and answered by `answer` (or rejected by it). */
async function clientAnswering(answer: () => Response | Promise<Response>) {
  const sent: Sent[] = [];
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const request = new Request(input, init);
    const text = await request.text();
    const url = new URL(request.url);
    sent.push({
      method: request.method,
      path: url.pathname + url.search,
      prefer: request.headers.get('prefer'),
      body: text ? JSON.parse(text) : undefined,
    });
    return answer();
  });
  const client = await createAnonClient(URL_BASE, LOCAL_ANON_KEY, WAITLIST_CALL_TIMEOUT_MS);
  return {client, sent};
}

/** A PostgREST answer: JSON with the status given. */
function rest(status: number, body?: unknown, headers: Record<string, string> = {}): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: {'content-type': 'application/json', ...headers},
  });
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('e-mail check on submit', () => {
  it.each(['', '   ', 'no-at-sign.example.com'])('rejects %p', (value) => {
    expect(isValidEmail(value)).toBe(false);
  });

  it.each(['ada@example.com', '  ada@example.com  '])('accepts %p', (value) => {
    expect(isValidEmail(value)).toBe(true);
  });
});

describe('joining the waitlist', () => {
  it('posts only the trimmed address, reads back only the id, and says thanks', async () => {
    const {client, sent} = await clientAnswering(() => rest(201, [{id: 1}]));
    await expect(joinWaitlist(client, '  ada@example.com ')).resolves.toEqual({
      kind: 'success',
      message: "Thanks for joining our waitlist! We'll keep you updated.",
    });
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/rest/v1/waitlist_emails?select=id',
        prefer: 'return=representation',
        body: {email: 'ada@example.com'},
      },
    ]);
  });

  it('rejects an address without @ before sending anything', async () => {
    const {client, sent} = await clientAnswering(() => rest(201, [{id: 1}]));
    await expect(joinWaitlist(client, 'ada')).resolves.toEqual({
      kind: 'error',
      message: 'Please provide a valid email address',
    });
    expect(sent).toEqual([]);
  });

  it('says the address is already on the list when the database refuses a duplicate (23505)', async () => {
    const {client} = await clientAnswering(() =>
      rest(409, {code: '23505', details: null, hint: null, message: 'duplicate key value'}),
    );
    await expect(joinWaitlist(client, 'ada@example.com')).resolves.toEqual({
      kind: 'error',
      message: 'This email is already on our waitlist',
    });
  });

  it('shows "Database error: {message}" for any other database error', async () => {
    const {client} = await clientAnswering(() =>
      rest(400, {code: '23514', details: null, hint: null, message: 'new row violates check'}),
    );
    expect((await joinWaitlist(client, 'ada@example.com')).message).toBe(
      'Database error: new row violates check',
    );
  });

  it('falls back to the code when a database error has no message', async () => {
    const {client} = await clientAnswering(() =>
      rest(400, {code: 'PGRST204', details: null, hint: null, message: ''}),
    );
    expect((await joinWaitlist(client, 'ada@example.com')).message).toBe(
      'Database error: PGRST204',
    );
  });

  it.each([
    ['a 502 from a proxy whose upstream dropped the connection', 502, '<html>Bad Gateway</html>'],
    ['a 504 from a proxy whose upstream never answered', 504, ''],
    ['an HTML error page in place of the database', 404, '<!DOCTYPE html><title>Oops'],
  ])('says something went wrong for %s', async (_what, status, page) => {
    const {client} = await clientAnswering(
      () => new Response(page || null, {status, headers: {'content-type': 'text/html'}}),
    );
    expect((await joinWaitlist(client, 'ada@example.com')).message).toBe(
      'Something went wrong. Please try again later.',
    );
  });

  it('says something went wrong when the request never reached a server', async () => {
    const {client} = await clientAnswering(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(joinWaitlist(client, 'ada@example.com')).resolves.toEqual({
      kind: 'error',
      message: WAITLIST_MESSAGES.unexpected,
    });
  });
});

describe('the connection test', () => {
  it('asks for a count of ids without reading rows, and is healthy with a count', async () => {
    const {client, sent} = await clientAnswering(() =>
      rest(206, undefined, {'content-range': '0-0/3'}),
    );
    await expect(checkConnection(client)).resolves.toBe(true);
    expect(sent).toEqual([
      {
        method: 'HEAD',
        path: '/rest/v1/waitlist_emails?select=id&limit=1',
        prefer: 'count=exact',
        body: undefined,
      },
    ]);
  });

  it.each([
    ['a HEAD answered with no count', () => new Response(null, {status: 204})],
    ['a proxy error', () => new Response(null, {status: 502})],
  ])('is unhealthy after %s', async (_what, answer) => {
    const {client} = await clientAnswering(answer);
    await expect(checkConnection(client)).resolves.toBe(false);
  });
});
