/** What the build tells the service worker, and what the worker tells the page. */

/** The offline page, precached: shown for an address that was never saved. */
export const OFFLINE_PAGE = '/offline.html';

export interface OfflineGuides {
  /** Each guide's page and the images it shows. */
  guides: {path: string; files: string[]}[];
  /** Other pages saved with them (the blog index). */
  pages: string[];
  /** Files every saved page uses (the stylesheet, the logo). */
  files: string[];
}

/** Sent to the page after `status` or during `save` (see src/lib/ssr-template.ts). */
export interface WorkerState {
  /** A sentence for the "save all guides" control. */
  text: string;
  /** True while saving: the control's button is disabled. */
  busy: boolean;
  /** The paths of every page saved on this device. */
  saved: string[];
}
