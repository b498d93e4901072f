/**
 * Where the nginx configuration the build writes listens, serves from, logs to and sends the
 * waitlist's calls: build variables, so that the same file runs on a real host (the defaults) and
 * in a rehearsal on a high port without root.
 */

export interface NginxSettings {
  /** `listen` as nginx reads it: a port, or an address and a port. */
  listen: string;
  /** The folder the build was copied to. */
  root: string;
  /** The folder of local settings (TLS) and, in `supabase/`, of the waitlist's upstream. */
  confDir: string;
  /**
   * The folder of the access and error logs (and of the logrotate rule's files): one of their own,
   * since Debian's logrotate rule for nginx claims every `/var/log/nginx/*.log`.
   */
  logDir: string;
  /** The waitlist's upstream written into the file; empty: read from `<confDir>/supabase/`. */
  upstream: string;
}

export const NGINX_DEFAULTS: NginxSettings = {
  listen: '80',
  root: '/var/www/gotcha-labs/build',
  confDir: '/etc/nginx/gotcha-labs.d',
  logDir: '/var/log/gotcha-labs',
  upstream: '',
};

const PORT = '([1-9]\\d{0,3}|[1-5]\\d{4}|6[0-4]\\d{3}|65[0-4]\\d{2}|655[0-2]\\d|6553[0-5])';
const LISTEN = new RegExp(`^((\\d{1,3}(\\.\\d{1,3}){3}|\\[[0-9a-fA-F:.]+\\]|localhost):)?${PORT}$`);
/** An absolute path nginx reads as one token: no space, quote, `;`, `$`, `{`, `}` or `#`. */
const ABSOLUTE_PATH = /^\/[^\s"';${}#\\]*$/;

function checkedPath(name: string, value: string): string {
  if (!ABSOLUTE_PATH.test(value)) {
    throw new Error(
      `${name} must be an absolute path without spaces, quotes, ;, $, {, } or #, e.g. /srv/site, not "${value}"`,
    );
  }
  return value.length > 1 ? value.replace(/\/+$/, '') : value;
}

function checkedListen(value: string): string {
  if (!LISTEN.test(value)) {
    throw new Error(
      `NGINX_LISTEN must be a port (80), an IPv4 address and port (127.0.0.1:8080) or an IPv6 one ([::1]:8080), not "${value}"`,
    );
  }
  return value;
}

function checkedUpstream(value: string): string {
  const valid =
    URL.canParse(value) &&
    /^https?:$/.test(new URL(value).protocol) &&
    new URL(value).origin === value.replace(/\/+$/, '');
  if (!valid) {
    throw new Error(
      `WAITLIST_UPSTREAM must be an origin, https://<ref>.supabase.co or http://127.0.0.1:3000 (the bundled stand-in), not "${value}"`,
    );
  }
  return new URL(value).origin;
}

/** The settings from the build's environment, each checked; unset or empty: the default. */
export function nginxSettings(env: Readonly<Record<string, string | undefined>>): NginxSettings {
  const read = (name: string) => env[name]?.trim() ?? '';
  const or = (value: string, fallback: string) => (value === '' ? fallback : value);
  return {
    listen: checkedListen(or(read('NGINX_LISTEN'), NGINX_DEFAULTS.listen)),
    root: checkedPath('NGINX_ROOT', or(read('NGINX_ROOT'), NGINX_DEFAULTS.root)),
    confDir: checkedPath('NGINX_CONF_DIR', or(read('NGINX_CONF_DIR'), NGINX_DEFAULTS.confDir)),
    logDir: checkedPath('NGINX_LOG_DIR', or(read('NGINX_LOG_DIR'), NGINX_DEFAULTS.logDir)),
    upstream: read('WAITLIST_UPSTREAM') === '' ? '' : checkedUpstream(read('WAITLIST_UPSTREAM')),
  };
}
