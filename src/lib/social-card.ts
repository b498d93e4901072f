/**
 * Where the build puts a route's 1200×630 social card (plugins/social-cards writes them):
 * `/` → `/img/social/home.png`, `/blog/taobao-guide` → `/img/social/blog/taobao-guide.png`.
 */
export function socialCardPath(routePath: string): string {
  const clean = routePath.replace(/\.html$/, '').replace(/\/+$/, '');
  return `/img/social${clean === '' ? '/home' : clean}.png`;
}

export const SOCIAL_CARD_SIZE = {width: 1200, height: 630} as const;
