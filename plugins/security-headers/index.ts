import {readdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {toSiteSettings} from '../../src/lib/site-settings';
import {contentSecurityPolicy, headersFile, inlineScriptHashes} from './headers';

/**
 * After the build, hashes every inline script Docusaurus emitted and writes `_headers`: a strict
 * Content-Security-Policy (no 'unsafe-inline' for scripts) and the other security and caching
 * headers, for static hosts and for server/.
 */
export default function securityHeaders(context: LoadContext): Plugin {
  return {
    name: 'security-headers',
    async postBuild({outDir}) {
      const entries = await readdir(outDir, {recursive: true});
      const htmlFiles = entries.filter((entry) => entry.endsWith('.html'));
      const hashes = new Set<string>();
      for (const file of htmlFiles) {
        const html = await readFile(path.join(outDir, file), 'utf8');
        inlineScriptHashes(html).forEach((hash) => hashes.add(hash));
      }
      const {supabaseUrl} = toSiteSettings(context.siteConfig.customFields);
      const connectOrigins = supabaseUrl === '' ? [] : [new URL(supabaseUrl).origin];
      const csp = contentSecurityPolicy({scriptHashes: [...hashes], connectOrigins});
      await writeFile(path.join(outDir, '_headers'), headersFile(csp));
    },
  };
}
