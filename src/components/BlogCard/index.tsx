import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import type {BlogCardPost} from '@site/src/hooks/useBlogSummaries';
import styles from './styles.module.css';

/** One article: image, title, date and excerpt; the whole card opens the article. */
export default function BlogCard({
  post,
  headingLevel,
  eager = false,
}: {
  post: BlogCardPost;
  headingLevel: 2 | 3;
  /** Fetch the image at once and first (the page's largest paint), instead of lazily. */
  eager?: boolean;
}): ReactNode {
  const Heading = `h${headingLevel}` as const;
  return (
    <article className={styles.card}>
      <img
        className={styles.image}
        src={post.image}
        alt=""
        width={1200}
        height={630}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        decoding="async"
      />
      <div className={styles.body}>
        <Heading className={styles.title}>
          <Link to={post.permalink} className={styles.link}>
            {post.title}
          </Link>
        </Heading>
        <time className={styles.date} dateTime={post.date.replaceAll('/', '-')}>
          {post.date}
        </time>
        <p className={styles.excerpt}>{post.excerpt}</p>
      </div>
    </article>
  );
}
