import type {ReactNode} from 'react';
import {ToastContainer, toast} from 'react-toastify';
import {TOAST_DURATION_MS, type Outcome} from '@site/src/lib/waitlist';

/**
 * The form's toasts: react-toastify, a chunk of its own that loads with the first toast. A toast
 * shown before its container has mounted waits for it.
 */
export function showToast({kind, message}: Outcome): void {
  toast[kind](message, {autoClose: TOAST_DURATION_MS});
}

export default function Toasts(): ReactNode {
  return <ToastContainer position="bottom-center" autoClose={TOAST_DURATION_MS} newestOnTop />;
}
