import type {ReactNode} from 'react';
import styles from './styles.module.css';

/**
 * "Save all guides for offline": the service worker (plugins/offline) downloads every guide with
 * its images, and says how far it got in the `<output>`. The page script wires the button and
 * shows the control once a worker is running (see plugins/page-template/ssr-template.ts), so it is hidden in a
 * browser that cannot save pages, and it works without the framework.
 */
export default function SaveGuides(): ReactNode {
  return (
    <section
      className={styles.offline}
      aria-labelledby="save-guides"
      data-offline
      hidden
      suppressHydrationWarning>
      <h2 id="save-guides" className={styles.title}>
        Read offline
      </h2>
      <p className={styles.text}>
        No signal on the metro or a long train? Keep every guide and its pictures on this device.
      </p>
      <button type="button" className="gl-button gl-button--secondary" suppressHydrationWarning>
        Save all guides for offline
      </button>
      {/* A text child, so that React accepts the one the page script writes as it hydrates; an
          output is a live region (role status) of its own. */}
      <output className={styles.status} suppressHydrationWarning>
        {' '}
      </output>
    </section>
  );
}
