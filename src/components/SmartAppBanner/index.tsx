import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {site} from '@site/src/data/site';
import {smartAppBannerContent} from '@site/src/lib/app-store';

/**
 * Safari's Smart App Banner for the screen translator, on the pages where it helps a reader (the
 * home page, /blogs and the guides), never over the legal pages or support. Safari draws it and
 * fetches the app's details from Apple itself (the privacy policy says so).
 */
export default function SmartAppBanner(): ReactNode {
  return (
    <Head>
      <meta name="apple-itunes-app" content={smartAppBannerContent(site.appStoreUrl)} />
    </Head>
  );
}
