import type {ReactNode} from 'react';
import BlogCard from '@site/src/components/BlogCard';
import type {BlogCardPost} from '@site/src/hooks/useBlogSummaries';
import styles from './styles.module.css';

export default function BlogCardList({
  posts,
  headingLevel,
}: {
  posts: readonly BlogCardPost[];
  headingLevel: 2 | 3;
}): ReactNode {
  return (
    <ul className={styles.grid}>
      {posts.map((post) => (
        <li key={post.permalink}>
          <BlogCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
