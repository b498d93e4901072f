import {site} from '../../src/data/site';
import {legalFactPlaceholder, type TextFact} from '../../src/lib/legal-facts';
import {expect, open, test} from './fixtures';
import {meta, rawPage} from './crawler';

const PAGES = [
  {path: '/gotcha-screen-translator/privacy-policy', heading: 'Privacy Policy', legal: true},
  {path: '/gotcha-screen-translator/terms-of-service', heading: 'Terms of Service', legal: true},
  {path: '/gotcha-screen-translator/support', heading: 'Support', legal: false},
] as const;

test.describe('translator pages', () => {
  for (const {path, heading} of PAGES) {
    test(`${heading} has its heading and its own title, description and card in the raw HTML`, async ({
      page,
      request,
    }) => {
      await open(page, path);
      await expect(page.getByRole('heading', {level: 1})).toHaveText(heading);
      const $ = await rawPage(request, path);
      expect($('title').text()).toBe(`${heading} | ${site.companyName}`);
      expect(meta($, 'description')?.length).toBeGreaterThan(100);
      expect($('link[rel="canonical"]').attr('href')).toMatch(new RegExp(`${path}$`));
      expect(meta($, 'og:image')).toMatch(new RegExp(`/img/social${path}\\.png$`));
    });
  }

  test('the legal pages say "Last Updated" with the visitor’s date, not the build’s', async ({
    page,
  }) => {
    // The browser's clock stands still at noon on a day that is not the build's, so the page and
    // this expectation read the same day even when the test runs across midnight.
    await page.clock.setFixedTime(new Date(2031, 6, 4, 12, 0));
    for (const {path} of PAGES.filter((entry) => entry.legal)) {
      await open(page, path);
      await expect(page.getByText(/^Last Updated:/)).toHaveText('Last Updated: 4 July 2031');
    }
  });

  test('the legal pages give a fixed effective date and name who is responsible', async ({
    page,
  }) => {
    // A production build has every fact; a local one shows each missing fact's placeholder.
    const shown = (field: TextFact) => site.legal[field].trim() || legalFactPlaceholder(field);
    for (const {path} of PAGES.filter((entry) => entry.legal)) {
      await open(page, path);
      const main = page.getByRole('main');
      await expect(main.getByText(/^Effective date: \d{1,2} [A-Z][a-z]+ \d{4}\.$/)).toBeVisible();
      for (const field of ['entityName', 'postalAddress'] as const) {
        await expect(main.getByText(shown(field)).first()).toBeVisible();
      }
    }
  });

  test('the privacy policy says the app is not directed at children under 4', async ({page}) => {
    await open(page, '/gotcha-screen-translator/privacy-policy');
    await expect(page.getByText('The app is not directed at children under 4.')).toBeVisible();
  });

  test('the privacy policy names each processor, its country and the EU, UK and China representatives, and answers Do Not Track and GDPR Art. 9', async ({
    page,
  }) => {
    const shown = (field: TextFact) => site.legal[field].trim() || legalFactPlaceholder(field);
    await open(page, '/gotcha-screen-translator/privacy-policy');
    const main = page.getByRole('main');
    for (const field of [
      'hostingCountries',
      'databaseCountry',
      'euRepresentative',
      'ukRepresentative',
      'chinaRepresentative',
      'tripPlannerRetention',
    ] as const) {
      await expect(main.getByText(shown(field)).first()).toBeVisible();
    }
    // Each product's AI providers, by name, or the placeholder that says they are not set yet.
    const providers = site.legal.aiProviders.map((provider) => provider.name);
    for (const name of providers.length > 0 ? providers : [legalFactPlaceholder('aiProviders')]) {
      await expect(main.getByText(name).first()).toBeVisible();
    }
    await expect(main.getByText(/Do Not Track/)).toBeVisible();
    await expect(main.getByText(/explicit consent \(Art\. 9\(2\)\(a\)\)/)).toBeVisible();
    // The age rule is stated once, in the terms, and the policy points there.
    await main.getByRole('link', {name: 'Terms of Service'}).first().click();
    await expect(
      page.getByText(/You may use the app on your own if you are at least 13/),
    ).toBeVisible();
  });

  test('the privacy policy gives UK users the complaints route, and the terms cover the Trip Planner', async ({
    page,
  }) => {
    await open(page, '/gotcha-screen-translator/privacy-policy');
    const main = page.getByRole('main');
    await expect(main.getByText('Complaints to us, in the UK.')).toBeVisible();
    await expect(
      main.getByText(/We confirm that we have received it within 30 days/),
    ).toBeVisible();
    await main.getByRole('link', {name: 'Terms of Service'}).last().click();
    await expect(page).toHaveURL('/gotcha-screen-translator/terms-of-service');
    await main.getByRole('link', {name: 'The Trip Planner', exact: true}).click();
    await expect(page.getByRole('heading', {name: 'The Trip Planner'})).toBeInViewport();
    await expect(page.getByText(/Apple has no part in the Trip Planner/)).toBeVisible();
  });

  test('the footer leads to the Trip Planner’s own section of the privacy policy', async ({
    page,
  }) => {
    await open(page, '/');
    await page.getByRole('contentinfo').getByRole('link', {name: 'Trip Planner Privacy'}).click();
    await expect(page).toHaveURL('/gotcha-screen-translator/privacy-policy#trip-planner');
    await expect(page.getByRole('heading', {name: 'The Trip Planner'})).toBeInViewport();
  });

  test('support says what the translation service’s logs hold and how long', async ({page}) => {
    await open(page, '/gotcha-screen-translator/support');
    const logs = site.legal.translationLogs.trim() || legalFactPlaceholder('translationLogs');
    await expect(page.getByRole('main').getByText(logs)).toBeVisible();
  });

  test('support gives the contact e-mail as a mailto link and links the legal pages', async ({
    page,
  }) => {
    await open(page, '/gotcha-screen-translator/support');
    const main = page.getByRole('main');
    await expect(main.getByRole('link', {name: site.contactEmail}).first()).toHaveAttribute(
      'href',
      `mailto:${site.contactEmail}`,
    );
    await main.getByRole('link', {name: 'Terms of Service'}).click();
    await expect(page).toHaveURL('/gotcha-screen-translator/terms-of-service');
  });
});
