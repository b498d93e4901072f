import {readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {ClientManifest} from 'react-loadable-ssr-addon-v5-slorber';
import {frameworkMap, indexUrlIn} from './framework-map';
import {FRAMEWORK_MAP_PATH} from './protocol';

/** The search plugin's scope: `docusaurus-search-local` and the `autocomplete.js` it loads. */
const SEARCH_SCOPE = `${path.sep}node_modules${path.sep}@easyops-cn${path.sep}`;

/** The few parts of rspack's compiler that collecting the search's chunks reads. */
interface Chunk {
  name?: string | null;
  files: ReadonlySet<string>;
  groupsIterable: Iterable<{chunks: readonly Chunk[]}>;
}
interface Compiler {
  hooks: {
    afterEmit: {
      tap(
        name: string,
        use: (compilation: {
          chunks: Iterable<Chunk>;
          chunkGraph: {getChunkModules(chunk: Chunk): {identifier(): string}[]};
        }) => void,
      ): void;
    };
  };
}

/**
 * Two things that keep the framework small and quick to arrive once a visitor asks for it (the
 * search box, a form; src/lib/ssr-template.ts):
 *
 * - The classic theme loads Prism with its extra languages on every page, through a client module,
 *   for code blocks. This site has none on most pages, so that module is replaced with an empty
 *   one: a code block still renders, highlighted in Prism's default languages, with Prism loaded by
 *   the page that has it (src/theme/CodeBlock).
 * - The framework arrives in waves, each a round trip: main.js, then the route's chunks, then the
 *   search bar's, then its worker, then the index. `framework.json` names them all per route, and
 *   the page script asks for them at once when the search box is touched (framework-map.ts).
 */
export default function leanClient(context: LoadContext): Plugin {
  const prismClientModule =
    require.resolve('@docusaurus/theme-classic/lib/prism-include-languages');
  /** The client build's chunks holding the search plugin's code, with the chunks they need. */
  const searchFiles = new Set<string>();
  return {
    name: 'lean-client',
    configureWebpack(_config, isServer) {
      const collectSearchChunks = {
        apply(compiler: Compiler) {
          compiler.hooks.afterEmit.tap('lean-client', ({chunks, chunkGraph}) => {
            for (const chunk of chunks) {
              const modules = chunkGraph.getChunkModules(chunk);
              // Named chunks are the entry and the routes' (the search page's among them).
              if (chunk.name || !modules.some((m) => m.identifier().includes(SEARCH_SCOPE)))
                continue;
              for (const group of chunk.groupsIterable)
                for (const member of group.chunks) member.files.forEach((f) => searchFiles.add(f));
            }
          });
        },
      };
      return {
        resolve: {
          alias: {[prismClientModule]: path.join(__dirname, 'empty-client-module.js')},
        },
        plugins: isServer ? [] : [collectSearchChunks],
      };
    },
    async postBuild({outDir}) {
      const generated = (file: string) =>
        readFile(path.join(context.generatedFilesDir, file), 'utf8').then(JSON.parse);
      const scripts = [...searchFiles].filter((file) => file.endsWith('.js'));
      const sources = await Promise.all(
        scripts.map((file) => readFile(path.join(outDir, file), 'utf8')),
      );
      const map = frameworkMap({
        baseUrl: context.baseUrl,
        routesChunkNames: (await generated('routesChunkNames.json')) as Record<string, unknown>,
        manifest: (await generated('client-manifest.json')) as ClientManifest,
        searchFiles: scripts,
        searchIndex: indexUrlIn(sources.join('\n')),
      });
      await writeFile(path.join(outDir, FRAMEWORK_MAP_PATH), JSON.stringify(map));
    },
  };
}
