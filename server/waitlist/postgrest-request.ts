/**
 * Parses the parts of a PostgREST request the stand-in understands: `select=`, column filters,
 * `order=`, `limit=`/`offset=`, `columns=`, `Prefer`, `Accept` and the JSON body. Anything
 * PostgREST accepts but the stand-in does not implement is refused with PGRST100 (or PGRST102),
 * never guessed at. Names are returned raw; the caller checks them against the catalog.
 */
import {invalidBody, parseError, postgrestError} from './postgrest-errors';

export type SelectItem = {kind: 'all'} | {kind: 'column'; column: string; alias: string};

export type FilterOperator = 'eq' | 'neq' | 'gt' | 'gte' | 'lt' | 'lte' | 'like' | 'ilike' | 'is';

export interface Filter {
  column: string;
  operator: FilterOperator;
  negated: boolean;
  value: string;
}

export interface OrderTerm {
  column: string;
  descending: boolean;
  nulls: 'first' | 'last' | undefined;
}

export interface QueryParameters {
  select: SelectItem[];
  filters: Filter[];
  order: OrderTerm[];
  limit: number | undefined;
  offset: number;
  columns: string[] | undefined;
  onConflict: string[] | undefined;
  /** `select=` was given: PostgREST then returns those columns (plus the primary key). */
  hasSelect: boolean;
}

/** PostgREST's query-string keys that are not column filters; `apikey` is the gateway's. */
const RESERVED_KEYS = new Set([
  'select',
  'columns',
  'on_conflict',
  'order',
  'limit',
  'offset',
  'apikey',
]);
const LOGIC_KEYS = new Set(['and', 'or', 'not.and', 'not.or']);

const SUPPORTED_OPERATORS: ReadonlySet<string> = new Set([
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
]);
/** Operators PostgREST has that the stand-in does not implement. */
const OTHER_POSTGREST_OPERATORS: ReadonlySet<string> = new Set([
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'sr',
  'nxr',
  'nxl',
  'adj',
  'fts',
  'plfts',
  'phfts',
  'wfts',
  'match',
  'imatch',
  'isdistinct',
  'not',
]);
export const IS_VALUES: Readonly<Record<string, string>> = {
  null: 'null',
  not_null: 'not null',
  true: 'true',
  false: 'false',
  unknown: 'unknown',
};

/** Column names as PostgREST's parser reads them: letters, digits, `_` and `$`. */
const NAME = /^[\p{L}\p{N}_$]+$/u;
const STAND_IN_NOTE =
  'the local stand-in supports plain column names only (no embedding, casts, JSON paths or quoting)';

function describeCharacter(character: string | undefined): string {
  return character === undefined ? 'end of input' : JSON.stringify(character);
}

function firstInvalidIndex(text: string): number {
  const index = text.search(/[^\p{L}\p{N}_$]/u);
  return index < 0 ? text.length : index;
}

/** `select=*`, `select=id,email`, `select=alias:id`; `%2A` arrives already decoded as `*`. */
export function parseSelect(raw: string): SelectItem[] {
  if (raw === '') return [{kind: 'all'}];
  const items: SelectItem[] = [];
  let start = 0;
  for (const part of raw.split(',')) {
    const fail = (offset: number): never => {
      throw parseError(
        'select parameter',
        raw,
        start + offset + 1,
        `unexpected ${describeCharacter(part[offset])} expecting "*", a column name or "alias:column"; ${STAND_IN_NOTE}`,
      );
    };
    if (part === '*') {
      items.push({kind: 'all'});
    } else {
      const colon = part.indexOf(':');
      const alias = colon < 0 ? undefined : part.slice(0, colon);
      const column = colon < 0 ? part : part.slice(colon + 1);
      if (alias !== undefined && !NAME.test(alias)) fail(firstInvalidIndex(alias));
      if (!NAME.test(column)) fail((colon < 0 ? 0 : colon + 1) + firstInvalidIndex(column));
      items.push({kind: 'column', column, alias: alias ?? column});
    }
    start += part.length + 1;
  }
  return items;
}

export function parseFilter(column: string, raw: string): Filter {
  const fail = (offset: number, details: string): never => {
    throw parseError('filter', raw, offset + 1, details);
  };
  let rest = raw;
  let negated = false;
  if (rest.startsWith('not.')) {
    negated = true;
    rest = rest.slice(4);
  }
  const dot = rest.indexOf('.');
  const operator = dot < 0 ? rest : rest.slice(0, dot);
  const offset = raw.length - rest.length;
  if (!SUPPORTED_OPERATORS.has(operator)) {
    const leading = /^[a-z]*/.exec(operator)?.[0] ?? '';
    if (leading !== '' && OTHER_POSTGREST_OPERATORS.has(leading)) {
      fail(offset, `the local stand-in does not support the "${leading}" operator`);
    }
    fail(
      offset,
      `unexpected ${describeCharacter(rest[0])} expecting "not" or operator (eq, gt, ...)`,
    );
  }
  if (dot < 0) fail(raw.length, 'unexpected end of input expecting "."');
  const value = rest.slice(dot + 1);
  if (operator === 'is' && IS_VALUES[value.toLowerCase()] === undefined) {
    fail(
      offset + 3,
      `unexpected ${describeCharacter(value[0])} expecting null, not_null, true, false or unknown`,
    );
  }
  return {column, operator: operator as FilterOperator, negated, value};
}

export function parseOrder(raw: string): OrderTerm[] {
  let start = 0;
  return raw.split(',').map((part) => {
    const [column = '', ...modifiers] = part.split('.');
    const fail = (details: string): never => {
      throw parseError('order', raw, start + 1, details);
    };
    if (!NAME.test(column)) fail(`expecting a column name; ${STAND_IN_NOTE}`);
    let descending = false;
    let nulls: OrderTerm['nulls'];
    for (const modifier of modifiers) {
      if (modifier === 'asc' || modifier === 'desc') descending = modifier === 'desc';
      else if (modifier === 'nullsfirst' || modifier === 'nullslast')
        nulls = modifier === 'nullsfirst' ? 'first' : 'last';
      else
        fail(
          `unexpected ${JSON.stringify(modifier)} expecting "asc", "desc", "nullsfirst" or "nullslast"`,
        );
    }
    start += part.length + 1;
    return {column, descending, nulls};
  });
}

function parseCount(name: 'limit' | 'offset', raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) {
    throw parseError(`${name} parameter`, raw, 1, 'expecting a whole number of 0 or more');
  }
  return Number(raw);
}

function parseNameList(what: string, raw: string): string[] {
  const names = raw.split(',');
  const bad = names.findIndex((name) => !NAME.test(name));
  if (bad >= 0)
    throw parseError(what, raw, 1, `expecting column names separated by ","; ${STAND_IN_NOTE}`);
  return names;
}

/** Parses the raw query string (after `?`), so `%2A` and `*` read the same and order is kept. */
export function parseQueryParameters(rawQuery: string): QueryParameters {
  const search = new URLSearchParams(rawQuery);
  const result: QueryParameters = {
    select: [{kind: 'all'}],
    filters: [],
    order: [],
    limit: undefined,
    offset: 0,
    columns: undefined,
    onConflict: undefined,
    hasSelect: false,
  };
  for (const [key, value] of search) {
    if (key === 'select') {
      result.select = parseSelect(value);
      result.hasSelect = true;
    } else if (key === 'order') result.order = parseOrder(value);
    else if (key === 'limit') result.limit = parseCount('limit', value);
    else if (key === 'offset') result.offset = parseCount('offset', value);
    else if (key === 'columns') result.columns = parseNameList('columns parameter', value);
    else if (key === 'on_conflict')
      result.onConflict = parseNameList('on_conflict parameter', value);
    else if (RESERVED_KEYS.has(key)) continue;
    else if (LOGIC_KEYS.has(key)) {
      throw parseError(
        'logic tree',
        `${key}=${value}`,
        1,
        'the local stand-in does not support and/or filters',
      );
    } else if (!NAME.test(key)) {
      throw parseError(
        'filter',
        `${key}=${value}`,
        1 + firstInvalidIndex(key),
        `unexpected character in the column name; ${STAND_IN_NOTE}`,
      );
    } else result.filters.push(parseFilter(key, value));
  }
  return result;
}

export interface Preferences {
  return: 'minimal' | 'representation' | undefined;
  count: 'exact' | 'planned' | 'estimated' | undefined;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  strict: boolean;
}

const KNOWN_PREFERENCES: Readonly<Record<string, RegExp>> = {
  return: /^(minimal|representation|headers-only)$/,
  count: /^(exact|planned|estimated)$/,
  resolution: /^(merge-duplicates|ignore-duplicates)$/,
  missing: /^(default|null)$/,
  handling: /^(lenient|strict)$/,
  tx: /^(commit|rollback)$/,
  timezone: /^.+$/,
  'max-affected': /^\d+$/,
  params: /^single-object$/,
};

/**
 * `Prefer`, comma-joined in one or several headers. Unknown values are ignored, as PostgREST's
 * default `handling=lenient` does; `handling=strict` turns them into PGRST122.
 * `return=headers-only` is treated as minimal (no Location header here).
 */
export function parsePreferences(header: string | string[] | undefined): Preferences {
  const raw = Array.isArray(header) ? header.join(',') : (header ?? '');
  const preferences: Preferences = {
    return: undefined,
    count: undefined,
    resolution: undefined,
    strict: false,
  };
  const invalid: string[] = [];
  for (const item of raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)) {
    const equals = item.indexOf('=');
    const key = equals < 0 ? item : item.slice(0, equals).trim();
    const value = equals < 0 ? '' : item.slice(equals + 1).trim();
    const pattern = KNOWN_PREFERENCES[key];
    if (!pattern?.test(value)) {
      invalid.push(item);
      continue;
    }
    if (key === 'return')
      preferences.return = value === 'representation' ? 'representation' : 'minimal';
    else if (key === 'count') preferences.count = value as Preferences['count'];
    else if (key === 'resolution') preferences.resolution = value as Preferences['resolution'];
    else if (key === 'handling') preferences.strict = value === 'strict';
  }
  if (preferences.strict && invalid.length > 0) {
    throw postgrestError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  }
  return preferences;
}

/** `json` is an array of rows; `object` is PostgREST's singular `application/vnd.pgrst.object+json`. */
export type ResponseFormat = 'json' | 'object';

export function parseAccept(header: string | undefined): ResponseFormat {
  if (header === undefined || header.trim() === '') return 'json';
  const types = header
    .split(',')
    .map((part) => (part.split(';')[0] ?? '').trim().toLowerCase())
    .filter(Boolean);
  for (const type of types) {
    if (type === '*/*' || type === 'application/*' || type === 'application/json') return 'json';
    if (type === 'application/vnd.pgrst.object+json' || type === 'application/vnd.pgrst.object') {
      return 'object';
    }
  }
  throw postgrestError(
    406,
    'PGRST107',
    `None of these media types are available: ${types.join(', ')}`,
  );
}

export interface JsonPayload {
  /** The body as sent; Postgres parses it again, so large numbers keep their precision. */
  text: string;
  /** The keys of the object, or of every object of the array (they must all match). */
  keys: string[];
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((key) => set.has(key));
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Only JSON bodies: PostgREST would also take CSV and form-encoded bodies; the stand-in answers
 * them as PostgREST answers a type it does not know (400 PGRST102 "Content-Type not acceptable").
 * A missing Content-Type means JSON, as in PostgREST.
 */
export function parseJsonPayload(
  contentType: string | undefined,
  body: Buffer | undefined,
): JsonPayload {
  const mediaType = (contentType?.split(';')[0] ?? '').trim().toLowerCase();
  if (mediaType !== '' && mediaType !== 'application/json') {
    throw invalidBody(`Content-Type not acceptable: ${mediaType}`);
  }
  if (body === undefined || body.length === 0) throw invalidBody();
  let text: string;
  let value: unknown;
  try {
    text = new TextDecoder('utf-8', {fatal: true, ignoreBOM: true}).decode(body);
    value = JSON.parse(text);
  } catch {
    throw invalidBody();
  }
  if (isPlainObject(value)) return {text, keys: Object.keys(value)};
  if (Array.isArray(value) && value.every(isPlainObject)) {
    const objects: Record<string, unknown>[] = value;
    const keys = objects[0] ? Object.keys(objects[0]) : [];
    if (objects.every((object) => sameKeys(keys, Object.keys(object)))) return {text, keys};
  }
  throw invalidBody('All object keys must match');
}
