import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import type {Product} from '@site/src/data/products';
import {site} from '@site/src/data/site';
import {jsonLdText} from '@site/src/lib/json-ld';

/**
 * Organization, WebSite and the translator app (while it is live), for search engines reading the
 * home page. No SearchAction: the site's search runs in the header's box, with no page of results
 * at a URL for one to name, and Google stopped using it (the sitelinks search box) in November 2024.
 */
export default function StructuredData({products}: {products: readonly Product[]}): ReactNode {
  const {url} = useDocusaurusContext().siteConfig;
  const organization = {
    '@type': 'Organization',
    '@id': `${url}/#organization`,
    name: site.companyName,
    description: site.blurb,
    url: `${url}/`,
    logo: `${url}/img/brand/logo.svg`,
    email: site.contactEmail,
    sameAs: [site.social.photo.url, site.social.video.url],
  };
  const translator = products.find((product) => product.appStoreBadge && !product.isComingSoon);
  const data = [
    organization,
    {
      '@type': 'WebSite',
      name: site.companyName,
      url: `${url}/`,
      publisher: {'@id': organization['@id']},
    },
    ...(translator
      ? [
          {
            '@type': 'MobileApplication',
            name: translator.title,
            description: translator.description,
            operatingSystem: 'iOS',
            applicationCategory: 'TravelApplication',
            downloadUrl: translator.link,
            installUrl: translator.link,
            publisher: {'@id': organization['@id']},
          },
        ]
      : []),
  ];
  return (
    <Head>
      <script type="application/ld+json">
        {jsonLdText({'@context': 'https://schema.org', '@graph': data})}
      </script>
    </Head>
  );
}
