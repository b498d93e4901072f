import type {ReactNode} from 'react';
import AppStoreBadge from '@site/src/components/AppStoreBadge';
import styles from './styles.module.css';

/** "Get the app" band: closes the blog index and every article. */
export default function DownloadCta({headingLevel}: {headingLevel: 2 | 3}): ReactNode {
  const Heading = `h${headingLevel}` as const;
  return (
    <aside className={styles.cta} aria-label="Download Gotcha Screen Translator">
      <div>
        <Heading className={styles.title}>Read Chinese apps in English</Heading>
        <p className={styles.text}>
          Gotcha Screen Translator shows Taobao, Alipay, WeChat, Meituan and more in English, in a
          floating window over the app. No VPN needed.
        </p>
      </div>
      <AppStoreBadge />
    </aside>
  );
}
