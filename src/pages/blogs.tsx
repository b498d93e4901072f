import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import BlogCardList from '@site/src/components/BlogCardList';
import DownloadCta from '@site/src/components/DownloadCta';
import PageHeader from '@site/src/components/PageHeader';
import SaveGuides from '@site/src/components/SaveGuides';
import SmartAppBanner from '@site/src/components/SmartAppBanner';
import {useBlogSummaries} from '@site/src/hooks/useBlogSummaries';
import styles from './blogs.module.css';

const TITLE = 'Blog: Travel and Life in China';
const DESCRIPTION =
  'Guides for English speakers in China: essential apps, Taobao, payments, social credit myths and how to visit China now.';

export default function Blogs(): ReactNode {
  const posts = useBlogSummaries();
  return (
    <Layout title={TITLE} description={DESCRIPTION}>
      <SmartAppBanner />
      <main className={`gl-container ${styles.page}`}>
        <PageHeader
          title="Travel and Life in China"
          intro="Practical guides for English speakers visiting or living in mainland China: the apps you need, how to shop and pay, and what daily life is really like. Each guide says when we last checked its facts."
        />
        <BlogCardList posts={posts} headingLevel={2} onFirstScreen />
        <SaveGuides />
        <DownloadCta headingLevel={2} />
      </main>
    </Layout>
  );
}
