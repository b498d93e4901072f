import {fetchWithTimeout} from '../../src/lib/supabase';
import {
  BODY_TIMEOUT_S,
  MAX_BODY_BYTES,
  projectOrigin,
  proxyWaitlistRequest,
  WAITLIST_PATH,
} from '../../contracts/waitlist-proxy';

const SITE = 'https://gotchalabs.app';
const securityHeaders = new Headers({
  'Content-Security-Policy': "default-src 'self'",
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'public, max-age=0, must-revalidate',
});

/** A request whose body is a stream (fetch requires saying so; TypeScript's DOM types lack it). */
const streamed = (init: RequestInit): RequestInit => ({...init, duplex: 'half'}) as RequestInit;

/** A project that records what it was sent and answers with a cookie and its own CSP. */
function project() {
  const sent: {url: string; init: RequestInit}[] = [];
  const send = ((url: string, init: RequestInit) => {
    sent.push({url, init});
    return Promise.resolve(
      new Response('[{"id":1}]', {
        status: 201,
        headers: {
          'set-cookie': 'a=b',
          'content-security-policy': 'none',
          'content-range': '*/*',
          'sb-gateway-version': '1',
          'x-new-gateway-header': 'internal',
        },
      }),
    );
  }) as typeof fetch;
  return {sent, send};
}

describe('the Cloudflare Pages Function’s proxy', () => {
  it('sends only apikey, Authorization, Content-Type and Prefer on, with the body and query', async () => {
    const {sent, send} = project();
    const request = new Request(`${SITE}${WAITLIST_PATH}?select=id`, {
      method: 'POST',
      headers: {
        apikey: 'key',
        authorization: 'Bearer key',
        'content-type': 'application/json',
        prefer: 'return=representation',
        cookie: 'visitor=1',
        'x-forwarded-for': '203.0.113.7',
      },
      body: '{"email":"ada@example.com"}',
    });
    const answer = await proxyWaitlistRequest(request, {
      projectUrl: 'https://ref.supabase.co/',
      securityHeaders,
      fetch: send,
    });
    expect(sent[0]?.url).toBe(`https://ref.supabase.co${WAITLIST_PATH}?select=id`);
    const names: string[] = [];
    new Headers(sent[0]?.init.headers).forEach((_value, name) => names.push(name));
    expect(names.sort()).toEqual(['apikey', 'authorization', 'content-type', 'prefer']);
    expect(new TextDecoder().decode(sent[0]?.init.body as ArrayBuffer)).toBe(
      '{"email":"ada@example.com"}',
    );
    expect(answer.status).toBe(201);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'");
    expect(answer.headers.get('content-range')).toBe('*/*');
    expect(answer.headers.get('cache-control')).toBeNull();
  });

  it('names the visitor from CF-Connecting-IP with the secret once it is set, whatever the visitor sent', async () => {
    const {sent, send} = project();
    const secret = 'pages-proxy-secret-0123456789abcdef0123';
    const signUp = () =>
      new Request(`${SITE}${WAITLIST_PATH}?select=id`, {
        method: 'POST',
        headers: {
          apikey: 'key',
          'cf-connecting-ip': '198.51.100.9',
          'x-waitlist-visitor': '203.0.113.1',
          'x-waitlist-proxy-secret': 'chosen-by-the-visitor',
        },
        body: '{"email":"ada@example.com"}',
      });
    const projectUrl = 'https://ref.supabase.co';
    await proxyWaitlistRequest(signUp(), {projectUrl, securityHeaders, fetch: send});
    await proxyWaitlistRequest(signUp(), {
      projectUrl,
      securityHeaders,
      proxySecret: secret,
      fetch: send,
    });
    const [without, withSecret] = sent.map(({init}) => new Headers(init.headers));
    expect([without?.get('x-waitlist-visitor'), without?.get('x-waitlist-proxy-secret')]).toEqual([
      null,
      null,
    ]);
    expect([
      withSecret?.get('x-waitlist-visitor'),
      withSecret?.get('x-waitlist-proxy-secret'),
    ]).toEqual(['198.51.100.9', secret]);
  });

  it('answers 503, saying why, when WAITLIST_PROXY_SECRET is not a secret the database takes', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const {sent, send} = project();
    const answer = await proxyWaitlistRequest(new Request(SITE + WAITLIST_PATH, {method: 'HEAD'}), {
      projectUrl: 'https://ref.supabase.co',
      securityHeaders,
      proxySecret: 'too short',
      fetch: send,
    });
    expect(answer.status).toBe(503);
    expect(error).toHaveBeenCalledWith(
      expect.stringMatching(/WAITLIST_PROXY_SECRET must be 32 to 256 letters, digits, - or _/),
    );
    expect(sent).toEqual([]);
    error.mockRestore();
  });

  it('passes back only the listed answer headers, whatever else the project sends', async () => {
    const {send} = project();
    const answer = await proxyWaitlistRequest(
      new Request(`${SITE}${WAITLIST_PATH}?select=id`, {method: 'HEAD'}),
      {projectUrl: 'https://ref.supabase.co', securityHeaders, fetch: send},
    );
    const names: string[] = [];
    answer.headers.forEach((_value, name) => names.push(name));
    expect(names.sort()).toEqual([
      'content-range',
      'content-security-policy',
      'content-type',
      'x-frame-options',
    ]);
  });

  it('sends on no header the visitor left out or left empty', async () => {
    const {sent, send} = project();
    await proxyWaitlistRequest(
      new Request(SITE + WAITLIST_PATH, {
        method: 'OPTIONS',
        headers: {apikey: '', 'access-control-request-method': 'POST'},
      }),
      {projectUrl: 'https://ref.supabase.co', securityHeaders, fetch: send},
    );
    expect([...new Headers(sent[0]?.init.headers).keys()]).toEqual([]);
  });

  it.each([
    ['declared', {'content-length': String(MAX_BODY_BYTES + 1)}],
    ['found while read', {}],
  ])(
    'refuses a body over the limit with 413, %s, without calling the project',
    async (_how, headers) => {
      const {sent, send} = project();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new Uint8Array(MAX_BODY_BYTES));
          controller.enqueue(new Uint8Array(1));
          controller.close();
        },
      });
      const answer = await proxyWaitlistRequest(
        new Request(SITE + WAITLIST_PATH, streamed({method: 'POST', headers, body})),
        {projectUrl: 'https://ref.supabase.co', securityHeaders, fetch: send},
      );
      expect(answer.status).toBe(413);
      expect(answer.headers.get('x-frame-options')).toBe('DENY');
      expect(sent).toEqual([]);
    },
  );

  it('answers a body not complete within the limit with 408, without calling the project', async () => {
    jest.useFakeTimers();
    try {
      const {sent, send} = project();
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"email":'));
        },
      });
      const pending = proxyWaitlistRequest(
        new Request(SITE + WAITLIST_PATH, streamed({method: 'POST', body})),
        {projectUrl: 'https://ref.supabase.co', securityHeaders, fetch: send},
      );
      let answered = false;
      void pending.then(() => (answered = true));
      await jest.advanceTimersByTimeAsync(BODY_TIMEOUT_S * 1000 - 1);
      expect({answered, sent}).toEqual({answered: false, sent: []});
      await jest.advanceTimersByTimeAsync(1);
      const answer = await pending;
      expect(answer.status).toBe(408);
      expect(answer.headers.get('content-security-policy')).toBe("default-src 'self'");
      expect(sent).toEqual([]);
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['DELETE', WAITLIST_PATH, 405],
    ['GET', '/rest/v1/other_table', 404],
  ])('refuses %s %s with %i without calling the project', async (method, urlPath, status) => {
    const {sent, send} = project();
    const answer = await proxyWaitlistRequest(new Request(SITE + urlPath, {method}), {
      projectUrl: 'https://ref.supabase.co',
      securityHeaders,
      fetch: send,
    });
    expect(answer.status).toBe(status);
    expect(answer.headers.get('x-frame-options')).toBe('DENY');
    expect(sent).toEqual([]);
  });

  it('answers 503 when SUPABASE_URL is not set, and 502 when the project cannot be reached', async () => {
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const request = () => new Request(SITE + WAITLIST_PATH, {method: 'HEAD'});
    const unset = await proxyWaitlistRequest(request(), {projectUrl: undefined, securityHeaders});
    expect(unset.status).toBe(503);
    expect(error).toHaveBeenCalledWith(expect.stringMatching(/SUPABASE_URL is not set/));
    const refused = await proxyWaitlistRequest(
      new Request(SITE + WAITLIST_PATH, {method: 'POST', body: '{"email":"ada@example.com"}'}),
      {
        projectUrl: 'https://ref.supabase.co',
        securityHeaders,
        fetch: () =>
          Promise.reject(
            new TypeError('fetch failed', {
              cause: Object.assign(new Error(), {code: 'ECONNREFUSED'}),
            }),
          ),
      },
    );
    expect(refused.status).toBe(502);
    // The failure leaves a line saying what failed, and nothing of what the visitor sent.
    expect(error).toHaveBeenLastCalledWith(
      'Waitlist proxy: the project did not answer: TypeError: fetch failed (ECONNREFUSED)',
    );
    error.mockRestore();
  });
});

describe('the Supabase project URL of a deploy', () => {
  it('takes an origin, with or without a trailing slash', () => {
    expect(projectOrigin(' https://ref.supabase.co/ ', 'SUPABASE_URL')).toBe(
      'https://ref.supabase.co',
    );
  });

  it.each([
    ['', /is not set/],
    ['ref.supabase.co', /is not a URL/],
    ['https://ref.supabase.co/rest/v1', /must be an origin/],
    ['ftp://ref.supabase.co', /must be an origin/],
  ])('refuses %p, saying why', (value, message) => {
    expect(() => projectOrigin(value, 'SUPABASE_URL')).toThrow(message);
  });
});

describe('each waitlist call’s time limit', () => {
  afterEach(() => {
    jest.useRealTimers();
  });

  it('gives up on a call that gets no answer within the limit', async () => {
    jest.useFakeTimers();
    const pending = jest.spyOn(globalThis, 'fetch').mockImplementation(
      (_input, init) =>
        new Promise((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () =>
            reject(new Error((init.signal?.reason as DOMException).message)),
          );
        }),
    );
    const call = fetchWithTimeout(10_000)('https://gotchalabs.app/rest/v1/waitlist_emails');
    const outcome = expect(call).rejects.toThrow('No answer within 10000 ms');
    jest.advanceTimersByTime(9_999);
    await Promise.resolve();
    jest.advanceTimersByTime(1);
    await outcome;
    pending.mockRestore();
  });

  it('passes an answer in time through, and leaves no timer behind', async () => {
    jest.useFakeTimers();
    const answered = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('[]', {status: 201}));
    const answer = await fetchWithTimeout(10_000)('https://gotchalabs.app/');
    expect(answer.status).toBe(201);
    expect(jest.getTimerCount()).toBe(0);
    answered.mockRestore();
  });
});
