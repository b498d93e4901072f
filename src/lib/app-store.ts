/**
 * The App Store id of an app, from its store page's address (`…/id6744230870`): the Smart App
 * Banner names the app by it, and the address in src/data/site.ts stays its one source.
 */
export function appStoreId(storeUrl: string): string {
  const id = /^https:\/\/apps\.apple\.com\/(?:[a-z]{2}\/)?app\/(?:[^/]+\/)?id(\d+)(?:[/?#]|$)/.exec(
    storeUrl,
  )?.[1];
  if (!id) {
    throw new Error(
      `An App Store address ends in id and the app's number, like https://apps.apple.com/app/gotcha/id6744230870, not ${storeUrl}`,
    );
  }
  return id;
}

/**
 * The Smart App Banner's meta tag: Safari on an iPhone draws the banner itself and fetches the
 * app's details from Apple; the page makes no request for it.
 */
export function smartAppBannerContent(storeUrl: string): string {
  return `app-id=${appStoreId(storeUrl)}`;
}
