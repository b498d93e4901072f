import type {LoadContext, Plugin} from '@docusaurus/types';
import type {BlogContent} from '@docusaurus/plugin-content-blog';
import {toSummaries, type BlogSummary, type HeroAsset} from './summaries';

export type {BlogSummary};

/** Global data of this plugin, read with `usePluginData('blog-summaries')`. */
export interface BlogSummariesData {
  summaries: BlogSummary[];
}

/**
 * Hands slim summaries of the blog plugin's posts to custom pages (home teaser, /blogs), validates
 * every post's front matter, and copies each hero image into the build under a hashed name.
 */
export default function blogSummaries(context: LoadContext): Plugin {
  let heroes: HeroAsset[] = [];
  return {
    name: 'blog-summaries',

    allContentLoaded({allContent, actions}) {
      const blog = allContent['docusaurus-plugin-content-blog']?.default as BlogContent | undefined;
      if (!blog) throw new Error('blog-summaries needs the blog plugin');
      const result = toSummaries(
        blog.blogPosts.map(({metadata}) => ({
          sourcePath: metadata.source.replace(/^@site/, context.siteDir),
          frontMatter: metadata.frontMatter,
          date: metadata.date,
        })),
        context.siteDir,
      );
      heroes = result.heroes;
      actions.setGlobalData({summaries: result.summaries} satisfies BlogSummariesData);
    },

    configureWebpack(_config, isServer, {currentBundler}) {
      if (isServer || heroes.length === 0) return {};
      if (currentBundler.name !== 'rspack') {
        throw new Error('blog-summaries copies hero images with Rspack: keep future.faster on');
      }
      // Rspack ships its own copy plugin; webpack's is not installed.
      const {CopyRspackPlugin} = currentBundler.instance as unknown as {
        CopyRspackPlugin: new (options: {patterns: {from: string; to: string}[]}) => object;
      };
      return {
        plugins: [new CopyRspackPlugin({patterns: heroes})] as never[],
      };
    },
  };
}
