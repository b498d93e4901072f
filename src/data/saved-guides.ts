/**
 * What an iPhone does with the guides a reader saves, and how to keep them: the "Read offline"
 * block (src/components/SaveGuides), the offline page and the privacy policy all say it in these
 * words, so they cannot drift apart.
 *
 * Sources, read on 28 November 2026: WebKit, "Full Third-Party Cookie Blocking and More" (March
 * 2020): Safari deletes a site's script-written storage, its service worker and caches included,
 * after seven days of Safari use without a visit to it; a web app added to the Home Screen is not
 * part of Safari and counts only its own days of use. WebKit, "Updates to Storage Policy" (August
 * 2023): `navigator.storage.persist()` from Safari 17 exempts a site from eviction when the disk
 * fills, which is not the seven-day rule, so the words promise nothing for it.
 */

/** What Safari may do to saved guides. */
export const IPHONE_DELETES_SAVED_GUIDES =
  'On an iPhone, Safari can delete saved guides after seven days of using Safari without opening this website.';

/** How a reader keeps them, before the steps. */
export const HOME_SCREEN_KEEPS_THEM =
  'A website added to your Home Screen is not part of Safari: it keeps its saved guides while you use it. To add it:';

/** Adding the website to the Home Screen, in Safari on an iPhone. */
export const ADD_TO_HOME_SCREEN_STEPS = [
  'In Safari, tap the Share button.',
  'Choose Add to Home Screen, then Add.',
  'Open the guides from the new icon, and save them there.',
] as const;

/**
 * Where a browser cannot save pages (no service worker): in-app browsers such as WeChat's, which
 * run a worker only for the app's own sites (WebKit's App-Bound Domains), or a private window.
 */
export const CANNOT_SAVE_HERE =
  'This browser cannot save pages for reading offline: in-app browsers, such as the one in WeChat, do not allow it.';

/** What to do instead, in WeChat's browser on an iPhone. */
export const OPEN_IN_SAFARI =
  'To save the guides, open this page in Safari: in WeChat, tap ··· at the top right, then Open in Safari.';
