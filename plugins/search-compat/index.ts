import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/** The search plugin's files, wherever npm puts them. */
export const SEARCH_PLUGIN_FILES =
  /[\\/]node_modules[\\/]@easyops-cn[\\/]docusaurus-search-local[\\/]/;

/** The module the search plugin gets for `@docusaurus/theme-common`. */
export const THEME_COMMON_SHIM = path.join(__dirname, 'theme-common.ts');

/** What the bundler asks before resolving an import (webpack's and rspack's shape). */
export interface ImportRequest {
  request: string;
  contextInfo?: {issuer?: string};
}

/** Sends the search plugin's own `@docusaurus/theme-common` imports to the shim; leaves any other. */
export function redirectSearchImport(resolveData: ImportRequest): void {
  const issuer = resolveData.contextInfo?.issuer ?? '';
  if (resolveData.request === '@docusaurus/theme-common' && SEARCH_PLUGIN_FILES.test(issuer))
    resolveData.request = THEME_COMMON_SHIM;
}

/**
 * Keeps `@easyops-cn/docusaurus-search-local` 0.52.2 building on Docusaurus 4: its search bar
 * imports `useDocsPreferredVersion` from `@docusaurus/theme-common`, which v4 removed (the hook
 * lives in `@docusaurus/plugin-content-docs/client`). Only the search plugin's imports are
 * redirected, to a module that adds the hook back; the rest of the site, the shim included, sees
 * theme-common as is. A rule's `resolve.alias` limited by `issuer` is not enough: rspack reuses
 * the aliased answer for the shim's own import of theme-common, which then imports itself.
 * Later releases (0.52.3+) call `useActiveVersion` instead, which throws on a site without docs.
 */
export default function searchCompat(): Plugin {
  return {
    name: 'search-compat',
    configureWebpack(_config, _isServer, {currentBundler}) {
      const {NormalModuleReplacementPlugin} = currentBundler.instance;
      return {
        plugins: [
          new NormalModuleReplacementPlugin(/^@docusaurus\/theme-common$/, redirectSearchImport),
        ],
      };
    },
  };
}
