import type {ReactNode} from 'react';
import BackLink from '@site/src/components/BackLink';
import styles from './styles.module.css';

interface Props {
  title: string;
  intro: ReactNode;
  /** More of the header after the intro, such as a note. */
  children?: ReactNode;
}

/** The top of a page outside the blog and the home page: a way home, the title and an intro. */
export default function PageHeader({title, intro, children}: Props): ReactNode {
  return (
    <>
      <BackLink variant="button" label="Back to Home" />
      <header className={styles.header}>
        <h1>{title}</h1>
        <p className={styles.intro}>{intro}</p>
        {children}
      </header>
    </>
  );
}
