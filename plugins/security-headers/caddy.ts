import {headersFor, type HeaderRule} from '../../server/headers-file';
import {MOVED_PATHS, TRAILING_SLASH_PATH} from './redirects';
import {
  FORWARDED_HEADERS,
  PROXY_METHODS,
  UPSTREAM_ANSWER_TIMEOUT_S,
  UPSTREAM_CONNECT_TIMEOUT_S,
  WAITLIST_PATH,
} from './waitlist-proxy';

export const CADDY_ROOT = '/var/www/gotcha-labs/build';
export const CADDY_ACCESS_LOG = '/var/log/caddy/gotcha-labs.access.log';
/** Where requests for any other host are answered: the ports Caddy serves a site on by default. */
export const CADDY_FALLBACK_ADDRESS = 'http://, https://';
/** The characters of HTTP field names (RFC 9110 tokens) but `*`, which Caddy reads as a wildcard; Caddy compares names in lower case. */
const HEADER_NAME_CHARACTERS = "abcdefghijklmnopqrstuvwxyz0123456789!#$%&'+-.^_`|~";
/** nginx's limit on a request line with its default buffers (large_client_header_buffers). */
const MAX_URI_LENGTH = 8192;

/**
 * Fields of Caddy's log entries for a request (2.6 and later) that the privacy policy does not
 * list: the client's address and port (remote_ip, client_ip), the request headers (user agent,
 * referrer, cookies), the host and protocol, the TLS session, and the answer's headers and size.
 * A field an entry lacks is left alone.
 */
const UNLOGGED_FIELDS = [
  'request>remote_ip',
  'request>remote_port',
  'request>client_ip',
  'request>headers',
  'request>host',
  'request>proto',
  'request>tls',
  'user_id',
  'size',
  'resp_headers',
];

/** A `format filter` that writes JSON without those fields, and the path without its query. */
function privacyFormat(indent: string): string[] {
  return [
    `${indent}format filter {`,
    `${indent}\twrap json`,
    `${indent}\tfields {`,
    ...UNLOGGED_FIELDS.map((field) => `${indent}\t\t${field} delete`),
    `${indent}\t\trequest>uri regexp \\?.*$ ""`,
    `${indent}\t}`,
    `${indent}}`,
  ];
}

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
function headerDirectives(rules: readonly HeaderRule[], indent: string): string[] {
  return rules.flatMap(({pattern, headers}) => {
    const matcher = pattern === '/*' ? '' : `${pattern} `;
    return [
      `${indent}header ${matcher}{`,
      ...headers.map(([name, value]) => `${indent}\t${name} ${quoteValue(value)}`),
      `${indent}}`,
    ];
  });
}

/**
 * The waitlist's REST path, sent on to the Supabase project in SUPABASE_URL: every request header
 * dropped but the four the form needs (no cookie, address or user agent), the upstream's cookies
 * and its own versions of the site's headers dropped, and time limits on the upstream.
 */
function waitlistRoute(rules: readonly HeaderRule[], indent: string): string[] {
  const hidden = ['Set-Cookie', ...[...headersFor(rules, WAITLIST_PATH).keys()]];
  const variable = (name: string) => `waitlist_${name.toLowerCase().replace(/-/g, '_')}`;
  return [
    "# The waitlist's calls, sent on to the Supabase project in SUPABASE_URL",
    '# (https://<ref>.supabase.co; unset, this path answers 502). Only the four headers kept',
    '# below reach Supabase.',
    `@waitlist path ${WAITLIST_PATH}`,
    'route @waitlist {',
    `\t@waitlistRefused not method ${PROXY_METHODS.join(' ')}`,
    `\theader @waitlistRefused Allow "${PROXY_METHODS.join(', ')}"`,
    '\terror @waitlistRefused 405',
    '\tvars {',
    ...FORWARDED_HEADERS.map((name) => `\t\t${variable(name)} {http.request.header.${name}}`),
    '\t}',
    // Every request header is dropped: a field name holds at least one of these characters.
    // (Caddy 2.6 has no "all fields", and header_up deletes after it sets.)
    ...HEADER_NAME_CHARACTERS.split('').map((character) => `\trequest_header -*${character}*`),
    '\treverse_proxy {$SUPABASE_URL} {',
    '\t\theader_up Host {upstream_hostport}',
    ...FORWARDED_HEADERS.map((name) => `\t\theader_up ${name} {http.vars.${variable(name)}}`),
    '\t\theader_up -X-Forwarded-*',
    ...hidden.map((name) => `\t\theader_down -${name}`),
    '\t\ttransport http {',
    `\t\t\tdial_timeout ${UPSTREAM_CONNECT_TIMEOUT_S}s`,
    `\t\t\tresponse_header_timeout ${UPSTREAM_ANSWER_TIMEOUT_S}s`,
    '\t\t}',
    '\t}',
    '}',
  ].map((line) => indent + line);
}

/**
 * A Caddyfile with the same answers as server/: clean URLs, 301s to the canonical path, the
 * not-found page with 404, the `_headers` headers on every answer, and the build's
 * precompressed files.
 */
export function caddyfile(rules: readonly HeaderRule[], siteHost: string): string {
  const moved = MOVED_PATHS.flatMap(({from, to}) => [
    `\t\t@moved${to.replace(/\W/g, '_')} path ${from} ${from}/`,
    `\t\troute @moved${to.replace(/\W/g, '_')} {`,
    // rewrite drops the `?` of an empty query; {uri} is then the target with the query kept.
    `\t\t\trewrite * ${to}?{query}`,
    '\t\t\tredir * {uri} 301',
    '\t\t}',
  ]);
  return `# Written by plugins/security-headers at build time from the rules of _headers. Do not edit:
# rebuild, and install this file again with every build (its CSP names that build's scripts).
# For Caddy 2.6 or later. Set SITE_ADDRESS (default: ${siteHost}; Caddy then gets and
# renews its certificate) and SITE_ROOT (the folder the build was copied to), e.g.
#   SITE_ADDRESS=${siteHost} SITE_ROOT=/var/www/gotcha-labs/build caddy run --config Caddyfile
# The access log is written to SITE_ACCESS_LOG (default:
# ${CADDY_ACCESS_LOG}, in a folder Caddy's user may write to).
# Requests naming another host are answered on SITE_FALLBACK_ADDRESS (default:
# ${CADDY_FALLBACK_ADDRESS}, ports 80 and 443); with another port in SITE_ADDRESS, set it to
# that port, e.g. http://:8080.
{
\t# Caddy's own log (standard error, the journal under systemd) records the request with each
\t# server error: it leaves out the same fields as the access log.
\tlog default {
${privacyFormat('\t\t').join('\n')}
\t}
}

# The site's not-found page, with the status of the error (404, 405, 421) and the headers of
# that page: an error under /assets/ must not be cached for a year.
(not_found_page) {
\thandle_errors {
\t\trewrite * /404.html
\t\troute {
${headerDirectives(rules, '\t\t\t').join('\n')}
\t\t\tfile_server {
\t\t\t\tprecompressed br gzip
\t\t\t}
\t\t}
\t}
}

{$SITE_ADDRESS:${siteHost}} {
\troot * {$SITE_ROOT:${CADDY_ROOT}}

\t# Per request, what the privacy policy lists: the time (ts), the method, the path without its
\t# query (uri), the status and the duration; no address, query, referrer or user agent.
\t# Caddy rolls the file at 100 MB and deletes rolled files after 30 days.
\tlog {
\t\toutput file {$SITE_ACCESS_LOG:${CADDY_ACCESS_LOG}} {
\t\t\troll_keep_for 720h
\t\t}
${privacyFormat('\t\t').join('\n')}
\t}

\troute {
${headerDirectives(rules, '\t\t').join('\n')}

${waitlistRoute(rules, '\t\t').join('\n')}

\t\t@refused not method GET HEAD
\t\theader @refused Allow "GET, HEAD"
\t\terror @refused 405

\t\t# Files written for hosts, not visitors: _headers, _redirects, _deploy/, dotfiles; and the
\t\t# precompressed forms, sent only as an encoding of their file.
\t\t@buildOnly path_regexp ^/_|/\\.|\\.(br|gz)$
\t\terror @buildOnly 404
\t\t# Refused before the file system sees them, which would answer 500: no file name holds
\t\t# a NUL byte, and nginx refuses a request line over ${MAX_URI_LENGTH} bytes too.
\t\t@nul path_regexp \\x00
\t\terror @nul 400
\t\t@tooLong expression {http.request.uri}.size() > ${MAX_URI_LENGTH}
\t\terror @tooLong 414

${moved.join('\n')}
\t\t# The target is the match in the cleaned path (\`//host/\` is \`/host/\` there), never the raw one.
\t\t@trailingSlash path_regexp slash ${TRAILING_SLASH_PATH}
\t\troute @trailingSlash {
\t\t\trewrite * {re.slash.1}?{query}
\t\t\tredir * {uri} 301
\t\t}

\t\ttry_files {path} {path}.html {path}/index.html
\t\t# No such file, or a name the file system refuses (over 255 bytes): 404, where
\t\t# file_server would answer 500.
\t\t@absent not file
\t\terror @absent 404
\t\tfile_server {
\t\t\tprecompressed br gzip
\t\t\t# Serve /index.html as it is, not as a redirect to /.
\t\t\tdisable_canonical_uris
\t\t}
\t}

\timport not_found_page
}

# Any other host, which Caddy would answer with an empty 200 and no headers: 421 Misdirected
# Request, with the not-found page and its headers.
{$SITE_FALLBACK_ADDRESS:${CADDY_FALLBACK_ADDRESS}} {
\troot * {$SITE_ROOT:${CADDY_ROOT}}
\terror 421
\timport not_found_page
}
`;
}
