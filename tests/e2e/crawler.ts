import {load, type CheerioAPI} from 'cheerio';
import type {APIRequestContext} from '@playwright/test';

/** A page as a crawler sees it: the raw HTML, without running any JavaScript. */
export async function rawPage(request: APIRequestContext, path: string): Promise<CheerioAPI> {
  const response = await request.get(path);
  if (!response.ok()) throw new Error(`${path} answered ${response.status()}`);
  return load(await response.text());
}

export function meta($: CheerioAPI, key: string): string | undefined {
  return $(`meta[name="${key}"], meta[property="${key}"]`).attr('content');
}

/** Every JSON-LD object on the page (arrays flattened). */
export function structuredData($: CheerioAPI): Record<string, unknown>[] {
  return $('script[type="application/ld+json"]')
    .toArray()
    .flatMap((element) => {
      const parsed = JSON.parse($(element).text()) as unknown;
      return (Array.isArray(parsed) ? parsed : [parsed]) as Record<string, unknown>[];
    });
}
