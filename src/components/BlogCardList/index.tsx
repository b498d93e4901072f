import type {ReactNode} from 'react';
import BlogCard from '@site/src/components/BlogCard';
import type {BlogCardPost} from '@site/src/hooks/useBlogSummaries';
import styles from './styles.module.css';

export default function BlogCardList({
  posts,
  headingLevel,
  onFirstScreen = false,
}: {
  posts: readonly BlogCardPost[];
  headingLevel: 2 | 3;
  /** The list starts on the first screen: its first image is fetched at once, not lazily. */
  onFirstScreen?: boolean;
}): ReactNode {
  return (
    <ul className={styles.grid}>
      {posts.map((post, index) => (
        <li key={post.permalink}>
          <BlogCard post={post} headingLevel={headingLevel} eager={onFirstScreen && index === 0} />
        </li>
      ))}
    </ul>
  );
}
