import {usePluginData} from '@docusaurus/useGlobalData';
import type {BlogSummariesData, BlogSummary} from '@site/plugins/blog-summaries';

/** Every post's summary, newest first (see plugins/blog-summaries). */
export function useBlogSummaries(): readonly BlogSummary[] {
  return (usePluginData('blog-summaries') as BlogSummariesData).summaries;
}
