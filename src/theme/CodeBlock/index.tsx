import {lazy, Suspense, type ReactNode} from 'react';
import type {Props} from '@theme/CodeBlock';

// Prism and the code block's toolbar are a chunk of their own, loaded by a page that has a code
// block: no article has one today, and every article would otherwise download them.
const OriginalCodeBlock = lazy(() => import('@theme-original/CodeBlock'));

export default function CodeBlock(props: Props): ReactNode {
  return (
    <Suspense fallback={<pre>{props.children}</pre>}>
      <OriginalCodeBlock {...props} />
    </Suspense>
  );
}
