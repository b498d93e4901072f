/**
 * The build variables of a deployment, in one file the operator edits: `deploy/site.env`. The
 * first build, the daily rebuild (scripts/rebuild.sh, whose systemd unit reads the same file with
 * EnvironmentFile=), Netlify's and Cloudflare's builds and `check-deploy` all read it, so a
 * rebuild can never fall back to a default the first build did not use.
 *
 * A build is a production build when the file exists, when SITE_URL is set, or on Netlify or
 * Cloudflare Pages. A production build needs the file, every variable named in it (empty for the
 * default) and SITE_URL set; it refuses otherwise, in one line naming what is missing.
 */
import {existsSync, readFileSync} from 'node:fs';
import path from 'node:path';

export const SITE_ENV_FILE = 'deploy/site.env';

/** The variables every production build names in the file, in the order the example lists them. */
export const SITE_ENV_KEYS = [
  'SITE_URL',
  'COMING_SOON_PRODUCTS',
  'SUPABASE_URL',
  'SUPABASE_ANON_KEY',
  'WAITLIST_API',
  'WAITLIST_UPSTREAM',
  'NGINX_LISTEN',
  'NGINX_ROOT',
  'NGINX_CONF_DIR',
  'NGINX_LOG_DIR',
] as const;

type Env = Record<string, string | undefined>;

/**
 * `KEY=value` lines, `#` comments and blank lines; no quotes or spaces in a value, so that
 * systemd's EnvironmentFile=, a shell and this parser read the same values.
 */
export function parseSiteEnv(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  text.split('\n').forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    const match = /^(?<key>[A-Z][A-Z0-9_]*)=(?<value>[^\s"'\\]*)$/.exec(line)?.groups;
    if (!match?.key || match.value === undefined) {
      throw new Error(
        `${SITE_ENV_FILE}:${index + 1} is not KEY=value (no spaces, quotes or backslashes): "${line}"`,
      );
    }
    const {key, value} = match;
    if (!(SITE_ENV_KEYS as readonly string[]).includes(key)) {
      throw new Error(
        `${SITE_ENV_FILE}:${index + 1} names ${key}, which is not a build variable (${SITE_ENV_KEYS.join(', ')})`,
      );
    }
    values[key] = value;
  });
  return values;
}

const MISSING_FILE = `${SITE_ENV_FILE} is missing: a production build reads ${SITE_ENV_KEYS.join(', ')} from it (copy deploy/site.env.example; docs/deploying.md, "Build variables")`;

/** Whether this build publishes a site: the file exists, SITE_URL is set, or a host builds it. */
export function isProductionBuild(root: string, env: Env): boolean {
  return (
    existsSync(path.join(root, SITE_ENV_FILE)) ||
    Boolean(env.SITE_URL) ||
    env.NETLIFY === 'true' ||
    env.CF_PAGES === '1'
  );
}

/**
 * Reads the file into `env` (a production build's variables come from it alone: one the
 * environment sets to another value is refused) and says whether the build is a production one.
 * Throws one line naming what is missing.
 */
export function loadSiteEnv(root: string, env: Env = process.env): {production: boolean} {
  if (!isProductionBuild(root, env)) return {production: false};
  const file = path.join(root, SITE_ENV_FILE);
  if (!existsSync(file)) throw new Error(MISSING_FILE);
  const values = parseSiteEnv(readFileSync(file, 'utf8'));
  const missing = SITE_ENV_KEYS.filter((key) => !(key in values));
  if (!values.SITE_URL && !missing.includes('SITE_URL')) missing.unshift('SITE_URL');
  if (missing.length > 0) {
    throw new Error(
      `${SITE_ENV_FILE} does not set ${missing.join(', ')}: name each (empty for its default; SITE_URL is required) before a production build`,
    );
  }
  const disagree = SITE_ENV_KEYS.filter((key) => Boolean(env[key]) && env[key] !== values[key]);
  if (disagree.length > 0) {
    throw new Error(
      `${disagree.join(', ')} in the environment ${disagree.length === 1 ? 'differs' : 'differ'} from ${SITE_ENV_FILE}: a production build takes the variables from the file alone (unset ${disagree.length === 1 ? 'it' : 'them'}, or edit the file)`,
    );
  }
  for (const key of SITE_ENV_KEYS) env[key] = values[key];
  return {production: true};
}

/** `tsx scripts/site-env.ts`: checks the file as a production build would, one line if it fails. */
if (require.main === module) {
  try {
    if (!loadSiteEnv(path.resolve(__dirname, '..'), {...process.env}).production) {
      throw new Error(MISSING_FILE);
    }
    console.log(`[site-env] ${SITE_ENV_FILE} names every build variable`);
  } catch (error) {
    console.error(`[site-env] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
