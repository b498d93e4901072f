import {readFileSync, readdirSync} from 'node:fs';
import path from 'node:path';
import {
  redirectSearchImport,
  SEARCH_PLUGIN_FILES,
  THEME_COMMON_SHIM,
} from '../../plugins/search-compat';

const ROOT = path.resolve(__dirname, '../..');
const SEARCH_PLUGIN = path.join(ROOT, 'node_modules/@easyops-cn/docusaurus-search-local');
const THEME_COMMON = '@docusaurus/theme-common';

function importFrom(issuer: string) {
  const resolveData = {request: THEME_COMMON, contextInfo: {issuer}};
  redirectSearchImport(resolveData);
  return resolveData.request;
}

/** The names a module's type declarations export (`export {a, b as c}`, `export declare function d`). */
function declaredExports(declarations: string): Set<string> {
  const names = new Set<string>();
  for (const [, list = ''] of declarations.matchAll(/export\s*(?:type\s*)?\{([^}]*)\}/g))
    for (const entry of list.split(',')) {
      const name = entry
        .trim()
        .split(/\s+as\s+/)
        .pop();
      if (name) names.add(name.replace(/^type\s+/, ''));
    }
  for (const [, name = ''] of declarations.matchAll(
    /export declare (?:function|const|class|type|interface) (\w+)/g,
  ))
    names.add(name);
  return names;
}

/** Every name the search plugin's client code imports from theme-common. */
function namesTheSearchImports(): string[] {
  const dir = path.join(SEARCH_PLUGIN, 'dist/client/client/theme');
  const files = readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((file) =>
    file.endsWith('.jsx'),
  );
  return files.flatMap((file) =>
    [
      ...readFileSync(path.join(dir, file), 'utf8').matchAll(
        /import\s*\{([^}]*)\}\s*from\s*"@docusaurus\/theme-common"/g,
      ),
    ].flatMap(([, list = '']) =>
      list
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    ),
  );
}

describe('the search plugin on Docusaurus 4 (plugins/search-compat)', () => {
  test("the search plugin's theme-common imports go to the shim", () => {
    const searchBar = path.join(SEARCH_PLUGIN, 'dist/client/client/theme/SearchBar/SearchBar.jsx');
    expect(SEARCH_PLUGIN_FILES.test(searchBar)).toBe(true);
    expect(importFrom(searchBar)).toBe(THEME_COMMON_SHIM);
  });

  test("the site's and the shim's own imports of theme-common are left alone", () => {
    expect(importFrom(path.join(ROOT, 'src/theme/Navbar/index.tsx'))).toBe(THEME_COMMON);
    expect(importFrom(THEME_COMMON_SHIM)).toBe(THEME_COMMON);
    const other = {request: '@docusaurus/router', contextInfo: {issuer: SEARCH_PLUGIN}};
    redirectSearchImport(other);
    expect(other.request).toBe('@docusaurus/router');
  });

  test('the shim gives the search plugin every name it imports from theme-common', () => {
    const shim = readFileSync(THEME_COMMON_SHIM, 'utf8');
    expect(shim).toMatch(/export \* from '@docusaurus\/theme-common';/);
    expect(shim).toMatch(
      /export \{useDocsPreferredVersion\} from '@docusaurus\/plugin-content-docs\/client';/,
    );
    const declared = (module: string) =>
      declaredExports(readFileSync(require.resolve(module).replace(/\.js$/, '.d.ts'), 'utf8'));
    const available = new Set([
      ...declared(THEME_COMMON),
      ...[...declared('@docusaurus/plugin-content-docs/client')].filter(
        (name) => name === 'useDocsPreferredVersion',
      ),
    ]);
    const imported = namesTheSearchImports();
    expect(imported).toEqual(expect.arrayContaining(['useDocsPreferredVersion']));
    expect(imported.filter((name) => !available.has(name))).toEqual([]);
  });
});
