import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import BlogCardList from '@site/src/components/BlogCardList';
import DownloadCta from '@site/src/components/DownloadCta';
import PageHeader from '@site/src/components/PageHeader';
import SaveGuides from '@site/src/components/SaveGuides';
import SmartAppBanner from '@site/src/components/SmartAppBanner';
import {groupedPosts} from '@site/src/data/blog-groups';
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
        {groupedPosts(posts).map((group, index) => (
          <section key={group.id} className={styles.group} aria-labelledby={group.id}>
            <h2 id={group.id}>{group.heading}</h2>
            <BlogCardList posts={group.posts} headingLevel={3} onFirstScreen={index === 0} />
          </section>
        ))}
        <SaveGuides />
        <DownloadCta headingLevel={2} />
      </main>
    </Layout>
  );
}
