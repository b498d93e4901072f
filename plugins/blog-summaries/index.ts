import type {LoadContext, Plugin} from '@docusaurus/types';
import {getFileLoaderUtils} from '@docusaurus/utils';
import type {BlogSummariesData, BlogSummary} from '../../contracts/plugin-data';
import {type Articles, blogPostsOf} from '../articles';
import {heroesModule, listedPosts} from './summaries';

/** Import path of the permalink → hero URL module (types in ./heroes.d.ts). */
const HEROES_MODULE = '@blog-summaries/heroes';

/**
 * Hands the listed posts' summaries to custom pages (home teaser, /blogs), the way Docusaurus's
 * own website passes recent posts to its home page, after the rules across posts. Hero URLs come
 * from a generated module the bundler resolves, so each hero ships once.
 */
export default function blogSummaries(_context: LoadContext, articles: Articles): Plugin {
  const heroModules = {client: '', server: ''};
  return {
    name: 'blog-summaries',

    async allContentLoaded({allContent, actions}) {
      const posts = listedPosts(blogPostsOf(allContent), articles);
      const summaries = posts.map(
        ({permalink, title, excerpt, date, reviewed, expires, group}): BlogSummary => ({
          permalink,
          title,
          excerpt,
          date,
          reviewed,
          ...(expires !== undefined && {expires}),
          ...(group !== undefined && {group}),
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
