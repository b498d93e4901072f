import {usePluginData} from '@docusaurus/useGlobalData';
import heroes from '@blog-summaries/heroes';
import type {BlogSummariesData, BlogSummary} from '@site/contracts/plugin-data';

/** A listed post as the cards show it. */
export interface BlogCardPost extends BlogSummary {
  /** URL of the hero image. */
  image: string;
}

/** Every listed post, newest first (see plugins/blog-summaries). */
export function useBlogSummaries(): readonly BlogCardPost[] {
  const {summaries} = usePluginData('blog-summaries') as BlogSummariesData;
  return summaries.map((summary) => {
    const image = heroes[summary.permalink];
    if (image === undefined) throw new Error(`No hero for ${summary.permalink}`);
    return {...summary, image};
  });
}
