import {useEffect, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import BackLink from '@site/src/components/BackLink';
import BlogCardList from '@site/src/components/BlogCardList';
import DownloadCta from '@site/src/components/DownloadCta';
import {useBlogSummaries} from '@site/src/hooks/useBlogSummaries';
import styles from './blogs.module.css';

const TITLE = 'Blog: Travel and Life in China';
const DESCRIPTION =
  'Guides for English speakers in China: essential apps, Taobao, payments, social credit myths and why 2025 is the year to visit.';

export default function Blogs(): ReactNode {
  const posts = useBlogSummaries();
  useEffect(() => {
    // Newer browsers return a promise from scrollTo: an effect must not return it.
    window.scrollTo(0, 0);
  }, []);
  return (
    <Layout title={TITLE} description={DESCRIPTION}>
      <main className={`gl-container ${styles.page}`}>
        <BackLink variant="button" label="Back to Home" />
        <header className={styles.header}>
          <h1>Travel and Life in China</h1>
          <p className={styles.intro}>
            Practical, up-to-date guides for English speakers visiting or living in mainland China:
            the apps you need, how to shop and pay, and what daily life is really like.
          </p>
        </header>
        <BlogCardList posts={posts} headingLevel={2} />
        <DownloadCta headingLevel={2} />
      </main>
    </Layout>
  );
}
