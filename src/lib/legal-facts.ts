import {products} from '../data/products';
import type {AiProviderFacts, LegalFacts} from '../data/site';

/** A fact that is one line of text (all but the list of AI providers). */
export type TextFact = Exclude<keyof LegalFacts, 'aiProviders'>;

/** The facts the privacy policy and the terms cannot be published without. */
const REQUIRED_LEGAL_FACTS = [
  'entityName',
  'postalAddress',
  'governingLaw',
  'privacyEmail',
  'hostingCountries',
  'databaseCountry',
  'euRepresentative',
  'ukRepresentative',
  'chinaRepresentative',
  'translationLogs',
  'tripPlannerRetention',
] as const satisfies readonly TextFact[];

/** The representatives: each a name and address, or "none needed: <why>". */
const REPRESENTATIVES = [
  'euRepresentative',
  'ukRepresentative',
  'chinaRepresentative',
] as const satisfies readonly TextFact[];

/**
 * What a reader cannot see: white space, format characters (U+200B, U+2060, U+00AD…), the other
 * default-ignorable ones (U+3164 HANGUL FILLER, U+115F, U+FFA0…) and the blank braille pattern.
 */
const INVISIBLE = /[\p{White_Space}\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\u2800]/gu;

/** Whether a fact shows nothing on the page: empty, or only characters a reader cannot see. */
export function isBlank(value: string): boolean {
  return value.replace(INVISIBLE, '') === '';
}

/** Whether a fact is still a placeholder: its own, or any other fact's, pasted in. */
function isPlaceholder(value: string): boolean {
  // "[postal address: set site.legal.postalAddress]" without its spaces.
  return value.replace(INVISIBLE, '').includes('setsite.legal.');
}

/** What each fact is, for the build's error and for the placeholder a local build shows. */
const DESCRIPTIONS: Record<keyof LegalFacts, string> = {
  entityName: 'legal entity name',
  postalAddress: 'postal address',
  governingLaw: 'governing law',
  privacyEmail: 'privacy e-mail',
  aiProviders: 'AI providers',
  hostingCountries: 'countries of our servers',
  databaseCountry: 'country of the waitlist database',
  euRepresentative: 'EU representative',
  chinaRepresentative: 'China representative',
  ukRepresentative: 'UK representative',
  translationLogs: 'contents and retention of the translation service’s logs',
  tripPlannerRetention: 'Trip Planner’s retention of what users type',
};

/** The fields of an AI provider the privacy policy states, in the order it states them. */
const AI_PROVIDER_FIELDS = [
  'name',
  'sends',
  'purpose',
  'countries',
  'retention',
  'termsUrl',
] as const satisfies readonly (keyof AiProviderFacts)[];

/** "[postal address: set site.legal.postalAddress]": unmistakable on a page, never publishable. */
export function legalFactPlaceholder(field: keyof LegalFacts): string {
  return `[${DESCRIPTIONS[field]}: set site.legal.${field}]`;
}

/**
 * What the AI providers' list lacks: a product with none, a field not set, terms that are not an
 * https:// address, or a product id that does not exist. Empty when the list is complete.
 */
function aiProviderGaps(providers: readonly AiProviderFacts[]): string[] {
  const ids = products.map((product) => product.id);
  const gaps = ids
    .filter((id) => !providers.some((provider) => provider.product === id))
    .map((id) => `none for ${id}`);
  providers.forEach((provider, index) => {
    const entry = `[${index}]`;
    if (!ids.includes(provider.product))
      gaps.push(`${entry} names no product ("${provider.product}")`);
    const unset = AI_PROVIDER_FIELDS.filter(
      (field) => isBlank(provider[field]) || isPlaceholder(provider[field]),
    );
    if (unset.length > 0) gaps.push(`${entry} lacks ${unset.join(', ')}`);
    const terms = provider.termsUrl.trim();
    if (terms !== '' && !/^https:\/\/\S+$/.test(terms)) {
      gaps.push(`${entry} termsUrl is not an https:// address ("${terms}")`);
    }
  });
  return gaps;
}

/** Every problem with the required facts, one line each, naming the field. */
function legalFactProblems(legal: LegalFacts): string[] {
  const problems: string[] = [];
  for (const field of REQUIRED_LEGAL_FACTS) {
    const value = legal[field];
    if (isBlank(value)) {
      problems.push(
        `site.legal.${field} is not set${value.trim() === '' ? '' : ' (only invisible characters)'}: the ${DESCRIPTIONS[field]} that the privacy policy, terms or support page state.`,
      );
    } else if (isPlaceholder(value)) {
      problems.push(
        `site.legal.${field} is still a placeholder ("${value.trim()}"): set the ${DESCRIPTIONS[field]} itself.`,
      );
    } else if (
      (REPRESENTATIVES as readonly string[]).includes(field) &&
      /^none\b/i.test(value.trim()) &&
      !/^none needed: .*\p{L}/iu.test(value.trim())
    ) {
      problems.push(
        `site.legal.${field} names no one and gives no reason ("${value.trim()}"): set a name and address, or "none needed: <why>".`,
      );
    }
  }
  const email = legal.privacyEmail.trim();
  const named = problems.some((problem) => problem.startsWith('site.legal.privacyEmail '));
  if (!named && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email.replace(INVISIBLE, ' '))) {
    problems.push(`site.legal.privacyEmail is not an e-mail address: "${email}".`);
  }
  const gaps = aiProviderGaps(legal.aiProviders);
  if (gaps.length > 0) {
    problems.push(
      `site.legal.aiProviders is incomplete (${gaps.join('; ')}): the privacy policy must name each AI provider, what it receives and how long it keeps it (App Review Guideline 5.1.2(i)).`,
    );
  }
  return problems;
}

/**
 * Fails a production build (scripts/site-env.ts: deploy/site.env exists, SITE_URL is set, or a
 * host builds it) whose legal pages would show a placeholder instead of who is responsible. Other builds (local, tests) render the placeholders.
 */
export function checkLegalFacts(legal: LegalFacts, {production}: {production: boolean}): void {
  if (!production) return;
  const problems = legalFactProblems(legal);
  if (problems.length === 0) return;
  throw new Error(
    `${problems.join('\n')}\nSet ${problems.length === 1 ? 'it' : 'them'} in src/data/site.ts ` +
      '(docs/operating.md, "Legal facts") before a production build.',
  );
}
