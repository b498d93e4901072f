import type {LegalFacts} from '../data/site';

/** The facts the privacy policy and the terms cannot be published without. */
export const REQUIRED_LEGAL_FACTS = [
  'entityName',
  'postalAddress',
  'governingLaw',
  'privacyEmail',
  'aiProviderCountries',
  'hostingCountries',
  'databaseCountry',
] as const satisfies readonly (keyof LegalFacts)[];

/** What each fact is, for the build's error and for the placeholder a local build shows. */
const DESCRIPTIONS: Record<keyof LegalFacts, string> = {
  entityName: 'legal entity name',
  postalAddress: 'postal address',
  governingLaw: 'governing law',
  privacyEmail: 'privacy e-mail',
  aiProviderCountries: 'countries of the AI providers',
  hostingCountries: 'countries of our servers',
  databaseCountry: 'country of the waitlist database',
  euRepresentative: 'EU representative',
  chinaRepresentative: 'China representative',
};

/** "[postal address: set site.legal.postalAddress]": unmistakable on a page, never publishable. */
export function legalFactPlaceholder(field: keyof LegalFacts): string {
  return `[${DESCRIPTIONS[field]}: set site.legal.${field}]`;
}

/** Every problem with the required facts, one line each, naming the field. */
export function legalFactProblems(legal: LegalFacts): string[] {
  const problems: string[] = [];
  for (const field of REQUIRED_LEGAL_FACTS) {
    if (legal[field].trim() === '') {
      problems.push(
        `site.legal.${field} is not set: the ${DESCRIPTIONS[field]} that the privacy policy and terms state.`,
      );
    }
  }
  const email = legal.privacyEmail.trim();
  if (email !== '' && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) {
    problems.push(`site.legal.privacyEmail is not an e-mail address: "${email}".`);
  }
  return problems;
}

/**
 * Fails a production build (one with SITE_URL set) whose legal pages would show a placeholder
 * instead of who is responsible. Other builds (local, tests) render the placeholders.
 */
export function checkLegalFacts(legal: LegalFacts, {production}: {production: boolean}): void {
  if (!production) return;
  const problems = legalFactProblems(legal);
  if (problems.length === 0) return;
  throw new Error(
    `${problems.join('\n')}\nSet ${problems.length === 1 ? 'it' : 'them'} in src/data/site.ts ` +
      '(docs/operating.md, "Legal facts") before building for production with SITE_URL.',
  );
}
