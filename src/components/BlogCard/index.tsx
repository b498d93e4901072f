import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import PostExcerpt from '@site/src/components/PostExcerpt';
import type {BlogCardPost} from '@site/src/hooks/useBlogSummaries';
import {toLongDate} from '@site/src/lib/dates';
import styles from './styles.module.css';

/**
 * One article: image, title, date, the day its facts were checked and excerpt; the whole card
 * opens the article. An excerpt that holds only until a day (`expires`) says when it has ended.
 */
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
        <p className={styles.dates}>
          <time dateTime={post.date.replaceAll('/', '-')}>{post.date}</time>
          <span className={styles.reviewed}>
            Updated <time dateTime={post.reviewed}>{toLongDate(new Date(post.reviewed))}</time>
          </span>
        </p>
        <p className={styles.excerpt}>
          <PostExcerpt post={post} />
        </p>
      </div>
    </article>
  );
}
