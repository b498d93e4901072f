import type {ClientModule} from '@docusaurus/types';

/**
 * Docusaurus fetches the code of every internal link as soon as the link scrolls into view
 * (16–18 KB per page here), which a visitor on a slow, metered link pays for whether or not they
 * follow it. Links still load a page's code when pointed at or touched (`preload`), so in-site
 * navigation stays quick; only the speculative fetch on sight goes.
 */
const noPrefetch: ClientModule = {
  onRouteDidUpdate() {
    // The framework's object is frozen: replace it, keeping `preload`.
    window.docusaurus = {...window.docusaurus, prefetch: () => false};
  },
};

export default noPrefetch;
