import type {ReactNode} from 'react';
import styles from './styles.module.css';

/** What a thrown value tells a visitor: a router error's status and text, or an error's message. */
export function describeError(error: unknown): {status?: string; message: string} {
  if (typeof error === 'object' && error !== null) {
    const {status, statusText, message} = error as Record<string, unknown>;
    if (typeof status === 'number' || typeof status === 'string') {
      return {
        status: String(status),
        message:
          typeof statusText === 'string' && statusText !== ''
            ? statusText
            : typeof message === 'string'
              ? message
              : '',
      };
    }
    if (typeof message === 'string') return {message};
  }
  return {message: String(error)};
}

/**
 * The error screen ("Unexpected Application Error!" with the error's status and text, or its
 * message). Used both by core's last-resort
 * boundary (src/theme/Error.tsx, outside the layout) and inside the layout (ErrorPageContent), so it
 * relies on nothing but its own CSS.
 */
export default function ErrorScreen({
  error,
  tryAgain,
}: {
  error: unknown;
  tryAgain: () => void;
}): ReactNode {
  const {status, message} = describeError(error);
  return (
    <main className={styles.screen}>
      <h1 className={styles.title}>Unexpected Application Error!</h1>
      <h2 className={styles.detail}>{status ? `${status} ${message}` : message}</h2>
      <div className={styles.actions}>
        <button type="button" className="gl-button" onClick={tryAgain}>
          Try again
        </button>
        {/* A full page load: after a failure, the app's own state is not to be trusted. */}
        {/* eslint-disable-next-line @docusaurus/no-html-links */}
        <a href="/" className="gl-button gl-button--secondary">
          Return to Home
        </a>
      </div>
    </main>
  );
}
