import {buildSync} from 'esbuild';

/**
 * `contents`, TypeScript importing modules from `resolveDir`, bundled at build time into one
 * minified script for the browsers the site supports: es2018 keeps arrow functions, spread and
 * optional catch, and rewrites `?.` and `??` (Safari 13.1 and older lack them). Runs in Node only.
 */
export function browserBundle(contents: string, resolveDir: string): string {
  const {outputFiles} = buildSync({
    stdin: {contents, resolveDir, loader: 'ts'},
    bundle: true,
    write: false,
    minify: true,
    format: 'iife',
    target: 'es2018',
    legalComments: 'none',
  });
  return outputFiles[0]?.text.trim() ?? '';
}
