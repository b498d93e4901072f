import {WAITLIST_PATH} from './waitlist-proxy';

/** Paths that moved, answered with 301 by every host: the blog plugin's own list page is /blog. */
export const MOVED_PATHS: readonly {from: string; to: string}[] = [{from: '/blog', to: '/blogs'}];

/**
 * `_redirects` for Netlify and Cloudflare Pages. Both already answer `<path>/` with a permanent
 * redirect to `<path>` when `<path>.html` exists, and unknown paths with 404.html and 404. With
 * the Supabase project's origin, Netlify proxies the waitlist's calls to it (status 200, query
 * kept); Cloudflare Pages runs the Function in functions/ on that path instead.
 */
export function redirectsFile(supabaseOrigin = ''): string {
  const lines = MOVED_PATHS.flatMap(({from, to}) => [`${from} ${to} 301`, `${from}/ ${to} 301`]);
  const proxy = supabaseOrigin ? [`${WAITLIST_PATH} ${supabaseOrigin}${WAITLIST_PATH} 200`] : [];
  return [
    '# Written by build-steps/host-configs at build time. Do not edit: rebuild.',
    ...lines,
    ...proxy,
    '',
  ].join('\n');
}

/**
 * A path with trailing slashes to drop (group 1 is the path without them): no white space,
 * control character or `\`, and no `//` at its start, which a browser would read as a host
 * (`/\host` too). The same regular expression in nginx (PCRE) and Caddy (RE2).
 */
export const TRAILING_SLASH_PATH = String.raw`^(/[^/\x00-\x20\x5c][^\x00-\x20\x5c]*?)/+$`;
