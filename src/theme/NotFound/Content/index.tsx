import {useEffect, type ReactNode} from 'react';
import Head from '@docusaurus/Head';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import useDocusaurusContext from '@docusaurus/useDocusaurusContext';
import {socialCardPath} from '@site/src/lib/social-card';
import styles from './styles.module.css';

const DESCRIPTION =
  'This page does not exist or has moved. Find guides to life in China and the Gotcha apps from the home page.';

/**
 * The not-found page ("Oops! Page not found", Return to Home) logs the path in the console; the
 * server answers it with status 404 and logs the path too.
 */
export default function NotFoundContent(): ReactNode {
  const {pathname} = useLocation();
  const {siteConfig} = useDocusaurusContext();
  useEffect(() => {
    console.warn(`Page not found: ${pathname}`);
  }, [pathname]);
  return (
    <main className={styles.main}>
      <Head>
        <meta name="description" content={DESCRIPTION} />
        <meta property="og:description" content={DESCRIPTION} />
        <meta name="robots" content="noindex" />
        <meta property="og:image" content={`${siteConfig.url}${socialCardPath('/404.html')}`} />
        <meta name="twitter:image" content={`${siteConfig.url}${socialCardPath('/404.html')}`} />
      </Head>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>Oops! Page not found</h1>
      <p className={styles.text}>
        The page you were looking for has moved or never existed. Let’s get you back on track.
      </p>
      <Link to="/" className="gl-button">
        Return to Home
      </Link>
    </main>
  );
}
