import type {HeaderRule} from '../../server/headers-file';
import {MOVED_PATHS, TRAILING_SLASH_PATH} from './redirects';

export const CADDY_ROOT = '/var/www/gotcha-labs/build';

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

{$SITE_ADDRESS:${siteHost}} {
\troot * {$SITE_ROOT:${CADDY_ROOT}}

\troute {
${headerDirectives(rules, '\t\t').join('\n')}

\t\t@refused not method GET HEAD
\t\theader @refused Allow "GET, HEAD"
\t\terror @refused 405

\t\t# Files written for hosts, not visitors: _headers, _redirects, _deploy/, dotfiles.
\t\t@buildOnly path_regexp ^/_|/\\.
\t\terror @buildOnly 404

${moved.join('\n')}
\t\t# The target is the match in the cleaned path (\`//host/\` is \`/host/\` there), never the raw one.
\t\t@trailingSlash path_regexp slash ${TRAILING_SLASH_PATH}
\t\troute @trailingSlash {
\t\t\trewrite * {re.slash.1}?{query}
\t\t\tredir * {uri} 301
\t\t}

\t\ttry_files {path} {path}.html {path}/index.html
\t\tfile_server {
\t\t\tprecompressed br gzip
\t\t\t# Serve /index.html as it is, not as a redirect to /.
\t\t\tdisable_canonical_uris
\t\t}
\t}

\t# The site's not-found page, with the status of the error (404, 405) and the headers of that
\t# page: an error under /assets/ must not be cached for a year.
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
`;
}
