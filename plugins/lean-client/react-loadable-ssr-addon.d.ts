/** The part of the client manifest's reader used here (the package ships no types). */
declare module 'react-loadable-ssr-addon-v5-slorber' {
  /** Chunk name → the chunks it needs; chunk → its files by kind (`js`, `css`). */
  export interface ClientManifest {
    origins: Record<string, string[]>;
    assets: Record<string, Record<string, {file: string}[] | undefined>>;
  }
  /** Every file the named chunks need, by kind, each once. */
  export function getBundles(
    manifest: ClientManifest,
    chunkNames: string[],
  ): Record<string, {file: string}[] | undefined>;
}
