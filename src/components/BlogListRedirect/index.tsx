import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {Redirect} from '@docusaurus/router';

/**
 * Stands in for the blog plugin's own list at /blog: /blogs is the blog index. The meta refresh
 * redirects without JavaScript and keeps the page out of search indexes; server/ answers 301.
 */
export default function BlogListRedirect(): ReactNode {
  return (
    <>
      <Head>
        <meta httpEquiv="refresh" content="0; url=/blogs" />
        <meta name="robots" content="noindex" />
      </Head>
      <Redirect to="/blogs" />
    </>
  );
}
