import {lazy, Suspense, type ReactNode} from 'react';
import BrowserOnly from '@docusaurus/BrowserOnly';

// Its own chunk: supabase-js and react-toastify download only where a form is shown.
const WaitlistForm = lazy(() => import('@site/src/components/WaitlistForm'));

export default function LazyWaitlistForm({productTitle}: {productTitle: string}): ReactNode {
  const placeholder = <p>Loading the waitlist form…</p>;
  return (
    <BrowserOnly fallback={placeholder}>
      {() => (
        <Suspense fallback={placeholder}>
          <WaitlistForm productTitle={productTitle} />
        </Suspense>
      )}
    </BrowserOnly>
  );
}
