import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import BlogCardList from '@site/src/components/BlogCardList';
import Section from '@site/src/components/Home/Section';
import {useBlogSummaries} from '@site/src/hooks/useBlogSummaries';
import styles from './styles.module.css';

/** How many of the newest articles the teaser shows; /blogs lists them all. */
const TEASER_SIZE = 6;

/** The blog teaser on the home page, with a View All Articles button above and below the cards. */
export default function BlogTeaser(): ReactNode {
  const posts = useBlogSummaries().slice(0, TEASER_SIZE);
  const viewAll = (
    <Link to="/blogs" className="gl-button gl-button--secondary">
      View All Articles
    </Link>
  );
  return (
    <Section
      id="blogs"
      tone="soft"
      title="From Our Blog"
      intro="Practical guides to travelling, shopping and living in China.">
      <div className={styles.top}>{viewAll}</div>
      <BlogCardList posts={posts} headingLevel={3} />
      <div className={styles.bottom}>{viewAll}</div>
    </Section>
  );
}
