import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import Layout from '@theme/Layout';
import PageHeader from '@site/src/components/PageHeader';
import SavedGuidesOnIphone from '@site/src/components/SavedGuidesOnIphone';
import {useBlogSummaries} from '@site/src/hooks/useBlogSummaries';
import styles from './offline.module.css';

/**
 * What the service worker (plugins/offline) shows, with no connection, for an address this device
 * has not saved: the guides it has saved (the page script hides the others), or how to save them
 * when there are none, and how to keep them on an iPhone.
 */
export default function Offline(): ReactNode {
  const posts = useBlogSummaries();
  return (
    <Layout title="You are offline" description="This page is not saved on this device.">
      <Head>
        <meta name="robots" content="noindex" />
      </Head>
      <main className={`gl-container ${styles.page}`}>
        <PageHeader
          title="You are offline"
          intro="This page is not saved on this device. Try again when you have a connection, or read a guide saved here."
        />
        <h2 className={styles.heading}>Guides on this device</h2>
        <p className={styles.none}>
          None yet. Next time you are online, choose “Save all guides for offline” on the{' '}
          <Link to="/blogs">blog</Link>, or open the guides you want: each page you read is kept.
        </p>
        <ul className={styles.list}>
          {posts.map((post) => (
            <li key={post.permalink} data-saved={post.permalink} hidden suppressHydrationWarning>
              <Link to={post.permalink}>{post.title}</Link>
            </li>
          ))}
        </ul>
      </main>
      {/* Beside the page's own list of saved guides, not in it: how to keep them for next time. */}
      <aside className={`gl-container ${styles.iphone}`} aria-labelledby="keep-on-iphone">
        <h2 id="keep-on-iphone" className={styles.heading}>
          Keeping them on an iPhone
        </h2>
        <SavedGuidesOnIphone />
      </aside>
    </Layout>
  );
}
