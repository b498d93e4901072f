import type {ReactNode} from 'react';
import Expires from '@site/src/components/Expires';
import type {BlogCardPost} from '@site/src/hooks/useBlogSummaries';

/**
 * A post's excerpt, as the cards and the "Related guides" blurbs show it: when the post's front
 * matter says its summary holds only until a day (`expires`), it is marked like any such fact.
 */
export default function PostExcerpt({post}: {post: BlogCardPost}): ReactNode {
  if (post.expires === undefined) return post.excerpt;
  return <Expires on={post.expires}>{post.excerpt}</Expires>;
}
