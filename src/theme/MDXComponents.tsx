import MDXComponents from '@theme-original/MDXComponents';
import Expires from '@site/src/components/Expires';

/** The theme's Markdown components, and `<Expires>` in every article without an import. */
export default {...MDXComponents, Expires};
