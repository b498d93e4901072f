import {useEffect, type ReactNode} from 'react';
import Layout from '@theme/Layout';
import {useLocation} from '@docusaurus/router';
import {HtmlClassNameProvider} from '@docusaurus/theme-common';
import Hero from '@site/src/components/Home/Hero';
import BlogTeaser from '@site/src/components/Home/BlogTeaser';
import ProductShowcase from '@site/src/components/Home/ProductShowcase';
import StructuredData from '@site/src/components/Home/StructuredData';
import SmartAppBanner from '@site/src/components/SmartAppBanner';
import {useProducts} from '@site/src/hooks/useProducts';
import {scrollToSection} from '@site/src/lib/section-scroll';

/**
 * What search results and shared links show for the site: what it offers, where the hero's slogan
 * (the company's message) would say nothing about it.
 */
const TITLE = 'Screen Translator and Trip Planner for China';
const DESCRIPTION =
  'An iPhone app that shows Chinese apps like Taobao and WeChat in English, a Trip Planner website, and free, dated guides to travelling and living in China.';

export default function Home(): ReactNode {
  const products = useProducts();
  const {hash} = useLocation();
  useEffect(() => {
    if (hash) scrollToSection(decodeURIComponent(hash.slice(1)));
  }, [hash]);
  // `gl-home` lets CSS glide to a section of /#hash before any script runs (src/css/custom.css).
  return (
    <HtmlClassNameProvider className="gl-home">
      <Layout title={TITLE} description={DESCRIPTION}>
        <StructuredData products={products} />
        <SmartAppBanner />
        <main>
          <Hero />
          <ProductShowcase products={products} />
          <BlogTeaser />
        </main>
      </Layout>
    </HtmlClassNameProvider>
  );
}
