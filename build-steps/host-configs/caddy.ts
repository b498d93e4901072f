import path from 'node:path';
import type {HeaderRule} from '../../contracts/headers-file';
import {MOVED_PATHS, TRAILING_SLASH_PATH} from '../../contracts/redirects';
import {fillTemplate} from './template';
import {
  ANSWER_HEADERS,
  BODY_TIMEOUT_S,
  FORWARDED_HEADERS,
  MAX_BODY_BYTES,
  PROXY_METHODS,
  UPSTREAM_ANSWER_TIMEOUT_S,
  UPSTREAM_CONNECT_TIMEOUT_S,
  WAITLIST_PATH,
} from '../../contracts/waitlist-proxy';

/**
 * The characters of HTTP field names (RFC 9110 tokens) but `*`, which Caddy reads as a wildcard;
 * Caddy compares names in lower case. Every field name holds at least one of them, so deleting
 * `*<c>*` for each deletes every request header (Caddy 2.6 has no "all fields", and
 * `header_up -*` drops the connection).
 */
const HEADER_NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789!#$%&'+-.^_`|~";

/**
 * How much longer than the project Caddy waits for a body: the project's 408 must come first, as
 * Caddy's own cut gets no answer but an empty 200.
 */
const CADDY_BODY_GRACE_S = 5;

/** A header value as a Caddyfile token; values are plain text, so quotes are refused. */
function quoteValue(value: string): string {
  if (/["\\{}]/.test(value)) throw new Error(`A header value the Caddyfile cannot hold: ${value}`);
  return `"${value}"`;
}

/**
 * `header` directives in the order of the rules; inside a `route`, Caddy runs them as written,
 * so later rules override earlier ones, as in `_headers`. None deletes a header: that would
 * defer the whole directive until the answer is written, after the ones below it.
 */
function headerDirectives(rules: readonly HeaderRule[], indent: string): string {
  return rules
    .flatMap(({pattern, headers}) => [
      `header ${pattern === '/*' ? '' : `${pattern} `}{`,
      ...headers.map(([name, value]) => `\t${name} ${quoteValue(value)}`),
      '}',
    ])
    .map((line) => indent + line)
    .join('\n');
}

/** A header's name as Go writes it, which Caddy's placeholders for the upstream's answer use. */
const canonicalName = (name: string): string =>
  name
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase())
    .join('-');

const lines = (indent: string, items: readonly string[]): string =>
  items.map((item) => indent + item).join('\n');

/**
 * A Caddyfile with the same answers as server/ (the Caddyfile beside this file, filled in): clean
 * URLs, 301s to the canonical path, the not-found page with 404, the `_headers` headers on every
 * answer, the build's precompressed files, and the waitlist's path sent on to Supabase with only
 * the four headers the form needs, a body within the size and time limits, and only the answer
 * headers the form reads back.
 */
export function caddyfile(rules: readonly HeaderRule[], siteHost: string): string {
  const variable = (name: string) => `waitlist_${name.toLowerCase().replace(/-/g, '_')}`;
  const answerVariable = (name: string) => `answer_${name.toLowerCase().replace(/-/g, '_')}`;
  const moved = MOVED_PATHS.flatMap(({from, to}) => [
    `@moved${to.replace(/\W/g, '_')} path ${from} ${from}/`,
    `route @moved${to.replace(/\W/g, '_')} {`,
    // rewrite drops the `?` of an empty query; {uri} is then the target with the query kept.
    `\trewrite * ${to}?{query}`,
    '\tredir * {uri} 301',
    '}',
  ]);
  return fillTemplate(path.join(__dirname, 'Caddyfile'), {
    site_host: siteHost,
    not_found_headers: headerDirectives(rules, '\t\t\t'),
    site_headers: headerDirectives(rules, '\t\t'),
    waitlist_path: WAITLIST_PATH,
    proxy_methods: PROXY_METHODS.join(' '),
    proxy_methods_list: PROXY_METHODS.join(', '),
    kept_headers: lines(
      '\t\t\t\t',
      FORWARDED_HEADERS.map((name) => `${variable(name)} {http.request.header.${name}}`),
    ),
    dropped_request_headers: lines(
      '\t\t\t',
      HEADER_NAME_CHARACTERS.split('').map((character) => `request_header -*${character}*`),
    ),
    // Set only when the visitor sent the header: header_up would send an empty one.
    forwarded_headers: lines(
      '\t\t\t',
      FORWARDED_HEADERS.flatMap((name) => [
        `@${variable(name)} expression \`{http.vars.${variable(name)}} != ""\``,
        `request_header @${variable(name)} ${name} {http.vars.${variable(name)}}`,
      ]),
    ),
    dropped_answer_headers: lines(
      '\t\t\t\t',
      HEADER_NAME_CHARACTERS.split('').map((character) => `header_down -*${character}*`),
    ),
    // Copied into variables first: a missing header is then "", where its placeholder is null.
    answer_headers: lines('\t\t\t\t\t', [
      'vars {',
      ...ANSWER_HEADERS.map(
        (name) => `\t${answerVariable(name)} {http.reverse_proxy.header.${canonicalName(name)}}`,
      ),
      '}',
      ...ANSWER_HEADERS.flatMap((name) => [
        `@${answerVariable(name)} expression \`{http.vars.${answerVariable(name)}} != ""\``,
        `header @${answerVariable(name)} ${name} {http.vars.${answerVariable(name)}}`,
      ]),
    ]),
    short_error_headers: headerDirectives(
      rules.filter(({pattern}) => pattern === '/*'),
      '\t\t\t',
    ),
    max_body_bytes: String(MAX_BODY_BYTES),
    body_timeout: String(BODY_TIMEOUT_S),
    read_body_timeout: String(BODY_TIMEOUT_S + CADDY_BODY_GRACE_S),
    connect_timeout: String(UPSTREAM_CONNECT_TIMEOUT_S),
    answer_timeout: String(UPSTREAM_ANSWER_TIMEOUT_S),
    moved_paths: lines('\t\t', moved),
    trailing_slash: TRAILING_SLASH_PATH,
  });
}
