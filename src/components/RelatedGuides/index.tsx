import type {ReactNode} from 'react';
import Link from '@docusaurus/Link';
import PostExcerpt from '@site/src/components/PostExcerpt';
import {useBlogSummaries, type BlogCardPost} from '@site/src/hooks/useBlogSummaries';
import styles from './styles.module.css';

/** How many guides to offer when the article names none. */
const FALLBACK_COUNT = 3;

/** The front matter's `related` slugs in their order, or else the newest other guides. */
function chooseGuides(
  posts: readonly BlogCardPost[],
  permalink: string,
  related: readonly string[] | undefined,
): BlogCardPost[] {
  if (related) {
    // plugins/blog-summaries has checked that each slug is a listed article.
    return related.flatMap((slug) => posts.filter((post) => post.permalink.endsWith(`/${slug}`)));
  }
  return posts.filter((post) => post.permalink !== permalink).slice(0, FALLBACK_COUNT);
}

/**
 * "Related guides" at the end of an article: two or three other guides from this blog, each blurb
 * marked like its card when its summary holds only until a day.
 */
export default function RelatedGuides({
  permalink,
  related,
}: {
  permalink: string;
  related?: readonly string[];
}): ReactNode {
  const guides = chooseGuides(useBlogSummaries(), permalink, related);
  if (guides.length === 0) return null;
  return (
    <section className={styles.related} aria-labelledby="related-guides">
      <h2 id="related-guides" className={styles.heading}>
        Related guides
      </h2>
      <ul className={styles.list}>
        {guides.map((guide) => (
          <li key={guide.permalink} className={styles.guide}>
            <Link to={guide.permalink} className={styles.link}>
              {guide.title}
            </Link>
            <p className={styles.excerpt}>
              <PostExcerpt post={guide} />
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
