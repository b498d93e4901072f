import {logger} from '@docusaurus/logger';
import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {getFileLoaderUtils} from '@docusaurus/utils';
import {
  FrontMatterError,
  heroesModule,
  listedPosts,
  type BlogSummary,
  type ListedPost,
} from './summaries';

export type {BlogSummary, ListedPost};
export {expiresOf, reviewedOn} from './front-matter';

/** Global data of this plugin, read with `usePluginData('blog-summaries')`. */
export interface BlogSummariesData {
  summaries: BlogSummary[];
}

/** Import path of the permalink → hero URL module (types in ./heroes.d.ts). */
export const HEROES_MODULE = '@blog-summaries/heroes';

/** The blog plugin's posts, validated and listed (see listedPosts); fails without the blog. */
export function blogPostsOf(
  allContent: Parameters<NonNullable<Plugin['allContentLoaded']>>[0]['allContent'],
  siteDir: string,
): ListedPost[] {
  const blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
  if (!blog) throw new Error('blog-summaries needs the blog plugin');
  try {
    return listedPosts(blog.blogPosts, siteDir);
  } catch (error) {
    // Docusaurus prints a failed plugin's error under its own stack; the writer's lines go first.
    if (error instanceof FrontMatterError) {
      for (const line of error.message.split('\n')) logger.error(line);
    }
    throw error;
  }
}

/**
 * Hands the listed posts' summaries to custom pages (home teaser, /blogs), the way Docusaurus's
 * own website passes recent posts to its home page, after validating every post's front matter.
 * Hero URLs come from a generated module the bundler resolves, so each hero ships once.
 */
export default function blogSummaries(context: LoadContext): Plugin {
  const heroModules = {client: '', server: ''};
  return {
    name: 'blog-summaries',

    async allContentLoaded({allContent, actions}) {
      const posts = blogPostsOf(allContent, context.siteDir);
      const summaries = posts.map(
        ({permalink, title, excerpt, date, reviewed, expires}): BlogSummary => ({
          permalink,
          title,
          excerpt,
          date,
          reviewed,
          ...(expires !== undefined && {expires}),
        }),
      );
      actions.setGlobalData({summaries} satisfies BlogSummariesData);
      // The server build must not emit files: the loader differs between the two builds.
      for (const side of ['client', 'server'] as const) {
        const {inlineMarkdownAssetImageFileLoader} = getFileLoaderUtils(side === 'server').loaders;
        heroModules[side] = await actions.createData(
          `heroes.${side}.js`,
          heroesModule(posts, inlineMarkdownAssetImageFileLoader),
        );
      }
    },

    configureWebpack(_config, isServer) {
      return {
        resolve: {alias: {[HEROES_MODULE]: isServer ? heroModules.server : heroModules.client}},
      };
    },
  };
}
