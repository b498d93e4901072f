/**
 * Error responses of the REST stand-in, shaped as hosted Supabase sends them: PostgREST's
 * `{code, message, details, hint}` bodies and statuses, and the gateway's own 401 bodies.
 */

export type ErrorBody = Record<string, string | null>;

export class RestError extends Error {
  readonly status: number;
  readonly body: ErrorBody;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, body: ErrorBody, headers: Record<string, string> = {}) {
    super(body.message ?? `HTTP ${status}`);
    this.name = 'RestError';
    this.status = status;
    this.body = body;
    // Every 401 carries a Bearer challenge, as PostgREST and the Supabase gateway send it.
    this.headers = status === 401 ? {'www-authenticate': 'Bearer', ...headers} : headers;
  }
}

export function postgrestError(
  status: number,
  code: string,
  message: string,
  details: string | null = null,
  hint: string | null = null,
): RestError {
  return new RestError(status, {code, details, hint, message});
}

export const gatewayErrors = {
  missingApiKey: () =>
    new RestError(401, {
      message: 'No API key found in request',
      hint: 'No `apikey` request header or url param was found.',
    }),
  invalidApiKey: () =>
    new RestError(401, {
      message: 'Invalid API key',
      hint: 'Double check your Supabase `anon` or `service_role` API key.',
    }),
};

export function invalidJwt(message: string): RestError {
  return new RestError(
    401,
    {code: 'PGRST301', details: null, hint: null, message},
    {
      'www-authenticate': `Bearer error="invalid_token", error_description=${JSON.stringify(message)}`,
    },
  );
}

/** `"failed to parse <what> (<value>)" (line 1, column <n>)`, PostgREST's parser error. */
export function parseError(
  what: string,
  value: string,
  column: number,
  details: string,
): RestError {
  return postgrestError(
    400,
    'PGRST100',
    `"failed to parse ${what} (${value})" (line 1, column ${column})`,
    details,
  );
}

export const invalidBody = (message = 'Empty or invalid json'): RestError =>
  postgrestError(400, 'PGRST102', message);

export const columnDoesNotExist = (table: string, column: string): RestError =>
  postgrestError(400, '42703', `column ${table}.${column} does not exist`);

export const columnNotInSchemaCache = (table: string, column: string): RestError =>
  postgrestError(
    400,
    'PGRST204',
    `Could not find the '${column}' column of '${table}' in the schema cache`,
  );

export const payloadTooLarge = (): RestError => new RestError(413, {message: 'Payload Too Large'});

/** The fields of an error raised by PostgreSQL (node-postgres and PGlite both expose them). */
export interface PostgresError {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

export function isPostgresError(error: unknown): error is PostgresError {
  if (!(error instanceof Error)) return false;
  const {code, severity} = error as Error & {code?: unknown; severity?: unknown};
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string';
}

/** PostgREST's SQLSTATE → HTTP status (`pgErrorStatus`); `authenticated` is false for anon. */
export function statusForSqlState(code: string, message: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '21000':
      // pg-safeupdate's "… requires a WHERE clause" is the client's fault.
      return message.endsWith('requires a WHERE clause') ? 400 : 500;
    case '53400':
      return 500;
    case '57P01':
      return 503;
    case 'P0001':
      return 400;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
  }
  const statusByClass: Record<string, number> = {
    '08': 503,
    '09': 500,
    '0L': 403,
    '0P': 403,
    '25': 500,
    '28': 403,
    '2D': 500,
    '38': 500,
    '39': 500,
    '3B': 500,
    '40': 500,
    '53': 503,
    '54': 500,
    '55': 500,
    '57': 500,
    '58': 500,
    F0: 500,
    HV: 500,
    P0: 500,
    XX: 500,
  };
  const byClass = statusByClass[code.slice(0, 2)];
  if (byClass !== undefined) return byClass;
  if (code.startsWith('PT')) {
    const status = Number(code.slice(2));
    return Number.isInteger(status) && status >= 100 && status <= 599 ? status : 500;
  }
  return 400;
}

export function fromPostgresError(error: PostgresError, authenticated = false): RestError {
  return postgrestError(
    statusForSqlState(error.code, error.message, authenticated),
    error.code,
    error.message,
    error.detail ?? null,
    error.hint ?? null,
  );
}

/** A database that cannot be reached, as PostgREST reports a lost connection. */
export const databaseUnavailable = (details: string): RestError =>
  postgrestError(503, 'PGRST001', 'Database client error. Retrying the connection.', details);

export const internalError = (): RestError =>
  postgrestError(
    500,
    'XX000',
    'Internal server error',
    null,
    'The local REST stand-in logged the cause.',
  );
