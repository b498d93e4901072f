/** The home page sections that `/#id` links and the Products button scroll to. */
export type HomeSection = 'about' | 'products' | 'blogs';

function prefersReducedMotion(): boolean {
  return window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * Scrolls to a section smoothly (or jumps, for visitors who ask for reduced motion) and moves
 * keyboard focus there, so the next Tab continues from the section. Returns false when the section
 * is not on this page.
 */
export function scrollToSection(id: string): boolean {
  const section = document.getElementById(id);
  if (!section) return false;
  section.scrollIntoView({behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start'});
  section.focus({preventScroll: true});
  return true;
}
