/**
 * `@docusaurus/theme-common` as the search plugin sees it (./index.ts points its imports here):
 * the theme's own exports, and `useDocsPreferredVersion` from the docs plugin's client API, where
 * Docusaurus 4 moved it. `@easyops-cn/docusaurus-search-local` (every release up to 0.55.3)
 * imports it from theme-common, which on v4 no longer has it.
 */
export * from '@docusaurus/theme-common';
export {useDocsPreferredVersion} from '@docusaurus/plugin-content-docs/client';
