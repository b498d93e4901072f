import type {ReactNode} from 'react';
import Head from '@docusaurus/Head';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {SOCIAL_CARD_SIZE, socialCardPath} from '@site/src/lib/social-card';

/** Every page shares its own 1200×630 card, generated at build by plugins/social-cards. */
function SocialCard(): ReactNode {
  const {pathname} = useLocation();
  const {siteConfig} = useDocusaurusContext();
  const image = `${siteConfig.url}${socialCardPath(pathname)}`;
  return (
    <Head>
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content={String(SOCIAL_CARD_SIZE.width)} />
      <meta property="og:image:height" content={String(SOCIAL_CARD_SIZE.height)} />
      <meta name="twitter:image" content={image} />
    </Head>
  );
}

export default function Root({children}: {children: ReactNode}): ReactNode {
  return (
    <>
      <SocialCard />
      {children}
    </>
  );
}
