import type {ReactNode} from 'react';
import Layout from '@theme/Layout';
import Link from '@docusaurus/Link';
import AppStoreBadge from '@site/src/components/AppStoreBadge';
import PageHeader from '@site/src/components/PageHeader';
import TranslatorDemo from '@site/src/components/TranslatorDemo';
import styles from './demo.module.css';

const TITLE = 'How Gotcha Screen Translator Works: Step-by-Step Demo';
const DESCRIPTION =
  'See how Gotcha Screen Translator reads Chinese apps such as Meituan and Taobao on iPhone, step by step, from starting the broadcast to tapping Stop.';

export default function TranslatorDemoPage(): ReactNode {
  return (
    <Layout title={TITLE} description={DESCRIPTION}>
      <main className={`gl-container ${styles.page}`}>
        <PageHeader
          title="How Gotcha Screen Translator works"
          intro="Gotcha shows you an English copy of the Chinese app on your iPhone screen. Here is what that looks like, in four steps, using a Meituan restaurant page as the example.">
          <p className={styles.note}>
            The pictures are illustrations drawn for this page, not a screen recording. Apps and iOS
            screens look slightly different from one version to the next.
          </p>
        </PageHeader>
        <TranslatorDemo />
        <section className={styles.facts} aria-labelledby="good-to-know">
          <h2 id="good-to-know">Good to know</h2>
          <ul>
            <li>
              iOS does not let one app draw inside another, so Gotcha never changes the app you are
              using: the English appears in its own floating window.
            </li>
            <li>
              Some banking and payment screens, and protected video, blank themselves while the
              screen is captured. They show as blank in Gotcha&rsquo;s window too.
            </li>
            <li>It works in mainland China with no VPN.</li>
            <li>It is for iPhone only.</li>
          </ul>
          <p>
            For how Gotcha compares with image translators and the iPhone&rsquo;s own tools, read{' '}
            <Link to="/blog/gotcha-vs-rest">Gotcha vs the Rest</Link>.
          </p>
        </section>
        <section className={styles.download} aria-labelledby="get-the-app">
          <h2 id="get-the-app">Get Gotcha Screen Translator</h2>
          <p>For iPhone, on the App Store.</p>
          <AppStoreBadge />
        </section>
      </main>
    </Layout>
  );
}
