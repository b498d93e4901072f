import type {ReactNode} from 'react';
import clsx from 'clsx';
import Link from '@docusaurus/Link';
import Icon from '@site/src/components/Icon';
import styles from './styles.module.css';

/** A link home: `round` is an icon-only circle (named for screen readers), else a labelled button. */
export default function BackLink({
  variant,
  label,
  className,
}: {
  variant: 'round' | 'button';
  label: string;
  className?: string;
}): ReactNode {
  if (variant === 'round') {
    return (
      <Link to="/" className={clsx(styles.round, className)} aria-label={label} title={label}>
        <Icon name="arrowLeft" />
      </Link>
    );
  }
  return (
    <Link to="/" className={clsx('gl-button gl-button--secondary', className)}>
      <Icon name="arrowLeft" size={20} />
      {label}
    </Link>
  );
}
