/**
 * A local stand-in for the two Supabase REST calls the waitlist form makes, answered as hosted
 * Supabase (its gateway, then PostgREST) answers them:
 *   HEAD /rest/v1/waitlist_emails?select=id&limit=1, Prefer: count=exact → 200/206, Content-Range
 *   POST /rest/v1/waitlist_emails?select=id, {"email": …}, Prefer: return=representation → 201
 * Every other method, path, parameter or body shape gets one PostgREST-style error without
 * touching the database. Statements run as role `anon` in a transaction, so the migration's
 * grants, row level security and checks, not this file, decide what a visitor may do.
 */
import {createHash, timingSafeEqual} from 'node:crypto';
import type {FastifyPluginCallback, FastifyReply, FastifyRequest} from 'fastify';
import {PROXY_SECRET_HEADER, VISITOR_HEADER} from '../../contracts/waitlist-proxy';
import {WAITLIST_TABLE} from '../../contracts/waitlist';
import {DatabaseUnavailableError, type SqlParameter, type WaitlistDatabase} from './database';
import {createVisitorBudgets, type Taken, type VisitorBudgets} from './visitor-budgets';

export interface WaitlistRestApiOptions {
  database: WaitlistDatabase;
  anonKey: string;
  /**
   * Rows a visitor may add per minute; 0 lifts the limit. One request adds one row; only
   * accepted sign-ups count (a duplicate, an invalid address or a refusal gives its count back).
   */
  writesPerMinute: number;
  /** Reads (HEAD, GET) per visitor per minute; 0 lifts the limit. */
  readsPerMinute: number;
  /** Visitors each limit remembers at once (MAX_VISITORS); the oldest is forgotten for a new one. */
  maxVisitors?: number;
  /**
   * WAITLIST_PROXY_SECRET: with it, X-Waitlist-Visitor names the visitor of a request whose
   * X-Waitlist-Proxy-Secret matches, as the hosted limiter trusts it (see the migrations).
   */
  proxySecret?: string;
}

/** Hosted Supabase's default `max-rows`: no read returns more, whatever `limit` asks. */
const MAX_ROWS = 1000;
/** PostgREST's list: without Content-Range exposed, browsers never see a count. */
const EXPOSED_HEADERS =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit';
const JSON_TYPE = 'application/json; charset=utf-8';
const METHODS = ['OPTIONS', 'HEAD', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE'];
const CONTRACT =
  'HEAD or GET ?select=id&limit=1 (Prefer: count=exact), or POST ?select=id with one {"email": "<address>"} object';
const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;

type ErrorBody = Record<string, string | null>;

class RestError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
    // Every 401 carries a Bearer challenge, as PostgREST and the Supabase gateway send it.
    readonly headers: Record<string, string> = status === 401 ? {'www-authenticate': 'Bearer'} : {},
  ) {
    super(body.message ?? `HTTP ${status}`);
  }
}

const postgrestError = (
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): RestError => new RestError(status, {code, details, hint, message});

/** The one answer for anything the site never sends. */
const outsideContract = (what: string): RestError =>
  postgrestError(
    400,
    'PGRST100',
    'The waitlist answers only the calls its form makes',
    what,
    CONTRACT,
  );

const invalidJson = (): RestError => postgrestError(400, 'PGRST102', 'Empty or invalid json');

/** PostgREST's SQLSTATE → HTTP status (`pgErrorStatus`), for a request run as the anon role. */
function statusForSqlState(code: string): number {
  if (code === '23505' || code === '23503') return 409;
  // Permission errors are 401 for the anon role (403 only once signed in).
  if (code === '42501') return 401;
  if (code === '42P01' || code === '42883') return 404;
  if (code === 'P0001') return 400;
  if (code === '53400') return 500;
  if (code === '57P01' || /^(08|53)/.test(code)) return 503;
  if (/^(0L|0P|28)/.test(code)) return 403;
  if (/^PT\d{3}$/.test(code)) return Number(code.slice(2));
  if (code === '21000' || /^(09|25|2D|38|39|3B|40|54|55|57|58|F0|HV|P0|XX)/.test(code)) return 500;
  return 400;
}

type PostgresError = Error & {code: string; detail?: string; hint?: string};

function isPostgresError(error: unknown): error is PostgresError {
  const {code, severity} = error as {code?: unknown; severity?: unknown};
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

const sha256 = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Who a request counts against, as `limit_sign_ups()` decides it on hosted Supabase: the visitor
 * the proxy names when it sends the secret, else the caller's own address (Fastify's, from
 * X-Forwarded-For of TRUST_PROXY's proxies only). A sign-up with a wrong secret is refused.
 */
function visitorOf(request: FastifyRequest, proxySecret: string | undefined): string {
  const presented = headerValue(request.headers[PROXY_SECRET_HEADER.toLowerCase()]) ?? '';
  if (presented === '') return request.ip;
  // Hashes of equal length, compared in constant time: a guess learns nothing from the timing.
  const matches =
    proxySecret !== undefined && timingSafeEqual(sha256(presented), sha256(proxySecret));
  if (!matches) {
    if (request.method !== 'POST') return request.ip;
    throw postgrestError(
      403,
      'PT403',
      "The waitlist proxy's secret does not match the database's",
      null,
      'Set the same secret on the proxy and with waitlist_private.set_proxy_secret()',
    );
  }
  const visitor = headerValue(request.headers[VISITOR_HEADER.toLowerCase()])?.trim() ?? '';
  return visitor === '' ? request.ip : visitor;
}

function rawQueryOf(request: FastifyRequest): string {
  const question = request.url.indexOf('?');
  return question < 0 ? '' : request.url.slice(question + 1);
}

/** The hosted gateway's key check, then PostgREST's: the bearer token must be the key itself. */
function authenticate(request: FastifyRequest, anonKey: string): void {
  const apiKey =
    headerValue(request.headers.apikey) ??
    new URLSearchParams(rawQueryOf(request)).get('apikey') ??
    '';
  const [message, hint] =
    apiKey === ''
      ? ['No API key found in request', 'No `apikey` request header or url param was found.']
      : ['Invalid API key', 'Double check your Supabase `anon` or `service_role` API key.'];
  if (apiKey !== anonKey) throw new RestError(401, {message, hint});
  const bearer = /^bearer\s+(.*)$/i.exec(headerValue(request.headers.authorization)?.trim() ?? '');
  if (!bearer || bearer[1] === apiKey) return;
  const parts = (bearer[1] ?? '').split('.').length;
  // A three-part token would be a JWT; the stand-in holds no secret to verify one.
  const jwtError =
    parts === 3 ? 'No suitable key or wrong key type' : `Expected 3 parts in JWT; got ${parts}`;
  const challenge = `Bearer error="invalid_token", error_description=${JSON.stringify(jwtError)}`;
  const body = {code: 'PGRST301', details: null, hint: null, message: jwtError};
  throw new RestError(401, body, {'www-authenticate': challenge});
}

interface Query {
  /** Quoted column names; `*` for every column. */
  columns: string[];
  limit: number;
  counted: boolean;
  representation: boolean;
}

/** The parameters and preferences of the two calls; anything else is refused, never guessed. */
function parseQuery(request: FastifyRequest, allowed: readonly string[]): Query {
  const parameters = new URLSearchParams(rawQueryOf(request));
  for (const key of parameters.keys()) {
    if (key !== 'apikey' && !allowed.includes(key)) {
      throw outsideContract(`Unsupported query parameter: ${key}`);
    }
  }
  const select = parameters.get('select') ?? '*';
  const columns = select.split(',').map((item) => item.trim());
  if (columns.some((column) => column !== '*' && !IDENTIFIER.test(column))) {
    throw outsideContract(`Unsupported select: ${select}`);
  }
  const limitText = parameters.get('limit');
  if (limitText !== null && !/^\d{1,9}$/.test(limitText)) {
    throw outsideContract(`Unsupported limit: ${limitText}`);
  }
  const preferences = (headerValue(request.headers.prefer) ?? '')
    .split(',')
    .map((preference) => preference.trim());
  return {
    columns: columns.map((column) => (column === '*' ? '*' : `"${column}"`)),
    limit: Math.min(limitText === null ? MAX_ROWS : Number(limitText), MAX_ROWS),
    counted: preferences.includes('count=exact'),
    representation: preferences.includes('return=representation'),
  };
}

/** The address from a body the form would send: one object whose only key is `email`. */
function emailOf(body: unknown): SqlParameter {
  if (typeof body !== 'string' || body.trim() === '') throw invalidJson();
  let payload: unknown;
  try {
    payload = JSON.parse(body);
  } catch {
    throw invalidJson();
  }
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
    throw outsideContract(`A body of ${Array.isArray(payload) ? 'an array' : typeof payload}`);
  }
  for (const key of Object.keys(payload)) {
    if (key === 'email') continue;
    if (['id', 'created_at'].includes(key)) throw outsideContract(`The column ${key}`);
    throw postgrestError(
      400,
      'PGRST204',
      `Could not find the '${key}' column of '${WAITLIST_TABLE}' in the schema cache`,
    );
  }
  const email: unknown = (payload as {email?: unknown}).email;
  // A missing or null address reaches the database, whose NOT NULL answers it (23502).
  if (email === undefined || email === null) return null;
  if (typeof email !== 'string') {
    throw outsideContract(`An e-mail given as ${Array.isArray(email) ? 'an array' : typeof email}`);
  }
  return email;
}

/** What a visitor sees of a failure on our side; the log has the rest. */
const serverError = (status: number, code: string): RestError =>
  postgrestError(status, code, 'Internal server error', null, 'The server logged it.');

function toRestError(error: unknown): RestError {
  if (error instanceof RestError) return error;
  if (error instanceof DatabaseUnavailableError) {
    // PostgREST's answer for a lost connection, without the driver's text (hosts, ports).
    return postgrestError(503, 'PGRST001', 'Database client error. Retrying the connection.');
  }
  if (isPostgresError(error)) {
    const status = statusForSqlState(error.code);
    // The database's own text for a failure on its side can name processes, transactions and
    // statements (a deadlock's does): the visitor gets the SQLSTATE only.
    if (status >= 500) return serverError(status, error.code);
    const {detail = null, hint = null} = error;
    return postgrestError(status, error.code, error.message, detail, hint);
  }
  const {code} = error as {code?: unknown};
  if (code === 'FST_ERR_CTP_BODY_TOO_LARGE')
    return new RestError(413, {message: 'Payload Too Large'});
  if (typeof code === 'string' && code.startsWith('FST_ERR_CTP_')) return invalidJson();
  return serverError(500, 'XX000');
}

/**
 * A failure's log line: its code and message only. The error object itself would carry more:
 * PGlite attaches the statement's parameters (a visitor's address) and node-postgres the row.
 */
function logLine(status: number, error: unknown): string {
  const {code} = error as {code?: unknown};
  const message = error instanceof Error ? error.message : String(error);
  return `waitlist: answered ${status}: ${typeof code === 'string' ? `${code} ` : ''}${message}`;
}

function contentRange(rows: number, total: number | undefined): string {
  return `${rows > 0 ? `0-${rows - 1}` : '*'}/${total ?? '*'}`;
}

export const waitlistRestApi: FastifyPluginCallback<WaitlistRestApiOptions> = (
  instance,
  {database, anonKey, writesPerMinute, readsPerMinute, maxVisitors, proxySecret},
  registered,
) => {
  const table = `public.${WAITLIST_TABLE}`;

  // Raw bodies, judged below, so bad JSON gets PGRST102 rather than Fastify's error body. The
  // app's bodyLimit still caps what is read.
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', {parseAs: 'string'}, (_request, body, done) => {
    done(null, body);
  });

  const budgets = (max: number) =>
    max > 0 ? createVisitorBudgets(max, Date.now, maxVisitors) : undefined;
  const reads = budgets(readsPerMinute);
  const writes = budgets(writesPerMinute);
  instance.addHook('onClose', (_instance, done) => {
    reads?.stop();
    writes?.stop();
    done();
  });
  /** Who each sign-up counts against, until its body is found well-formed and it is counted. */
  const signUpVisitors = new WeakMap<FastifyRequest, string>();
  /** The sign-up count each request took, given back unless its row was added. */
  const takenWrites = new WeakMap<FastifyRequest, Taken & {allowed: true}>();
  const giveBack = (request: FastifyRequest) => {
    takenWrites.get(request)?.release();
    takenWrites.delete(request);
  };

  /** One more request of `visitor`'s budget; throws the 429 when it is spent. */
  const spend = (budget: VisitorBudgets, visitor: string, isRead: boolean) => {
    const taken = budget.take(visitor);
    if (taken.allowed) return taken;
    const max = isRead ? readsPerMinute : writesPerMinute;
    const message = `Too many waitlist ${isRead ? 'reads' : 'sign-ups'} from this address (at most ${max} a minute). Try again in ${taken.retryAfterSeconds} seconds.`;
    // Supabase Auth's code for it: PostgREST itself has no rate limit.
    const body = {code: 'over_request_rate_limit', details: null, hint: null, message};
    throw new RestError(429, body, {'retry-after': String(taken.retryAfterSeconds)});
  };

  /**
   * Counts a sign-up whose body is well-formed, as the hosted limiter, which PostgREST runs only
   * after it has parsed the body: a malformed one spends nobody's budget and takes no place.
   */
  const countSignUp = (request: FastifyRequest) => {
    const visitor = signUpVisitors.get(request);
    if (writes && visitor !== undefined) takenWrites.set(request, spend(writes, visitor, false));
  };

  /** CORS headers, the key, then a read's budget; throws the answer for a refusal. */
  const admit = (request: FastifyRequest, reply: FastifyReply): void => {
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') return;
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    // The key first: a request without it never reaches a budget, as at the gateway.
    authenticate(request, anonKey);
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    // Before any budget: a wrong secret is refused even where the limit is lifted.
    const visitor = visitorOf(request, proxySecret);
    if (isRead && reads) spend(reads, visitor, true);
    if (request.method === 'POST') signUpVisitors.set(request, visitor);
  };
  instance.addHook('onRequest', (request, reply, done) => {
    try {
      admit(request, reply);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
  // Only an added row keeps its count (insert() forgets it then): every other answer, including
  // one that never reached the handler (a body too large, a client gone), gives it back.
  instance.addHook('onResponse', (request, _reply, done) => {
    giveBack(request);
    done();
  });

  instance.setErrorHandler(async (error: unknown, request, reply) => {
    giveBack(request);
    const {code} = error as {code?: unknown};
    if (code === 'ECONNRESET' || request.raw.socket.destroyed) {
      // The client hung up before its body arrived: nobody to answer, nothing wrong here.
      request.log.info('waitlist REST stand-in: the client closed the connection mid-request');
      return reply.code(400).send();
    }
    const restError = toRestError(error);
    if (restError.status >= 500) request.log.error(logLine(restError.status, error));
    reply
      .code(restError.status)
      .headers(restError.headers)
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', EXPOSED_HEADERS)
      .header('content-type', JSON_TYPE);
    // A HEAD error keeps its status and headers; HTTP forbids its body.
    return reply.send(request.method === 'HEAD' ? undefined : JSON.stringify(restError.body));
  });

  /** A browser's CORS preflight, as PostgREST answers it (preflights carry no apikey). */
  function answerPreflight(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const requestedHeaders = headerValue(request.headers['access-control-request-headers']);
    if (request.headers['access-control-request-method'] !== undefined) {
      reply
        .header('access-control-allow-methods', 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD')
        .header('access-control-max-age', '86400');
      if (requestedHeaders) reply.header('access-control-allow-headers', requestedHeaders);
    }
    return reply.code(200).send();
  }

  /** The connection test: a count, and at most MAX_ROWS ids (or whatever the grants allow). */
  async function read(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const query = parseQuery(request, ['select', 'limit']);
    const total = query.counted ? `(select pg_catalog.count(*) from ${table})::text` : 'null';
    const body =
      request.method === 'HEAD' ? `'[]'` : `coalesce(pg_catalog.json_agg(page), '[]')::text`;
    const [result] = await database.asAnon((session) =>
      session.query<{total: string | null; rows: string; body: string}>(
        `select ${total} as total, pg_catalog.count(page)::text as rows, ${body} as body ` +
          `from (select ${query.columns.join(', ')} from ${table} limit $1) page`,
        [String(query.limit)],
      ),
    );
    if (!result) throw new Error('The read statement returned no row');
    const rows = Number(result.rows);
    const count = result.total === null ? undefined : Number(result.total);
    const rawQuery = rawQueryOf(request);
    reply
      .code(count !== undefined && rows < count ? 206 : 200)
      .header('content-type', JSON_TYPE)
      .header('content-range', contentRange(rows, count))
      .header('content-location', `/${WAITLIST_TABLE}${rawQuery ? `?${rawQuery}` : ''}`);
    if (query.counted) reply.header('preference-applied', 'count=exact');
    return reply.send(request.method === 'HEAD' ? undefined : result.body);
  }

  /** A sign-up: one row, and its id back when asked (PostgREST adds the primary key). */
  async function insert(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
    const query = parseQuery(request, ['select']);
    const email = emailOf(request.body);
    countSignUp(request);
    const returned = query.columns.includes('*') ? ['*'] : [...new Set(['"id"', ...query.columns])];
    const statement = `insert into ${table} (email) values ($1)`;
    const [result] = await database.asAnon((session) =>
      query.representation
        ? session.query<{body: string}>(
            `with inserted as (${statement} returning ${returned.join(', ')}) ` +
              `select coalesce(pg_catalog.json_agg(inserted), '[]')::text as body from inserted`,
            [email],
          )
        : session.query<{body: string}>(statement, [email]),
    );
    // Committed: this sign-up keeps its count.
    takenWrites.delete(request);
    reply.code(201).header('content-range', query.counted ? '*/1' : '*/*');
    const applied = [
      query.representation && 'return=representation',
      query.counted && 'count=exact',
    ];
    if (applied.some(Boolean))
      reply.header('preference-applied', applied.filter(Boolean).join(', '));
    if (!query.representation) return reply.send();
    return reply.header('content-type', JSON_TYPE).send(result?.body ?? '[]');
  }

  instance.route<{Params: {'*': string}}>({
    method: METHODS,
    url: '/*',
    handler: async (request, reply) => {
      const {method} = request;
      if (method === 'OPTIONS') return answerPreflight(request, reply);
      const name = request.params['*'];
      if (name === '' || name.includes('/')) {
        // PostgREST's answer for `/rest/v1/` itself (its OpenAPI document) and deeper paths.
        throw postgrestError(404, 'PGRST125', 'Invalid path specified in request URL');
      }
      if (name !== WAITLIST_TABLE) {
        const message = `Could not find the table 'public.${name}' in the schema cache`;
        throw postgrestError(404, 'PGRST205', message);
      }
      const isRead = method === 'GET' || method === 'HEAD';
      if (!isRead && method !== 'POST') {
        throw postgrestError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
      }
      const profile = request.headers[isRead ? 'accept-profile' : 'content-profile'];
      if (profile && profile !== 'public') throw outsideContract(`The schema ${String(profile)}`);
      return isRead ? read(request, reply) : insert(request, reply);
    },
  });
  registered();
};
