import {logger} from '@docusaurus/logger';
import type {BlogPost, Options as BlogOptions} from '@docusaurus/plugin-content-blog';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {load} from 'cheerio';
import type {FreshnessData} from '../../contracts/plugin-data';
import {reviewsOf} from '../../src/lib/changes';
import {parseDay, toLongDate} from '../../src/lib/dates';
import {toSiteSettings} from '../../src/lib/site-settings';
import {endedNotice} from '../../src/lib/ended-rules';
import {type Articles, blogPostsOf} from '../articles';
import {checkArticle, entryRuleFindings, firstMarkedDay, formatFinding} from './check';

type CreateFeedItems = NonNullable<NonNullable<BlogOptions['feedOptions']>['createFeedItems']>;

type ProcessBlogPosts = NonNullable<BlogOptions['processBlogPosts']>;

/**
 * Posts whose title, description and excerpt hold only until a day (front matter `expires`) say
 * first in their description that it has ended, in a build after that day in China: the page's
 * description and sharing tags, its sharing card and the feeds all read it. The cards say so
 * through `<Expires>` (src/components/BlogCard), on the reader's day too.
 */
export function describeEndedPosts(buildDay: Date, articles: Articles): ProcessBlogPosts {
  return ({blogPosts}) =>
    Promise.resolve(
      blogPosts.map((post) => {
        const {expires} = articles.ofPost(post).frontMatter;
        const lastDay = expires === undefined ? undefined : parseDay(expires);
        if (lastDay === undefined || lastDay >= buildDay) return post;
        const description = `${endedNotice(toLongDate(lastDay))} ${post.metadata.description}`;
        return {...post, metadata: {...post.metadata, description}};
      }),
    );
}

/** When a post was last reviewed (`last_update.date`), or published if never. */
function reviewedAt(post: BlogPost): Date {
  return new Date(post.metadata.lastUpdatedAt ?? post.metadata.date);
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);

/** The latest review's day and its changes, as a short list for the top of a feed item. */
function latestChanges(post: BlogPost, articles: Articles): string {
  const [latest] = reviewsOf(articles.ofPost(post).frontMatter.changes);
  if (latest === undefined) return '';
  const lines = latest.changes.map((what) => `<li>${escapeHtml(what)}</li>`).join('');
  const day = toLongDate(new Date(latest.date));
  return `<p><strong>What changed since our last check, ${day}:</strong></p><ul>${lines}</ul>`;
}

/**
 * The first day a fact in the post's text was announced to end, when that day is before
 * `buildDay` (China's day): what the notice at the top of the guide names in a build after it.
 */
function endedBefore(post: BlogPost, buildDay: Date): Date | undefined {
  const first = firstMarkedDay(post.content);
  const day = first === undefined ? undefined : parseDay(first);
  return day !== undefined && day < buildDay ? day : undefined;
}

/**
 * A feed item's HTML without the notes after marked facts, hidden or shown (a feed reader may
 * drop the `hidden` attribute, and a note repeated after each fact is noise there), with the
 * guide's notice first once a fact is past its last day on `buildDay`.
 */
export function feedContent(html: string, post: BlogPost, buildDay: Date): string {
  const $ = load(html, null, false);
  $('[data-ended]').remove();
  const ended = endedBefore(post, buildDay);
  if (ended !== undefined)
    $.root().prepend(`<p><strong>${endedNotice(toLongDate(ended))}</strong></p>`);
  return $.html();
}

/**
 * The feeds' entries as the blog plugin makes them, each updated on its review date and
 * published on its publication date (Atom `<updated>`/`<published>`; RSS keeps `pubDate`), their
 * content led by what the latest review changed, as the page's "What changed" says, and made by
 * `feedContent` on the build's day in China.
 */
export function feedItemsOn(buildDay: Date, articles: Articles): CreateFeedItems {
  return async ({defaultCreateFeedItems, ...params}) => {
    const items = await defaultCreateFeedItems(params);
    return items.map((item, index) => {
      const post = params.blogPosts[index];
      if (!post) throw new Error(`No blog post for feed item ${item.link}`);
      const content = `${latestChanges(post, articles)}${item.content ?? ''}`;
      return {
        ...item,
        content: feedContent(content, post, buildDay),
        date: reviewedAt(post),
        published: new Date(post.metadata.date),
      };
    });
  };
}

/**
 * Keeps the blog's freshness visible: the build lists facts that have ended or end soon (in
 * China's calendar) and articles due for review, the same list as `npm run check-content`, as
 * warnings: a build never fails on a calendar date, only on a mark it cannot read (blog-summaries
 * checks the front matter's dates).
 */
export default function freshness(context: LoadContext, articles: Articles): Plugin {
  return {
    name: 'freshness',

    allContentLoaded({allContent, actions}) {
      const posts = blogPostsOf(allContent);
      // The build's own day in China (BUILD_DATE builds as on another).
      const buildDay = parseDay(toSiteSettings(context.siteConfig.customFields).buildDay);
      if (!buildDay) throw new Error('freshness needs customFields.buildDay (YYYY-MM-DD)');
      const findings = [
        ...entryRuleFindings(),
        ...posts.flatMap((post) => checkArticle(articles.ofPost(post), buildDay)),
      ];
      // Each guide's first marked day, so a build after it shows the guide's notice in its HTML.
      const firstMarks: FreshnessData['firstMarks'] = {};
      for (const post of posts) {
        const first = firstMarkedDay(post.content);
        if (first !== undefined) firstMarks[post.metadata.permalink] = first;
      }
      actions.setGlobalData({firstMarks} satisfies FreshnessData);
      const invalid = findings.filter((finding) => finding.kind === 'invalid');
      if (invalid.length > 0) {
        // Docusaurus prints a failed plugin's error under its own stack; the writer's lines go first.
        for (const finding of invalid) logger.error(formatFinding(finding));
        throw new Error(invalid.map(formatFinding).join('\n'));
      }
      for (const finding of findings) logger.warn(formatFinding(finding));
    },
  };
}
