import {buildSync} from 'esbuild';

/**
 * `entry`, a TypeScript file of the site's browser code, bundled at build time into one minified
 * script for the browsers the site supports: es2018 keeps arrow functions, spread and optional
 * catch, and rewrites `?.` and `??` (Safari 13.1 and older lack them). `define` replaces each named
 * global the entry declares with a JSON value. Runs in Node only.
 */
export function browserBundle(entry: string, define: Record<string, string> = {}): string {
  const {outputFiles} = buildSync({
    entryPoints: [entry],
    define,
    // The project's tsconfig sets `strict`, which would add "use strict" to every page: 13 B more.
    tsconfigRaw: {},
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2018',
    legalComments: 'none',
  });
  return outputFiles[0]?.text.trim() ?? '';
}
