import type {MouseEvent, ReactNode} from 'react';
import Link from '@docusaurus/Link';
import {useLocation} from '@docusaurus/router';
import {scrollToSection, type HomeSection} from '@site/src/lib/section-scroll';

interface Props {
  section: HomeSection;
  className?: string;
  children: ReactNode;
}

/**
 * A link to a home page section: on the home page it scrolls there smoothly; elsewhere it navigates
 * to `/#section` and the home page scrolls on arrival.
 */
export default function SectionLink({section, className, children}: Props): ReactNode {
  const {pathname} = useLocation();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (pathname !== '/' || event.metaKey || event.ctrlKey || event.shiftKey) return;
    if (scrollToSection(section)) {
      event.preventDefault();
      window.history.pushState(null, '', `#${section}`);
    }
  };
  return (
    <Link to={`/#${section}`} className={className} onClick={onClick}>
      {children}
    </Link>
  );
}
