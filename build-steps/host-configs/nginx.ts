import path from 'node:path';
import {headersFor, type HeaderRule} from '../../contracts/headers-file';
import {NGINX_DEFAULTS, type NginxSettings} from './host-settings';
import {fillTemplate} from './template';
import {MOVED_PATHS, TRAILING_SLASH_PATH} from '../../contracts/redirects';
import {
  BODY_TIMEOUT_S,
  CONNECTIONS_PER_VISITOR,
  FORWARDED_HEADERS,
  KNOWN_OTHER_ANSWER_HEADERS,
  MAX_BODY_BYTES,
  PROXY_METHODS,
  READS_PER_MINUTE,
  SIGN_UP_CALLS_PER_MINUTE,
  UPSTREAM_ANSWER_TIMEOUT_S,
  UPSTREAM_CONNECT_TIMEOUT_S,
  WAITLIST_PATH,
} from '../../contracts/waitlist-proxy';

/** A header value as an nginx string; nginx has no escape for `$`, so such a value is refused. */
function quoteValue(value: string): string {
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
 * The address of `listen` as a host name, when it names one (`127.0.0.1:8080`): a rehearsal's
 * requests name it, and the catch-all server answers every host the site's block does not name.
 */
function listenHost(listen: string): string[] {
  const host = /^(.+):\d+$/.exec(listen)?.[1];
  return host === undefined ? [] : [host];
}

/**
 * An nginx server block with the same answers as server/ (nginx.conf beside this file, filled in):
 * clean URLs, 301s to the canonical path, the not-found page with 404, the `_headers` headers on
 * every answer, the build's precompressed files, and the waitlist's path sent on to Supabase with
 * only the four headers the form needs, a body within the limits, each visitor's rates and
 * connections limited, and none of the upstream's cookies, security or gateway headers; and a
 * catch-all server for other hosts that answers 421 and logs nothing.
 */
export function nginxConfig(
  rules: readonly HeaderRule[],
  serverName: string,
  settings: NginxSettings = NGINX_DEFAULTS,
): string {
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
  const locations = matches.map(({path, modifier}) =>
    [
      `    location ${modifier}${path} {`,
      ...headerLines(rules, path, '        '),
      '        try_files $uri $uri.html $uri/index.html =404;',
      '    }',
    ].join('\n'),
  );
  const hidden = [
    ...new Map(
      [...KNOWN_OTHER_ANSWER_HEADERS, ...headersFor(rules, WAITLIST_PATH).keys()].map((name) => [
        name.toLowerCase(),
        name,
      ]),
    ).values(),
  ];
  return fillTemplate(path.join(__dirname, 'nginx.conf'), {
    server_name: [serverName, ...listenHost(settings.listen)].join(' '),
    listen: settings.listen,
    root: settings.root,
    conf_dir: settings.confDir,
    log_dir: settings.logDir,
    // The folder's files may set the proxy's secret; the project's proxy_pass too, unless the build
    // names the upstream.
    upstream: [
      `        include ${settings.confDir}/supabase/*.conf;`,
      ...(settings.upstream === '' ? [] : [`        proxy_pass ${settings.upstream};`]),
    ].join('\n'),
    site_headers: headerLines(rules, '/', '    ').join('\n'),
    moved_paths: MOVED_PATHS.map(({from, to}) => `    rewrite ^${from}/*$ ${to} permanent;`).join(
      '\n',
    ),
    trailing_slash: TRAILING_SLASH_PATH,
    locations: locations.join('\n\n'),
    waitlist_path: WAITLIST_PATH,
    waitlist_headers: [
      ...headerLines(rules, WAITLIST_PATH, '        '),
      ...hidden.map((name) => `        proxy_hide_header ${name};`),
    ].join('\n'),
    forwarded_headers: FORWARDED_HEADERS.map(
      (name) => `        proxy_set_header ${name} $http_${name.toLowerCase().replace(/-/g, '_')};`,
    ).join('\n'),
    proxy_methods: PROXY_METHODS.join(', '),
    proxy_methods_regex: PROXY_METHODS.join('|'),
    connect_timeout: String(UPSTREAM_CONNECT_TIMEOUT_S),
    answer_timeout: String(UPSTREAM_ANSWER_TIMEOUT_S),
    sign_ups_per_minute: String(SIGN_UP_CALLS_PER_MINUTE),
    reads_per_minute: String(READS_PER_MINUTE),
    // With nodelay, a burst of n - 1 lets a visitor make n calls at once, and no more.
    sign_up_burst: String(SIGN_UP_CALLS_PER_MINUTE - 1),
    read_burst: String(READS_PER_MINUTE - 1),
    connections_per_visitor: String(CONNECTIONS_PER_VISITOR),
    max_body_bytes: String(MAX_BODY_BYTES),
    body_timeout: String(BODY_TIMEOUT_S),
  });
}

/**
 * The logrotate rule for the access and error logs of nginx (at `logDir`) and of Caddy (its
 * default SITE_ACCESS_LOG): rotated daily, and no line older than 30 days kept, as the privacy
 * policy says. Caddy keeps its file open in append mode, so its file is copied and truncated;
 * nginx reopens its files.
 */
export function logrotateRule(settings: NginxSettings = NGINX_DEFAULTS): string {
  return fillTemplate(path.join(__dirname, 'logrotate'), {
    nginx_logs: `${settings.logDir}/gotcha-labs.access.log ${settings.logDir}/gotcha-labs.error.log`,
    caddy_log: CADDY_ACCESS_LOG,
  });
}

/** Where Caddy writes its access log unless SITE_ACCESS_LOG says otherwise (Caddyfile). */
export const CADDY_ACCESS_LOG = '/var/log/caddy/gotcha-labs.access.log';
