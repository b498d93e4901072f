/** @jest-environment node */
import type {LegalFacts} from '../../src/data/site';
import {checkLegalFacts, legalFactPlaceholder} from '../../src/lib/legal-facts';

const unset: LegalFacts = {
  entityName: '',
  postalAddress: '',
  governingLaw: '',
  privacyEmail: '',
  aiProviderCountries: '',
  hostingCountries: '',
  databaseCountry: '',
  euRepresentative: '',
  chinaRepresentative: '',
};

const complete: LegalFacts = {
  ...unset,
  entityName: 'Example Labs Ltd',
  postalAddress: '1 Example Street, Exampletown, EX1 1EX, United Kingdom',
  governingLaw: 'England and Wales',
  privacyEmail: 'privacy@example.com',
  aiProviderCountries: 'the United States',
  hostingCountries: 'Singapore',
  databaseCountry: 'Singapore',
};

describe('the legal facts check that docusaurus.config.ts runs', () => {
  it('fails a production build without the postal address, naming the field', () => {
    expect(() => checkLegalFacts({...complete, postalAddress: ' '}, {production: true})).toThrow(
      /^site\.legal\.postalAddress is not set: /,
    );
  });

  it('names every missing field of a production build, one line each', () => {
    let message = '';
    try {
      checkLegalFacts(unset, {production: true});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message.split('\n').map((line) => line.split(':')[0])).toEqual([
      'site.legal.entityName is not set',
      'site.legal.postalAddress is not set',
      'site.legal.governingLaw is not set',
      'site.legal.privacyEmail is not set',
      'site.legal.aiProviderCountries is not set',
      'site.legal.hostingCountries is not set',
      'site.legal.databaseCountry is not set',
      'Set them in src/data/site.ts (docs/operating.md, "Legal facts") before building for production with SITE_URL.',
    ]);
  });

  it('refuses a privacy e-mail that is not an address', () => {
    expect(() =>
      checkLegalFacts({...complete, privacyEmail: 'privacy'}, {production: true}),
    ).toThrow('site.legal.privacyEmail is not an e-mail address: "privacy".');
  });

  it('passes a production build with every required fact, representatives being optional', () => {
    expect(() => checkLegalFacts(complete, {production: true})).not.toThrow();
  });

  it('lets a local build without the facts through, to show placeholders', () => {
    expect(() => checkLegalFacts(unset, {production: false})).not.toThrow();
    expect(legalFactPlaceholder('postalAddress')).toBe(
      '[postal address: set site.legal.postalAddress]',
    );
  });
});
