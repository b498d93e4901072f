import type {AiProviderFacts, LegalFacts} from '../../src/data/site';
import {products} from '../../src/data/products';
import {checkLegalFacts, legalFactPlaceholder} from '../../src/lib/legal-facts';

const unset: LegalFacts = {
  entityName: '',
  postalAddress: '',
  governingLaw: '',
  privacyEmail: '',
  aiProviders: [],
  hostingCountries: '',
  databaseCountry: '',
  euRepresentative: '',
  chinaRepresentative: '',
  ukRepresentative: '',
  translationLogs: '',
  tripPlannerRetention: '',
};

/** A complete provider for a product. */
function provider(product: string): AiProviderFacts {
  return {
    product,
    name: 'Example AI, Inc.',
    sends: 'the text you give it',
    purpose: 'answer you',
    countries: 'the United States',
    retention: 'for up to 30 days to detect abuse, then deletes them',
    termsUrl: 'https://example.com/terms',
  };
}

const complete: LegalFacts = {
  ...unset,
  entityName: 'Example Labs Ltd',
  postalAddress: '1 Example Street, Exampletown, EX1 1EX, United Kingdom',
  governingLaw: 'England and Wales',
  privacyEmail: 'privacy@example.com',
  aiProviders: products.map((product) => provider(product.id)),
  hostingCountries: 'Singapore',
  databaseCountry: 'Singapore',
  euRepresentative: 'Example EU Representative GmbH, 3 Beispielstraße, 10115 Berlin, Germany',
  ukRepresentative: 'Example Representative Ltd, 2 Example Road, London, EC1 1EX',
  chinaRepresentative: 'none needed: Example Labs Ltd is established in mainland China',
  translationLogs: 'They hold no IP address. We delete them after 30 days.',
  tripPlannerRetention: 'We delete a conversation 30 days after its last message.',
};

/** The message a production build fails with, or '' when it passes. */
function failure(legal: LegalFacts): string {
  try {
    checkLegalFacts(legal, {production: true});
  } catch (error) {
    return (error as Error).message;
  }
  return '';
}

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
      'site.legal.hostingCountries is not set',
      'site.legal.databaseCountry is not set',
      'site.legal.euRepresentative is not set',
      'site.legal.ukRepresentative is not set',
      'site.legal.chinaRepresentative is not set',
      'site.legal.translationLogs is not set',
      'site.legal.tripPlannerRetention is not set',
      'site.legal.aiProviders is incomplete (none for screen-translator; none for trip-planner)',
      'Set them in src/data/site.ts (docs/operating.md, "Legal facts") before a production build.',
    ]);
  });

  it('fails without the AI providers in one line, naming each product that has none', () => {
    const lines = failure({...complete, aiProviders: [provider('screen-translator')]}).split('\n');
    expect(lines).toEqual([
      'site.legal.aiProviders is incomplete (none for trip-planner): the privacy policy must name each AI provider, what it receives and how long it keeps it (App Review Guideline 5.1.2(i)).',
      'Set it in src/data/site.ts (docs/operating.md, "Legal facts") before a production build.',
    ]);
  });

  it('names in that one line the fields a listed provider lacks, bad terms and unknown products', () => {
    const lines = failure({
      ...complete,
      aiProviders: [
        {...provider('screen-translator'), retention: ' ', termsUrl: ''},
        {...provider('trip-planner'), termsUrl: 'example.com/terms'},
        provider('trip-planer'),
      ],
    }).split('\n');
    expect(lines[0]).toBe(
      'site.legal.aiProviders is incomplete ([0] lacks retention, termsUrl; [1] termsUrl is not an https:// address ("example.com/terms"); [2] names no product ("trip-planer")): the privacy policy must name each AI provider, what it receives and how long it keeps it (App Review Guideline 5.1.2(i)).',
    );
    expect(lines).toHaveLength(2);
  });

  it('refuses a privacy e-mail that is not an address', () => {
    expect(() =>
      checkLegalFacts({...complete, privacyEmail: 'privacy'}, {production: true}),
    ).toThrow('site.legal.privacyEmail is not an e-mail address: "privacy".');
  });

  it('passes a production build with every required fact', () => {
    expect(() => checkLegalFacts(complete, {production: true})).not.toThrow();
  });

  it('requires the EU and China representatives: a name and address, or why none is needed', () => {
    expect(failure({...complete, euRepresentative: '', chinaRepresentative: ''})).toMatch(
      /^site\.legal\.euRepresentative is not set: .*\nsite\.legal\.chinaRepresentative is not set: /,
    );
    for (const none of ['none named; please write to us directly.', 'None', 'none needed:']) {
      expect(failure({...complete, chinaRepresentative: none}).split('\n')[0]).toBe(
        `site.legal.chinaRepresentative names no one and gives no reason ("${none}"): set a name and address, or "none needed: <why>".`,
      );
    }
  });

  it.each([
    ['U+200B ZERO WIDTH SPACE', '\u200B'],
    ['U+2060 WORD JOINER', '\u2060\u2060'],
    ['U+3164 HANGUL FILLER', '\u3164'],
    ['U+00AD SOFT HYPHEN', ' \u00AD '],
    ['U+200D and U+00A0', '\u200D\u00A0'],
  ])(
    'refuses a fact made only of invisible characters (%s), the privacy e-mail included',
    (_, invisible) => {
      for (const field of ['postalAddress', 'privacyEmail', 'euRepresentative'] as const) {
        expect(failure({...complete, [field]: invisible}).split('\n')[0]).toMatch(
          new RegExp(`^site\\.legal\\.${field} is not set \\(only invisible characters\\): `),
        );
      }
      const lines = failure({
        ...complete,
        aiProviders: [
          {...provider('screen-translator'), name: invisible},
          provider('trip-planner'),
        ],
      }).split('\n');
      expect(lines[0]).toMatch(/^site\.legal\.aiProviders is incomplete \(\[0\] lacks name\)/);
    },
  );

  it('refuses a fact set to its own placeholder, or to another fact’s, in one line naming it', () => {
    for (const field of ['entityName', 'privacyEmail', 'ukRepresentative'] as const) {
      const lines = failure({...complete, [field]: legalFactPlaceholder(field)}).split('\n');
      expect(lines).toEqual([
        `site.legal.${field} is still a placeholder ("${legalFactPlaceholder(field)}"): set the ${/^\[([^:]+):/.exec(legalFactPlaceholder(field))?.[1]} itself.`,
        'Set it in src/data/site.ts (docs/operating.md, "Legal facts") before a production build.',
      ]);
    }
    expect(
      failure({...complete, governingLaw: `\u200B${legalFactPlaceholder('postalAddress')}`}),
    ).toMatch(/^site\.legal\.governingLaw is still a placeholder /);
  });

  it('refuses a privacy e-mail with an invisible character inside it', () => {
    expect(failure({...complete, privacyEmail: 'privacy\u200B@example.com'})).toMatch(
      /^site\.legal\.privacyEmail is not an e-mail address: /,
    );
  });

  it('lets a local build without the facts through, to show placeholders', () => {
    expect(() => checkLegalFacts(unset, {production: false})).not.toThrow();
    expect(legalFactPlaceholder('postalAddress')).toBe(
      '[postal address: set site.legal.postalAddress]',
    );
  });
});
