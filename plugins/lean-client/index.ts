import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Less JavaScript on a first visit, and none of it in one long task.
 * - The classic theme loads Prism with its extra languages on every page, through a client module,
 *   for code blocks. This site has none on most pages, so that module is replaced with an empty
 *   one: a code block still renders, highlighted in Prism's default languages, with Prism loaded by
 *   the page that has it. Saves Prism's weight from every page's first load.
 * - The browser bundle starts from `entry.ts`, which spreads the start-up over several short tasks,
 *   and React (react, react-dom, scheduler) is a file of its own, so that compiling it is a task of
 *   its own too (3 KB more brotli than one file). The server bundle is unchanged.
 */
export default function leanClient(): Plugin {
  const prismClientModule =
    require.resolve('@docusaurus/theme-classic/lib/prism-include-languages');
  return {
    name: 'lean-client',
    getClientModules() {
      return [path.join(__dirname, 'no-prefetch.ts')];
    },
    configureWebpack(config, isServer) {
      return {
        ...(isServer
          ? {}
          : {
              mergeStrategy: {entry: 'replace'},
              entry: path.join(__dirname, 'entry.ts'),
              optimization: {
                splitChunks: {
                  cacheGroups: {
                    react: {
                      test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
                      name: 'react',
                      chunks: 'initial',
                      priority: 60,
                      enforce: true,
                    },
                  },
                },
              },
            }),
        resolve: {
          alias: {[prismClientModule]: path.join(__dirname, 'empty-client-module.js')},
        },
      };
    },
  };
}
