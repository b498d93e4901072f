/**
 * The groups /blogs lists the guides under (src/data/blog-groups.ts); the page itself:
 * tests/e2e/blog.spec.ts.
 */
import {BLOG_GROUPS, groupedPosts, OTHER_GUIDES} from '../../src/data/blog-groups';

const post = (slug: string, group?: string) => ({slug, ...(group !== undefined && {group})});

describe("/blogs' groups", () => {
  it("lists each group's guides in the groups' order, keeping the guides' own order", () => {
    const groups = groupedPosts([
      post('travel', 'before-you-go'),
      post('daily-life', 'once-you-are-there'),
      post('comparison', 'our-app'),
      post('apps', 'before-you-go'),
    ]);
    expect(groups.map(({heading, posts}) => [heading, posts.map(({slug}) => slug)])).toEqual([
      ['Before you go', ['travel', 'apps']],
      ["Once you're there", ['daily-life']],
      ['Our app', ['comparison']],
    ]);
  });

  it('lists a guide with no group, or one it does not know, last, and leaves out empty groups', () => {
    const groups = groupedPosts([post('new-guide'), post('apps', 'before-you-go'), post('x', 'y')]);
    expect(groups.map(({heading, posts}) => [heading, posts.map(({slug}) => slug)])).toEqual([
      ['Before you go', ['apps']],
      [OTHER_GUIDES, ['new-guide', 'x']],
    ]);
  });

  it('gives each group an id of its own, for its heading', () => {
    const ids = [...BLOG_GROUPS.map(({id}) => id), 'more-guides'];
    expect(new Set(ids).size).toBe(ids.length);
  });
});
