/** What the build tells the service worker, and what the worker tells the page. */

/** The worker's address: the page script registers it, every host serves it `no-cache`. */
export const WORKER_PATH = '/sw.js';

/**
 * The web app manifest: every page links it, and the worker keeps it with the images, so a site
 * added to the Home Screen keeps its name and colours offline.
 */
export const MANIFEST_PATH = '/manifest.webmanifest';

/** The offline page, precached: shown for an address that was never saved. */
export const OFFLINE_PAGE = '/offline.html';

/** What "save all guides" saves, each page with the images and stylesheet it shows. */
export interface OfflineGuides {
  /** The guides' paths. */
  guides: string[];
  /** Other pages saved with them (the blog index). */
  pages: string[];
}

/** Sent to the page after `status` or during `save` (see build-steps/page-template/ssr-template.ts). */
export interface WorkerState {
  /** A sentence for the "save all guides" control. */
  text: string;
  /** True while saving: the control's button is disabled. */
  busy: boolean;
  /** The paths of every page saved on this device. */
  saved: string[];
}
