import type {ReactNode} from 'react';
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
import BackLink from '@site/src/components/BackLink';
import DownloadCta from '@site/src/components/DownloadCta';
import {BLOG_TITLE, site} from '@site/src/data/site';
import {toDisplayDate} from '@site/src/lib/dates';
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
      <script type="application/ld+json">{JSON.stringify(structuredData)}</script>
    </PageMetadata>
  );
}

function Article({children}: {children: ReactNode}): ReactNode {
  const {metadata, frontMatter, assets} = useBlogPost();
  // The front matter's `image`, which plugins/blog-summaries requires of every post.
  const heroUrl = assets.image;
  if (heroUrl === undefined) throw new Error(`No hero image for ${metadata.permalink}`);
  // Optional: without it the hero is treated as decoration, as the title follows it.
  const {image_alt: imageAlt} = frontMatter as {image_alt?: string};
  return (
    <Layout>
      <ArticleHead heroUrl={heroUrl} />
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
            <time className={styles.date} dateTime={metadata.date}>
              {toDisplayDate(metadata.date)}
            </time>
          </header>
          <div id={blogPostContainerID} className="markdown">
            <MDXContent>{children}</MDXContent>
          </div>
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
