/**
 * A local stand-in for Supabase's REST API (the gateway + PostgREST) at `/rest/v1/:table`.
 * It answers the calls supabase-js makes with the statuses, headers and bodies hosted Supabase
 * sends, and runs every statement as role `anon` in a transaction, so the migration's grants and
 * row level security, not this file, decide what a visitor may read or write.
 */
import rateLimit from '@fastify/rate-limit';
import type {FastifyError, FastifyPluginAsync, FastifyReply, FastifyRequest} from 'fastify';
import type {SqlParameter, TableDescription, WaitlistDatabase} from './database';
import {
  columnDoesNotExist,
  columnNotInSchemaCache,
  databaseUnavailable,
  fromPostgresError,
  gatewayErrors,
  internalError,
  invalidJwt,
  isPostgresError,
  payloadTooLarge,
  postgrestError,
  RestError,
} from './postgrest-errors';
import {
  IS_VALUES,
  parseAccept,
  parseJsonPayload,
  parsePreferences,
  parseQueryParameters,
  type Filter,
  type JsonPayload,
  type Preferences,
  type QueryParameters,
  type ResponseFormat,
  type SelectItem,
} from './postgrest-request';

export interface WaitlistRestApiOptions {
  database: WaitlistDatabase;
  anonKey: string;
  /** Writes (POST, PATCH, PUT, DELETE) allowed per client address per minute; 0 = no limit. */
  writesPerMinute: number;
}

/** Supabase's default exposed schemas (`db-schemas`). */
const EXPOSED_SCHEMAS = ['public', 'graphql_public'];
const ALLOWED_METHODS = 'GET, POST, PATCH, PUT, DELETE, OPTIONS, HEAD';
/** PostgREST's list: without Content-Range exposed, browsers never see a count. */
const EXPOSED_HEADERS =
  'Content-Encoding, Content-Location, Content-Range, Content-Type, Date, Location, Server, Transfer-Encoding, Range-Unit';
const JSON_TYPE = 'application/json; charset=utf-8';
const OBJECT_TYPE = 'application/vnd.pgrst.object+json; charset=utf-8';
const WRITE_METHODS: ReadonlySet<string> = new Set(['POST', 'PATCH', 'PUT', 'DELETE']);
const ROUTE_METHODS = ['OPTIONS', 'HEAD', 'GET', 'POST', 'PATCH', 'PUT', 'DELETE'];

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

function rawQueryOf(request: FastifyRequest): string {
  const question = request.url.indexOf('?');
  return question < 0 ? '' : request.url.slice(question + 1);
}

/** The hosted gateway's key check, then PostgREST's JWT check, mapped to a database role. */
function authenticate(request: FastifyRequest, anonKey: string): void {
  const apiKey =
    headerValue(request.headers.apikey) ??
    new URLSearchParams(rawQueryOf(request)).get('apikey') ??
    '';
  if (apiKey === '') throw gatewayErrors.missingApiKey();
  if (apiKey !== anonKey) throw gatewayErrors.invalidApiKey();
  const authorization = headerValue(request.headers.authorization);
  const bearer =
    authorization === undefined ? undefined : /^bearer\s+(.*)$/i.exec(authorization.trim());
  // No bearer token (or another scheme): PostgREST runs the request as the anon role.
  if (!bearer) return;
  const token = bearer[1] ?? '';
  if (token === apiKey) return;
  const parts = token.split('.').length;
  // A three-part token would be a JWT; the stand-in holds no secret to verify one.
  throw invalidJwt(
    parts === 3 ? 'No suitable key or wrong key type' : `Expected 3 parts in JWT; got ${parts}`,
  );
}

function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** Levenshtein distance, for PostgREST's "Perhaps you meant the table …" hint. */
function editDistance(a: string, b: string): number {
  let previous = Array.from({length: b.length + 1}, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution);
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/** Read from the catalog once at start, like PostgREST's schema cache: a restart reloads it. */
class SchemaCache {
  readonly #tables: readonly TableDescription[];

  constructor(tables: readonly TableDescription[]) {
    this.#tables = tables;
  }

  find(schema: string, name: string): TableDescription {
    const table = this.#tables.find((entry) => entry.schema === schema && entry.name === name);
    if (table) return table;
    const candidates = this.#tables
      .filter((entry) => entry.schema === schema)
      .map((entry) => ({name: entry.name, distance: editDistance(entry.name, name)}))
      .filter((entry) => entry.distance <= 3)
      .sort((a, b) => a.distance - b.distance);
    const closest = candidates[0];
    throw postgrestError(
      404,
      'PGRST205',
      `Could not find the table '${schema}.${name}' in the schema cache`,
      null,
      closest ? `Perhaps you meant the table '${schema}.${closest.name}'` : null,
    );
  }
}

/** Numbered statement parameters; values never enter the SQL text. */
class Parameters {
  readonly values: SqlParameter[] = [];

  add(value: SqlParameter): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

const COMPARISON_SQL: Readonly<Record<string, string>> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
};

/** SQL for one table, built only from names found in its catalog entry. */
class TableSql {
  readonly table: TableDescription;
  readonly reference: string;

  constructor(table: TableDescription) {
    this.table = table;
    this.reference = `${quoteIdentifier(table.schema)}.${quoteIdentifier(table.name)}`;
  }

  /** A column read or filtered on: Postgres' own 42703 when unknown. */
  column(name: string): string {
    if (!this.table.columns.includes(name)) throw columnDoesNotExist(this.table.name, name);
    return `${this.reference}.${quoteIdentifier(name)}`;
  }

  /** A column written to: PostgREST's PGRST204 when unknown. */
  target(name: string): string {
    if (!this.table.columns.includes(name)) throw columnNotInSchemaCache(this.table.name, name);
    return quoteIdentifier(name);
  }

  where(filters: readonly Filter[], parameters: Parameters): string {
    if (filters.length === 0) return '';
    const conditions = filters.map((filter) => {
      const column = this.column(filter.column);
      let condition: string;
      if (filter.operator === 'is') {
        condition = `${column} is ${IS_VALUES[filter.value.toLowerCase()] ?? 'null'}`;
      } else {
        const value =
          filter.operator === 'like' || filter.operator === 'ilike'
            ? filter.value.replaceAll('*', '%')
            : filter.value;
        condition = `${column} ${COMPARISON_SQL[filter.operator] ?? '='} ${parameters.add(value)}`;
      }
      return filter.negated ? `not (${condition})` : condition;
    });
    return ` where ${conditions.join(' and ')}`;
  }

  /** The select list over `source` (the table itself, or a CTE of returned rows). */
  selectList(items: readonly SelectItem[], source: string): string {
    return items
      .map((item) => {
        if (item.kind === 'all') return `${source}.*`;
        this.column(item.column);
        return `${source}.${quoteIdentifier(item.column)} as ${quoteIdentifier(item.alias)}`;
      })
      .join(', ');
  }

  /** PostgREST returns the selected columns plus the primary key, or `1` for return=minimal. */
  returning(query: QueryParameters, representation: boolean): string {
    if (!representation) return '1';
    if (query.select.some((item) => item.kind === 'all')) return `${this.reference}.*`;
    const names = new Set<string>();
    for (const item of query.select) if (item.kind === 'column') names.add(item.column);
    for (const name of this.table.primaryKey) names.add(name);
    return [...names].map((name) => this.column(name)).join(', ');
  }
}

type ResultRow = {
  page_total: string;
  total_result_set?: string | null;
  body?: string | null;
  first_row?: string | null;
};

/** Wraps a statement's returned rows in PostgREST's aggregate: a row count and a JSON body. */
function aggregate(source: string, selectList: string, withBody: boolean): string {
  const body = withBody
    ? `, coalesce(pg_catalog.json_agg(_pgrst_t), '[]')::text as body, (pg_catalog.json_agg(_pgrst_t) -> 0)::text as first_row`
    : '';
  return `select pg_catalog.count(_pgrst_t)::text as page_total${body} from (select ${selectList} from ${source}) _pgrst_t`;
}

/** PostgREST's `contentRangeH`. */
function contentRange(offset: number, rows: number, total: number | undefined): string {
  const upper = offset + rows - 1;
  const range = total !== 0 && offset <= upper ? `${offset}-${upper}` : '*';
  return `${range}/${total ?? '*'}`;
}

/** PostgREST's `rangeStatusHeader`: 206 when the page holds fewer rows than the known total. */
function rangeStatus(offset: number, rows: number, total: number | undefined): number {
  if (total === undefined) return 200;
  if (offset > total) return 416;
  return rows < total ? 206 : 200;
}

function preferenceApplied(
  preferences: Preferences,
  counted: boolean,
  includeReturn: boolean,
): string {
  const applied: string[] = [];
  if (includeReturn && preferences.return) applied.push(`return=${preferences.return}`);
  if (counted && preferences.count) applied.push(`count=${preferences.count}`);
  if (preferences.strict) applied.push('handling=strict');
  return applied.join(', ');
}

function singularError(rows: number): RestError {
  return postgrestError(
    406,
    'PGRST116',
    'Cannot coerce the result to a single JSON object',
    `The result contains ${rows} rows`,
  );
}

function sendBody(
  reply: FastifyReply,
  format: ResponseFormat,
  row: ResultRow,
  method: string,
): FastifyReply {
  reply.header('content-type', format === 'object' ? OBJECT_TYPE : JSON_TYPE);
  if (method === 'HEAD') return reply.send();
  return reply.send(format === 'object' ? (row.first_row ?? 'null') : (row.body ?? '[]'));
}

function toRestError(error: unknown, database: WaitlistDatabase): RestError | undefined {
  if (error instanceof RestError) return error;
  if (isPostgresError(error)) return fromPostgresError(error);
  const fastifyError = error as Partial<FastifyError>;
  if (fastifyError.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return payloadTooLarge();
  if (typeof fastifyError.code === 'string' && fastifyError.code.startsWith('FST_ERR_CTP_')) {
    return postgrestError(400, 'PGRST102', 'Empty or invalid json', fastifyError.message ?? null);
  }
  if (
    database.kind === 'postgresql' &&
    error instanceof Error &&
    (/^E[A-Z]+$/.test(String(fastifyError.code)) || /connect|terminat|timeout/i.test(error.message))
  ) {
    return databaseUnavailable(error.message);
  }
  return undefined;
}

export const waitlistRestApi: FastifyPluginAsync<WaitlistRestApiOptions> = async (
  instance,
  options,
) => {
  const {database, anonKey, writesPerMinute} = options;
  const schemaCache = new SchemaCache(await database.describeTables(EXPOSED_SCHEMAS));

  // Read raw bodies here and judge them ourselves, so bad JSON gets PostgREST's PGRST102
  // rather than Fastify's error body. The app's bodyLimit still caps what is read.
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', {parseAs: 'buffer'}, (_request, body, done) => {
    done(null, body);
  });

  let checkWriteRate: ReturnType<typeof instance.createRateLimit> | undefined;
  if (writesPerMinute > 0) {
    await instance.register(rateLimit, {global: false});
    checkWriteRate = instance.createRateLimit({max: writesPerMinute, timeWindow: 60_000});
  }

  instance.addHook('onRequest', async (request, reply) => {
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS') return;
    reply.header('access-control-expose-headers', EXPOSED_HEADERS);
    if (checkWriteRate && WRITE_METHODS.has(request.method)) {
      const limit = await checkWriteRate(request);
      if (!limit.isAllowed && limit.isExceeded) {
        throw new RestError(
          429,
          {
            // Borrowed from Supabase Auth's 429 code: PostgREST itself has no rate limit.
            code: 'over_request_rate_limit',
            details: null,
            hint: null,
            message: `Too many waitlist requests from this address (at most ${limit.max} a minute). Try again in ${limit.ttlInSeconds} seconds.`,
          },
          {'retry-after': String(limit.ttlInSeconds)},
        );
      }
    }
    // Before the body is read: a request without the key never gets further, as at the gateway.
    authenticate(request, anonKey);
  });

  instance.setErrorHandler(async (error: unknown, request, reply) => {
    let restError = toRestError(error, database);
    if (!restError) {
      request.log.error({err: error}, 'waitlist REST stand-in: unexpected error');
      restError = internalError();
    } else if (restError.status >= 500) {
      request.log.error({err: error}, `waitlist REST stand-in: ${restError.message}`);
    }
    reply
      .code(restError.status)
      .headers(restError.headers)
      .header('access-control-allow-origin', '*')
      .header('access-control-expose-headers', EXPOSED_HEADERS)
      .header('content-type', JSON_TYPE);
    // A HEAD error keeps its status and headers; HTTP forbids its body.
    return reply.send(request.method === 'HEAD' ? undefined : JSON.stringify(restError.body));
  });

  function answerOptions(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    const requestedHeaders = headerValue(request.headers['access-control-request-headers']);
    if (request.headers['access-control-request-method'] !== undefined) {
      reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-max-age', '86400');
      if (requestedHeaders) reply.header('access-control-allow-headers', requestedHeaders);
    }
    reply.header('allow', 'OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE');
    return reply.code(200).send();
  }

  function profileFor(request: FastifyRequest, read: boolean): string {
    const header = headerValue(request.headers[read ? 'accept-profile' : 'content-profile']);
    const schema = header === undefined || header === '' ? 'public' : header;
    if (!EXPOSED_SCHEMAS.includes(schema)) {
      throw postgrestError(
        406,
        'PGRST106',
        `The schema must be one of the following: ${EXPOSED_SCHEMAS.join(', ')}`,
      );
    }
    return schema;
  }

  async function read(
    request: FastifyRequest,
    reply: FastifyReply,
    sql: TableSql,
    query: QueryParameters,
    preferences: Preferences,
    format: ResponseFormat,
  ): Promise<FastifyReply> {
    const parameters = new Parameters();
    const where = sql.where(query.filters, parameters);
    const selectList = sql.selectList(query.select, sql.reference);
    const order =
      query.order.length === 0
        ? ''
        : ` order by ${query.order
            .map(
              (term) =>
                `${sql.column(term.column)} ${term.descending ? 'desc' : 'asc'}${term.nulls ? ` nulls ${term.nulls}` : ''}`,
            )
            .join(', ')}`;
    const limit = query.limit === undefined ? '' : ` limit ${parameters.add(String(query.limit))}`;
    const offset = query.offset === 0 ? '' : ` offset ${parameters.add(String(query.offset))}`;
    const counted = preferences.count !== undefined;
    const total = counted
      ? `(select pg_catalog.count(*) from ${sql.reference}${where})::text as total_result_set, `
      : '';
    const text =
      `select ${total}pg_catalog.count(_pgrst_t)::text as page_total, ` +
      `coalesce(pg_catalog.json_agg(_pgrst_t), '[]')::text as body, ` +
      `(pg_catalog.json_agg(_pgrst_t) -> 0)::text as first_row ` +
      `from (select ${selectList} from ${sql.reference}${where}${order}${limit}${offset}) _pgrst_t`;
    const [row] = await database.asAnon((session) =>
      session.query<ResultRow>(text, parameters.values),
    );
    if (!row) throw new Error('The read statement returned no row');
    const rows = Number(row.page_total);
    const totalRows = counted ? Number(row.total_result_set) : undefined;
    const status = rangeStatus(query.offset, rows, totalRows);
    if (status === 416) {
      throw postgrestError(
        416,
        'PGRST103',
        'Requested range not satisfiable',
        `An offset of ${query.offset} was requested, but there are only ${totalRows} rows.`,
      );
    }
    if (format === 'object' && rows !== 1) throw singularError(rows);
    const rawQuery = rawQueryOf(request);
    reply
      .code(status)
      .header('content-range', contentRange(query.offset, rows, totalRows))
      .header('content-location', `/${sql.table.name}${rawQuery ? `?${rawQuery}` : ''}`);
    const applied = preferenceApplied(preferences, counted, false);
    if (applied) reply.header('preference-applied', applied);
    return sendBody(reply, format, row, request.method);
  }

  async function write(
    request: FastifyRequest,
    reply: FastifyReply,
    sql: TableSql,
    query: QueryParameters,
    preferences: Preferences,
    format: ResponseFormat,
  ): Promise<FastifyReply> {
    const method = request.method;
    const representation = preferences.return === 'representation';
    const parameters = new Parameters();
    let statement: string;

    if (method === 'DELETE') {
      const where = sql.where(query.filters, parameters);
      statement = `delete from ${sql.reference}${where} returning ${sql.returning(query, representation)}`;
    } else {
      const payload: JsonPayload = parseJsonPayload(
        headerValue(request.headers['content-type']),
        request.body instanceof Buffer ? request.body : undefined,
      );
      const columns = query.columns ?? payload.keys;
      const targets = columns.map((column) => sql.target(column));
      if (method === 'POST') {
        const body = parameters.add(payload.text);
        const rows = `pg_catalog.json_populate_recordset(null::${sql.reference}, case when pg_catalog.json_typeof(${body}::json) = 'array' then ${body}::json else pg_catalog.json_build_array(${body}::json) end) _pgrst_body`;
        const into = targets.length > 0 ? ` (${targets.join(', ')})` : '';
        const values = targets.map((target) => `_pgrst_body.${target}`).join(', ');
        let conflict = '';
        if (preferences.resolution) {
          const keys = (query.onConflict ?? sql.table.primaryKey).map((column) =>
            sql.target(column),
          );
          const updates = targets.map((target) => `${target} = excluded.${target}`).join(', ');
          conflict =
            preferences.resolution === 'merge-duplicates' && updates !== ''
              ? ` on conflict (${keys.join(', ')}) do update set ${updates}`
              : ` on conflict (${keys.join(', ')}) do nothing`;
        }
        statement = `insert into ${sql.reference}${into} select ${values} from ${rows}${conflict} returning ${sql.returning(query, representation)}`;
      } else if (targets.length === 0) {
        // An empty PATCH changes nothing; PostgREST answers it without touching a row.
        statement = `select ${sql.returning(query, representation)} from ${sql.reference} where false`;
      } else {
        const body = parameters.add(payload.text);
        const where = sql.where(query.filters, parameters);
        const assignments = targets.map((target) => `${target} = _pgrst_body.${target}`).join(', ');
        statement = `update ${sql.reference} set ${assignments} from pg_catalog.json_populate_record(null::${sql.reference}, ${body}::json) _pgrst_body${where} returning ${sql.returning(query, representation)}`;
      }
    }

    if ((method === 'PATCH' || method === 'DELETE') && query.filters.length === 0) {
      // Supabase loads pg-safeupdate for its API roles: no unfiltered UPDATE or DELETE.
      throw postgrestError(
        400,
        '21000',
        `${method === 'PATCH' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`,
      );
    }
    if (
      (method === 'PATCH' || method === 'DELETE') &&
      (query.limit !== undefined || query.offset !== 0 || query.order.length > 0)
    ) {
      throw postgrestError(
        400,
        'PGRST100',
        'The local stand-in does not support limit, offset or order on PATCH or DELETE',
      );
    }

    const selectList = representation
      ? query.select
          .map((item) =>
            item.kind === 'all'
              ? 'pgrst_source.*'
              : `pgrst_source.${quoteIdentifier(item.column)} as ${quoteIdentifier(item.alias)}`,
          )
          .join(', ')
      : '1';
    const text = `with pgrst_source as (${statement}) ${aggregate('pgrst_source', selectList, representation)}`;
    const row = await database.asAnon(async (session) => {
      const [result] = await session.query<ResultRow>(text, parameters.values);
      if (!result) throw new Error('The write statement returned no row');
      // A singular response that is not exactly one row rolls the change back, as in PostgREST.
      if (format === 'object' && representation && Number(result.page_total) !== 1) {
        throw singularError(Number(result.page_total));
      }
      return result;
    });

    const rows = Number(row.page_total);
    const counted = preferences.count !== undefined;
    reply.header(
      'content-range',
      method === 'POST'
        ? contentRange(1, 0, counted ? rows : undefined)
        : contentRange(0, rows, counted ? rows : undefined),
    );
    const applied = preferenceApplied(preferences, counted, true);
    if (applied) reply.header('preference-applied', applied);
    if (!representation) return reply.code(method === 'POST' ? 201 : 204).send();
    reply.code(method === 'POST' ? 201 : 200);
    return sendBody(reply, format, row, method);
  }

  instance.route<{Params: {table: string}}>({
    method: ROUTE_METHODS,
    url: '/:table',
    handler: async (request, reply) => {
      const method = request.method;
      if (method === 'OPTIONS') return answerOptions(request, reply);
      if (method === 'PUT') {
        // PostgREST upserts with PUT; the waitlist never needs it and anon may not update.
        throw postgrestError(405, 'PGRST117', 'Unsupported HTTP method: PUT');
      }
      // `/rest/v1/` itself: PostgREST would serve its OpenAPI document, which the stand-in has not.
      if (request.params.table === '') {
        throw postgrestError(404, 'PGRST125', 'Invalid path specified in request URL');
      }
      const isRead = method === 'GET' || method === 'HEAD';
      const schema = profileFor(request, isRead);
      const sql = new TableSql(schemaCache.find(schema, request.params.table));
      const query = parseQueryParameters(rawQueryOf(request));
      const preferences = parsePreferences(request.headers.prefer);
      const format = parseAccept(headerValue(request.headers.accept));
      return isRead
        ? read(request, reply, sql, query, preferences, format)
        : write(request, reply, sql, query, preferences, format);
    },
  });

  // Any other path under /rest/v1 (PostgREST v13+ answers PGRST125), after the same gateway.
  instance.route({
    method: ROUTE_METHODS,
    url: '/*',
    handler: async (request, reply) => {
      if (request.method === 'OPTIONS') return answerOptions(request, reply);
      throw postgrestError(404, 'PGRST125', 'Invalid path specified in request URL');
    },
  });
};
