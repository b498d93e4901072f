import type {ReactNode} from 'react';

/** The site has no announcement bar; this keeps its code and state off every page. */
export default function AnnouncementBar(): ReactNode {
  return null;
}
