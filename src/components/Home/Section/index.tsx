import type {ReactNode} from 'react';
import useBrokenLinks from '@docusaurus/useBrokenLinks';
import clsx from 'clsx';
import styles from './styles.module.css';

interface Props {
  id: string;
  title: string;
  intro?: ReactNode;
  tone?: 'plain' | 'soft';
  children: ReactNode;
}

/** A home page section: an anchor target (focusable for skip-to-section links) with an h2. */
export default function Section({id, title, intro, tone = 'plain', children}: Props): ReactNode {
  useBrokenLinks().collectAnchor(id);
  return (
    <section
      id={id}
      tabIndex={-1}
      aria-labelledby={`${id}-title`}
      className={clsx(styles.section, tone === 'soft' && styles.soft)}>
      <div className="gl-container">
        <header className={styles.header}>
          <h2 id={`${id}-title`} className={styles.title}>
            {title}
          </h2>
          {intro && <p className={styles.intro}>{intro}</p>}
        </header>
        {children}
      </div>
    </section>
  );
}
