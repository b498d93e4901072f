import {site} from '../../src/data/site';
import {appStoreId, smartAppBannerContent} from '../../src/lib/app-store';

describe("the app's App Store id, from its store address (appStoreId)", () => {
  it("names the screen translator by the number in site.ts's App Store address", () => {
    expect(site.appStoreUrl).toContain('/id6744230870');
    expect(smartAppBannerContent(site.appStoreUrl)).toBe('app-id=6744230870');
  });

  it.each([
    ['https://apps.apple.com/cn/app/gotcha-screen-translator/id123456789', '123456789'],
    ['https://apps.apple.com/app/id123456789?mt=8', '123456789'],
  ])('reads %s', (url, id) => {
    expect(appStoreId(url)).toBe(id);
  });

  it.each([
    'https://apps.apple.com/app/gotcha-screen-translator',
    'https://example.com/app/id123456789',
    'https://apps.apple.com/app/gotcha/id12ab',
  ])('refuses %s, naming the shape it needs', (url) => {
    expect(() => appStoreId(url)).toThrow(/ends in id and the app's number/);
  });
});
