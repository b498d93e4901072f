import type {ReactNode} from 'react';
import clsx from 'clsx';
import {usePluginData} from '@docusaurus/useGlobalData';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {
  BlogPostProvider,
  useBlogPost,
  useBlogPostStructuredData,
} from '@docusaurus/plugin-content-blog/client';
import {PageMetadata} from '@docusaurus/theme-common';
import {useTitleFormatter} from '@docusaurus/theme-common/internal';
import {blogPostContainerID} from '@docusaurus/utils-common';
import type {Props} from '@theme/BlogPostPage';
import Layout from '@theme/Layout';
import MDXContent from '@theme/MDXContent';
import TOCItemTree from '@theme/TOCItems/Tree';
import BackLink from '@site/src/components/BackLink';
import DownloadCta from '@site/src/components/DownloadCta';
import RelatedGuides from '@site/src/components/RelatedGuides';
import SaveGuides from '@site/src/components/SaveGuides';
import SmartAppBanner from '@site/src/components/SmartAppBanner';
import type {FreshnessData} from '@site/contracts/plugin-data';
import WhatChanged from '@site/src/components/WhatChanged';
import {BLOG_TITLE, site} from '@site/src/data/site';
import {useBuildDay} from '@site/src/hooks/useSiteSettings';
import {reviewsOf} from '@site/src/lib/changes';
import {articleFrontMatter} from '@site/contracts/article';
import {parseDay, toDisplayDate, toLongDate} from '@site/src/lib/dates';
import {ENDED_NOTICE} from '@site/src/lib/ended-rules';
import {jsonLdText} from '@site/src/lib/json-ld';
import {socialCardPath} from '@site/src/lib/social-card';
import styles from './styles.module.css';

/**
 * The page's head: the title (the theme's title formatter adds the blog suffix), description,
 * sharing tags, and the blog plugin's BlogPosting data completed with the card, the company as
 * author and publisher, and a BreadcrumbList.
 */
function ArticleHead({heroUrl}: {heroUrl: string}): ReactNode {
  const {metadata} = useBlogPost();
  const {siteConfig} = useDocusaurusContext();
  const posting = useBlogPostStructuredData();
  const pageTitle = useTitleFormatter().format(metadata.title);
  const url = `${siteConfig.url}${metadata.permalink}`;
  const company = {'@type': 'Organization', name: site.companyName, url: siteConfig.url};
  const structuredData = [
    {
      ...posting,
      image: [
        `${siteConfig.url}${socialCardPath(metadata.permalink)}`,
        `${siteConfig.url}${heroUrl}`,
      ],
      author: company,
      publisher: {
        ...company,
        logo: {'@type': 'ImageObject', url: `${siteConfig.url}/img/brand/logo.svg`},
      },
      isPartOf: {'@type': 'Blog', '@id': `${siteConfig.url}/blogs`, name: BLOG_TITLE},
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        {'@type': 'ListItem', position: 1, name: 'Home', item: `${siteConfig.url}/`},
        {'@type': 'ListItem', position: 2, name: 'Blog', item: `${siteConfig.url}/blogs`},
        {'@type': 'ListItem', position: 3, name: metadata.title, item: url},
      ],
    },
  ];
  return (
    <PageMetadata title={metadata.title} description={metadata.description}>
      <meta name="twitter:title" content={pageTitle} />
      <meta name="twitter:description" content={metadata.description} />
      <meta property="og:type" content="article" />
      <meta property="article:published_time" content={metadata.date} />
      <script type="application/ld+json">{jsonLdText(structuredData)}</script>
    </PageMetadata>
  );
}

/** The publication date, then the day the facts were last checked and the reading time. */
function ArticleDates(): ReactNode {
  const {metadata} = useBlogPost();
  const {date, readingTime, lastUpdatedAt} = metadata;
  return (
    <div className={styles.dates}>
      <time className={styles.date} dateTime={date}>
        {toDisplayDate(date)}
      </time>
      {/* Regular text only: a bold and a regular face on one line laid the line out a pixel
          taller on some loads, moving everything below it. */}
      <p className={styles.meta}>
        {lastUpdatedAt !== undefined && lastUpdatedAt !== null && (
          <span>
            Updated{' '}
            <time dateTime={new Date(lastUpdatedAt).toISOString().slice(0, 10)}>
              {toLongDate(new Date(lastUpdatedAt))}
            </time>
          </span>
        )}
        {readingTime !== undefined && (
          <span className={styles.readingTime}>{Math.max(1, Math.ceil(readingTime))} min read</span>
        )}
      </p>
    </div>
  );
}

/**
 * "On this page": one navigation landmark holding a native disclosure for phones and a list
 * beside the text for wide screens (CSS shows one), so both work before, or without, any script.
 */
function Contents(): ReactNode {
  // The theme's TOCItems would also run its scroll highlight, which reads the height of a
  // `.navbar` this site's header does not have: its tree alone renders the list.
  const sections = useBlogPost()
    .toc.filter((heading) => heading.level === 2)
    .map((heading) => ({...heading, children: []}));
  if (sections.length === 0) return null;
  return (
    <nav className={styles.contents} aria-label="On this page">
      <details className={styles.tocInline}>
        <summary className={styles.tocSummary}>On this page</summary>
        <TOCItemTree
          toc={sections}
          className={clsx(styles.tocList)}
          linkClassName="table-of-contents__link"
        />
      </details>
      <div className={styles.tocAside}>
        <p className={styles.tocTitle} aria-hidden="true">
          On this page
        </p>
        <TOCItemTree
          toc={sections}
          className="table-of-contents table-of-contents__left-border"
          linkClassName="table-of-contents__link"
        />
      </div>
    </nav>
  );
}

/**
 * "Some rules in this guide were announced to end on …", under the title, for the guide's own
 * marked facts (not those of the related guides' blurbs): shown in the HTML by a build after the
 * first of them ends, and by the page script on the reader's day in China (it copies the date
 * from that fact's note into the time, whose text child lets hydration keep it).
 */
function EndedNotice(): ReactNode {
  const {metadata} = useBlogPost();
  const {firstMarks} = usePluginData('freshness') as FreshnessData;
  const buildDay = useBuildDay();
  const first = firstMarks[metadata.permalink];
  const lastDay = first === undefined ? undefined : parseDay(first);
  const ended = lastDay !== undefined && buildDay > lastDay;
  return (
    <p
      className={styles.endedNotice}
      data-ended-notice={blogPostContainerID}
      hidden={!ended}
      suppressHydrationWarning>
      {ENDED_NOTICE.before}
      <time suppressHydrationWarning>{ended ? toLongDate(lastDay) : ' '}</time>
      {ENDED_NOTICE.after}
    </p>
  );
}

function Article({children}: {children: ReactNode}): ReactNode {
  const {metadata, frontMatter, assets} = useBlogPost();
  // The front matter's `image`, which plugins/blog-summaries requires of every post.
  const heroUrl = assets.image;
  if (heroUrl === undefined) throw new Error(`No hero image for ${metadata.permalink}`);
  // `image_alt` is optional: without it the hero is treated as decoration, as the title follows it.
  const {image_alt: imageAlt, related, changes} = articleFrontMatter(frontMatter);
  return (
    <Layout>
      <ArticleHead heroUrl={heroUrl} />
      <SmartAppBanner />
      <main className={styles.page}>
        <div className={styles.topBar}>
          <BackLink variant="round" label="Back to home" />
        </div>
        <article className={styles.article}>
          <header className={styles.header}>
            <img
              className={styles.hero}
              src={heroUrl}
              alt={imageAlt ?? ''}
              width={1200}
              height={630}
              fetchPriority="high"
            />
            <h1 className={styles.title}>{metadata.title}</h1>
            <ArticleDates />
          </header>
          <EndedNotice />
          <WhatChanged reviews={reviewsOf(changes)} />
          <Contents />
          <div id={blogPostContainerID} className="markdown">
            <MDXContent>{children}</MDXContent>
          </div>
          <RelatedGuides permalink={metadata.permalink} related={related} />
          <SaveGuides />
          <DownloadCta headingLevel={2} />
        </article>
        <div className={styles.bottomBar}>
          <BackLink variant="button" label="Back" />
        </div>
      </main>
    </Layout>
  );
}

/** An article: round back arrow, hero, title, date, sections, the App Store badge, Back. */
export default function BlogPostPage({content: Content}: Props): ReactNode {
  return (
    <BlogPostProvider content={Content} isBlogPostPage>
      <Article>
        <Content />
      </Article>
    </BlogPostProvider>
  );
}
