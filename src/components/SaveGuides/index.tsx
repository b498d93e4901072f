import type {ReactNode} from 'react';
import SavedGuidesOnIphone from '@site/src/components/SavedGuidesOnIphone';
import {CANNOT_SAVE_HERE, OPEN_IN_SAFARI} from '@site/src/data/saved-guides';
import styles from './styles.module.css';

/**
 * "Save all guides for offline": the service worker (plugins/offline) downloads every guide with
 * its images, and says how far it got in the `<output>`. The page script wires the button and
 * shows the control once a worker is running (see plugins/page-template/ssr-template.ts); in a
 * browser with no service worker (an in-app browser such as WeChat's) it swaps the parts marked
 * `data-no-worker`: why the guides cannot be saved there and what to do instead, in place of the
 * button. It works without the framework; with JavaScript off the whole block stays hidden.
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
      <p className={styles.text} data-no-worker suppressHydrationWarning>
        No signal on the metro or a long train? Keep every guide and its pictures on this device.
      </p>
      <p className={styles.text} data-no-worker hidden suppressHydrationWarning>
        {CANNOT_SAVE_HERE} {OPEN_IN_SAFARI}
      </p>
      <div data-no-worker suppressHydrationWarning>
        <button type="button" className="gl-button gl-button--secondary" suppressHydrationWarning>
          Save all guides for offline
        </button>
        {/* A text child, so that React accepts the one the page script writes as it hydrates; an
            output is a live region (role status) of its own. */}
        <output className={styles.status} suppressHydrationWarning>
          {' '}
        </output>
      </div>
      <div className={styles.iphone}>
        <SavedGuidesOnIphone />
      </div>
    </section>
  );
}
