import path from 'node:path';
import type {Plugin} from '@docusaurus/types';

/**
 * Keeps the framework small for the visitor who asks for it (a form; src/lib/page-script.ts): the
 * classic theme loads Prism with its extra languages on every page, through a client module, for
 * code blocks. This site has none on most pages, so that module is replaced with an empty one: a
 * code block still renders, highlighted in Prism's default languages, with Prism loaded by the
 * page that has it (src/theme/CodeBlock).
 */
export default function leanClient(): Plugin {
  // No public way exists: the client module imports Prism itself, and ejecting the swizzlable
  // `prism-include-languages` it calls would keep Prism. If an upgrade moves the file, the build
  // fails here at once (src/theme/README.md lists this coupling).
  const prismClientModule =
    // eslint-disable-next-line no-restricted-syntax -- the theme's own file: see above.
    require.resolve('@docusaurus/theme-classic/lib/prism-include-languages');
  return {
    name: 'lean-client',
    configureWebpack() {
      return {
        resolve: {
          alias: {[prismClientModule]: path.join(__dirname, 'empty-client-module.js')},
        },
      };
    },
  };
}
