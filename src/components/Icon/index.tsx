import type {ReactNode} from 'react';

const PATHS = {
  translate:
    'M4 5h9M8.5 3v2m2.5 0c-.8 3.6-3 6.5-6.5 8.5M6 9c1.2 1.8 2.9 3.2 5 4m2 8 4.5-10L22 21m-7.5-3.5h6',
  compass: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18Zm3.5 5.5-2 5-5 2 2-5 5-2Z',
  instagram:
    'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01',
  youtube:
    'M21.5 8.2a3 3 0 0 0-2.1-2.1C17.6 5.6 12 5.6 12 5.6s-5.6 0-7.4.5A3 3 0 0 0 2.5 8.2 31 31 0 0 0 2 12a31 31 0 0 0 .5 3.8 3 3 0 0 0 2.1 2.1c1.8.5 7.4.5 7.4.5s5.6 0 7.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 22 12a31 31 0 0 0-.5-3.8ZM10 15V9l5 3-5 3Z',
  arrowLeft: 'M19 12H5m6-7-7 7 7 7',
  mail: 'M3 6h18v12H3zM3 7l9 6 9-6',
} as const;

export type IconName = keyof typeof PATHS;

/** A decorative line icon; the link or button around it carries the accessible name. */
export default function Icon({name, size = 24}: {name: IconName; size?: number}): ReactNode {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false">
      <path d={PATHS[name]} />
    </svg>
  );
}
