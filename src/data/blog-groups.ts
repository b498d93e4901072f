/**
 * The groups /blogs lists its guides under, in the order a reader needs them: a guide names its
 * group in its front matter (`group: before-you-go`); one that names none is listed last, under
 * OTHER_GUIDES.
 */
export const BLOG_GROUPS = [
  {id: 'before-you-go', heading: 'Before you go'},
  {id: 'once-you-are-there', heading: "Once you're there"},
  {id: 'our-app', heading: 'Our app'},
] as const;

/** The heading of the guides that name no group. */
export const OTHER_GUIDES = 'More guides';

/**
 * The posts under each group's heading, in BLOG_GROUPS' order and then OTHER_GUIDES, each group
 * keeping the posts' own order; a group with no post is left out.
 */
export function groupedPosts<T extends {group?: string}>(
  posts: readonly T[],
): {id: string; heading: string; posts: T[]}[] {
  const known = new Set<string>(BLOG_GROUPS.map(({id}) => id));
  return [
    ...BLOG_GROUPS.map(({id, heading}) => ({
      id,
      heading,
      posts: posts.filter((post) => post.group === id),
    })),
    {
      id: 'more-guides',
      heading: OTHER_GUIDES,
      posts: posts.filter((post) => post.group === undefined || !known.has(post.group)),
    },
  ].filter((group) => group.posts.length > 0);
}
