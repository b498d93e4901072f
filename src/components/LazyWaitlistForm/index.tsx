import {lazy, Suspense, type ReactNode} from 'react';

// Its own chunk: react-toastify and the form's code download only with a page that shows the form
// (supabase-js, later still: on the first call). The page is served with the form rendered, so the
// visitor can start typing before any of it arrives (see src/lib/ssr-template.ts).
const WaitlistForm = lazy(() => import('@site/src/components/WaitlistForm'));

export default function LazyWaitlistForm({productTitle}: {productTitle: string}): ReactNode {
  return (
    <Suspense fallback={<p>Loading the waitlist form…</p>}>
      <WaitlistForm productTitle={productTitle} />
    </Suspense>
  );
}
