import {useEffect, type ReactNode} from 'react';
import {Bounce, ToastContainer, toast, type ToastTransitionProps} from 'react-toastify';
import {TOAST_DURATION_MS, type Outcome} from '@site/src/lib/waitlist';

/**
 * The form's toasts: react-toastify, a chunk of its own that loads with the first toast. A toast
 * shown before its container has mounted waits for it.
 */
export function showToast({kind, message}: Outcome): void {
  // The page's own timer closes it: react-toastify's autoClose ends with its progress bar's CSS
  // animation, which no page clock drives, so no test could check the time without waiting it.
  // It starts once the toast is shown: the first one waits for its container to load.
  const id = toast[kind](message, {
    autoClose: false,
    onOpen: () => setTimeout(() => toast.dismiss(id), TOAST_DURATION_MS),
  });
}

/** For a visitor who asks for less motion: a toast appears and goes without moving. */
function Still({children, isIn, done}: ToastTransitionProps): ReactNode {
  useEffect(() => {
    if (!isIn) done();
  }, [isIn, done]);
  return children;
}

export default function Toasts(): ReactNode {
  // Rendered in the browser only, after a visitor's first submit: there is no server render for
  // the preference to differ from.
  const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  return (
    <ToastContainer
      position="bottom-center"
      autoClose={false}
      newestOnTop
      transition={still ? Still : Bounce}
    />
  );
}
