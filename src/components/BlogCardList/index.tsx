import type {ReactNode} from 'react';
import BlogCard from '@site/src/components/BlogCard';
import type {BlogSummary} from '@site/plugins/blog-summaries';
import styles from './styles.module.css';

export default function BlogCardList({
  posts,
  headingLevel,
}: {
  posts: readonly BlogSummary[];
  headingLevel: 2 | 3;
}): ReactNode {
  return (
    <ul className={styles.grid}>
      {posts.map((post) => (
        <li key={post.slug}>
          <BlogCard post={post} headingLevel={headingLevel} />
        </li>
      ))}
    </ul>
  );
}
