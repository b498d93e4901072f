import type {Page} from '@playwright/test';

/**
 * Raises the browser's default font sizes (16 px body, 13 px monospace) to `percent`, as a phone's
 * text-size setting does to rem, em and % sizes. Applies to the next navigation of the page.
 */
export async function setTextSize(page: Page, percent: number): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Page.setFontSizes', {
    fontSizes: {standard: bodyTextSize(percent), fixed: Math.round(0.13 * percent)},
  });
}

/** The body text size in px at `percent`: what an em is in a media query. */
export function bodyTextSize(percent: number): number {
  return Math.round(0.16 * percent);
}
