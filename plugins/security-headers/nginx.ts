import {headersFor, type HeaderRule} from '../../server/headers-file';
import {MOVED_PATHS, TRAILING_SLASH_PATH} from './redirects';
import {
  FORWARDED_HEADERS,
  PROXY_METHODS,
  UPSTREAM_ANSWER_TIMEOUT_S,
  UPSTREAM_CONNECT_TIMEOUT_S,
  WAITLIST_PATH,
} from './waitlist-proxy';

/** The lines an operator (or a test) replaces: where the build lives and where to listen. */
export const NGINX_ROOT = '/var/www/gotcha-labs/build';
export const NGINX_LISTEN = '80';
/** Debian's logrotate rotates /var/log/nginx/*.log daily and keeps 14 of them. */
const NGINX_ACCESS_LOG = '/var/log/nginx/gotcha-labs.access.log';
const NGINX_ERROR_LOG = '/var/log/nginx/gotcha-labs.error.log';
/** The access log's format: the privacy policy's list, and nothing else. */
const NGINX_LOG_FORMAT = 'gotcha_labs_privacy';
/** Where the operator's one line naming the Supabase project goes (a folder: none is fine). */
export const NGINX_SUPABASE_INCLUDE = '/etc/nginx/gotcha-labs.d/supabase/*.conf';

/** A header value as an nginx string; nginx has no escape for `$`, so such a value is refused. */
export function quoteValue(value: string): string {
  if (/["$\\]/.test(value)) throw new Error(`A header value nginx cannot hold: ${value}`);
  return `"${value}"`;
}

/**
 * `add_header … always` lines for files under `urlPath`. nginx drops every inherited add_header
 * in a block that has one of its own, so each block lists all of its headers.
 */
function headerLines(rules: readonly HeaderRule[], urlPath: string, indent: string): string[] {
  const names = new Map(
    rules.flatMap(({headers}) => headers.map(([name]) => [name.toLowerCase(), name])),
  );
  const headers = [...headersFor(rules, urlPath)].map(
    ([name, value]) => `add_header ${names.get(name) ?? name} ${quoteValue(value)} always;`,
  );
  return [...headers, 'add_header Allow $gotcha_labs_allow always;'].map((line) => indent + line);
}

/**
 * The waitlist's REST path, sent on to the Supabase project: only the request headers the form
 * needs (no cookie, address or user agent), the upstream's cookies and its own versions of the
 * site's headers dropped, the site's headers added, and time limits on the upstream.
 */
function waitlistLocation(rules: readonly HeaderRule[]): string[] {
  const hidden = ['Set-Cookie', ...[...headersFor(rules, WAITLIST_PATH).keys()]];
  return [
    '',
    "    # The waitlist's calls, sent on to the Supabase project named by the one line",
    `    # \`proxy_pass https://<ref>.supabase.co;\` in ${NGINX_SUPABASE_INCLUDE}`,
    '    # (without it, this path answers 404). Only the four headers below reach Supabase.',
    `    location = ${WAITLIST_PATH} {`,
    ...headerLines(rules, WAITLIST_PATH, '        '),
    ...hidden.map((name) => `        proxy_hide_header ${name};`),
    '        proxy_pass_request_headers off;',
    ...FORWARDED_HEADERS.map(
      (name) => `        proxy_set_header ${name} $http_${name.toLowerCase().replace(/-/g, '_')};`,
    ),
    '        proxy_http_version 1.1;',
    '        proxy_ssl_server_name on;',
    `        proxy_connect_timeout ${UPSTREAM_CONNECT_TIMEOUT_S}s;`,
    `        proxy_send_timeout ${UPSTREAM_ANSWER_TIMEOUT_S}s;`,
    `        proxy_read_timeout ${UPSTREAM_ANSWER_TIMEOUT_S}s;`,
    `        include ${NGINX_SUPABASE_INCLUDE};`,
    '    }',
  ];
}

/**
 * An nginx server block with the same answers as server/: clean URLs, 301s to the canonical
 * path, the not-found page with 404, the `_headers` headers on every answer, and the build's
 * precompressed files.
 */
export function nginxConfig(rules: readonly HeaderRule[], serverName: string): string {
  const prefixes = rules
    .map(({pattern}) => pattern)
    .filter((pattern) => pattern !== '/*' && pattern.endsWith('/*'))
    .map((pattern) => pattern.slice(0, -1));
  // A pattern without a wildcard names one file (the service worker): an exact location.
  const exact = rules.map(({pattern}) => pattern).filter((pattern) => !pattern.includes('*'));
  const matches = [
    ...['/', ...prefixes].map((prefix) => ({path: prefix, modifier: prefix === '/' ? '' : '^~ '})),
    ...exact.map((path) => ({path, modifier: '= '})),
  ];
  const locations = matches.flatMap(({path, modifier}) => [
    '',
    `    location ${modifier}${path} {`,
    ...headerLines(rules, path, '        '),
    '        try_files $uri $uri.html $uri/index.html =404;',
    '    }',
  ]);
  const proxyMethods = PROXY_METHODS.join(', ');
  return `# Written by plugins/security-headers at build time from the rules of _headers. Do not edit:
# rebuild, and install this file again with every build (its CSP names that build's scripts).
# For nginx 1.22 or later with the brotli static module (Debian:
# apt install nginx libnginx-mod-http-brotli-static; without the module, delete brotli_static).
# Include it in the http block, e.g. \`include ${NGINX_ROOT}/_deploy/nginx.conf;\` in
# /etc/nginx/conf.d/gotcha-labs.conf, with the build copied to root below (or change root).
# TLS and other local settings go in /etc/nginx/gotcha-labs.d/*.conf (listen 443 ssl,
# ssl_certificate, ssl_certificate_key), which this file includes. It logs to
# ${NGINX_ACCESS_LOG} (format ${NGINX_LOG_FORMAT}, defined below, at http level) and, server
# failures only, ${NGINX_ERROR_LOG}.

# Answers to any method but GET and HEAD (and ${proxyMethods} on the waitlist's path) name the
# allowed ones. $request is the request line as received: the error page's internal redirect
# turns the method itself into GET.
map $request $gotcha_labs_allow {
    "~^(GET|HEAD) " "";
    "~^(${PROXY_METHODS.join('|')}) ${WAITLIST_PATH}[? ]" "";
    "~^[A-Z]+ ${WAITLIST_PATH}[? ]" "${proxyMethods}";
    default "GET, HEAD";
}
# Which requests are refused with 405. By method and normalised path: the error page's internal
# redirect (a GET) must pass.
map "$request_method $uri" $gotcha_labs_refused {
    "~^(GET|HEAD) " "";
    "~^(${PROXY_METHODS.join('|')}) ${WAITLIST_PATH}$" "";
    default "refused";
}

# The access log holds, per request, what the privacy policy lists: the time, the method, the path
# without its query, the status and the duration; no address, query, referrer or user agent.
# Method and path come from the request line as received: $request_method and $uri would log an
# error's GET /404.html rather than what was asked for.
map $request $gotcha_labs_method_and_path {
    "~^(?<gotcha_labs_method>[A-Z]+) (?<gotcha_labs_path>[^? ]*)" "$gotcha_labs_method $gotcha_labs_path";
    default "-";
}
log_format ${NGINX_LOG_FORMAT} '$time_iso8601 "$gotcha_labs_method_and_path" $status $request_time';

server {
    listen ${NGINX_LISTEN};
    server_name ${serverName};
    root ${NGINX_ROOT};
    include /etc/nginx/gotcha-labs.d/*.conf;

    access_log ${NGINX_ACCESS_LOG} ${NGINX_LOG_FORMAT};
    # nginx's error lines name the client's address and hold the request line, query included:
    # keep only failures of the server itself (crit), and no line for each missing file.
    error_log ${NGINX_ERROR_LOG} crit;
    log_not_found off;

    server_tokens off;
    # Locations are paths on this host, whatever Host header or absolute URL the request held.
    absolute_redirect off;
    charset utf-8;
    charset_types text/css text/plain text/xml application/javascript application/json
        application/xml application/rss+xml application/atom+xml;
    # The build holds <file>.br and <file>.gz beside each text file.
    brotli_static on;
    gzip_static on;
    gzip_vary on;

    error_page 400 404 405 /404.html;

    # Redirects and refusals are answered here, before any location: they carry these headers.
${headerLines(rules, '/', '    ').join('\n')}

    if ($gotcha_labs_refused) {
        return 405;
    }
    # Files written for hosts, not visitors: _headers, _redirects, _deploy/, dotfiles; and the
    # precompressed forms, sent only as an encoding of their file (gzip_static, brotli_static).
    if ($uri ~ "^/_|/\\.|\\.(br|gz)$") {
        return 404;
    }
${MOVED_PATHS.map(({from, to}) => `    rewrite ^${from}/*$ ${to} permanent;`).join('\n')}
    rewrite "${TRAILING_SLASH_PATH}" $1 permanent;
${locations.join('\n')}
${waitlistLocation(rules).join('\n')}
}
`;
}
