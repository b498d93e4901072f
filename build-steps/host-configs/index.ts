import {mkdir, readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {headersFile} from '../../contracts/headers-file';
import {toSiteSettings} from '../../src/lib/site-settings';
import type {BuiltSite} from '../../contracts/built-site';
import {caddyfile} from './caddy';
import {
  contentSecurityPolicy,
  headerRules,
  inlineScriptHashes,
} from '../../contracts/security-headers';
import {nginxSettings} from './host-settings';
import {logrotateRule, nginxConfig} from './nginx';
import {redirectsFile} from '../../contracts/redirects';

/** Where the nginx and Caddy configurations go: a `_` folder, which no host serves. */
export const DEPLOY_DIR = '_deploy';

/** What docusaurus.config.ts gives plugins/post-build for this step. */
export interface SecurityHeadersOptions {
  /** The Supabase project's origin, for Netlify's proxy rule in `_redirects`; empty: none. */
  supabaseOrigin?: string;
}

/** Docusaurus types a plugin's options as unknown: read the one field, or none. */
function readOptions(options: unknown): Required<SecurityHeadersOptions> {
  const value = (options as SecurityHeadersOptions | undefined)?.supabaseOrigin;
  return {supabaseOrigin: typeof value === 'string' ? value : ''};
}

/**
 * After the build (the last of plugins/post-build's steps, once no step changes a page), hashes
 * every inline script of the final pages and writes the headers every answer must carry (a strict
 * Content-Security-Policy, with no 'unsafe-inline' for scripts, the other security headers and
 * caching) for each kind of host, from one set of rules: `_headers` and `_redirects` (Netlify,
 * Cloudflare Pages, server/), `_deploy/nginx.conf`, `_deploy/Caddyfile` and `_deploy/logrotate`
 * (their logs' retention). The settings are read when this is called, before Docusaurus builds
 * anything: a wrong value fails at once, naming valid ones.
 */
export function headerFilesWriter(
  context: LoadContext,
  options?: unknown,
): (site: BuiltSite) => Promise<void> {
  const {supabaseOrigin} = readOptions(options);
  const nginx = nginxSettings(process.env);
  return async ({outDir}) => {
    const entries = await readdir(outDir, {recursive: true});
    const htmlFiles = entries.filter((entry) => entry.endsWith('.html'));
    const hashes = new Set<string>();
    for (const file of htmlFiles) {
      const html = await readFile(path.join(outDir, file), 'utf8');
      inlineScriptHashes(html).forEach((hash) => hashes.add(hash));
    }
    const {supabaseUrl} = toSiteSettings(context.siteConfig.customFields);
    const connectOrigins = supabaseUrl === '' ? [] : [new URL(supabaseUrl).origin];
    const rules = headerRules(contentSecurityPolicy({scriptHashes: [...hashes], connectOrigins}));
    await writeFile(path.join(outDir, '_headers'), headersFile(rules));
    await writeFile(path.join(outDir, '_redirects'), redirectsFile(supabaseOrigin));
    await mkdir(path.join(outDir, DEPLOY_DIR), {recursive: true});
    const siteUrl = new URL(context.siteConfig.url);
    await writeFile(
      path.join(outDir, DEPLOY_DIR, 'nginx.conf'),
      nginxConfig(rules, siteUrl.hostname, nginx),
    );
    await writeFile(path.join(outDir, DEPLOY_DIR, 'logrotate'), logrotateRule(nginx));
    await writeFile(path.join(outDir, DEPLOY_DIR, 'Caddyfile'), caddyfile(rules, siteUrl.host));
  };
}
