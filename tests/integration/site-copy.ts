import {cp, mkdtemp, readdir, readFile, symlink, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

/** What a build neither reads nor may find: outputs, caches and the bench (it reads git's history for the sitemap). */
const SKIP = new Set([
  'node_modules',
  'build',
  'build-waitlist',
  '.build.releases',
  '.rebuild.lock',
  '.docusaurus',
  '.data',
  '.cache',
  'test-results',
  'playwright-report',
  'bench',
]);

/**
 * A copy of the project in a new temporary folder (sharing node_modules), for a test that builds
 * it: a build of the project itself would race the other tests reading build/.
 */
export async function copyOfSite(prefix: string): Promise<string> {
  const copy = await mkdtemp(path.join(tmpdir(), prefix));
  for (const entry of await readdir(ROOT)) {
    if (SKIP.has(entry)) continue;
    await cp(path.join(ROOT, entry), path.join(copy, entry), {recursive: true});
  }
  await symlink(path.join(ROOT, 'node_modules'), path.join(copy, 'node_modules'));
  return copy;
}

/** Legal facts a production build accepts, each one that can be told apart on the built pages. */
export const PRODUCTION_LEGAL = {
  entityName: 'Rehearsal Labs Ltd',
  postalAddress: '1 Rehearsal Street, Testtown, TE1 1ST, United Kingdom',
  governingLaw: 'England and Wales',
  privacyEmail: 'privacy@rehearsal.example',
  aiProviders: [
    {
      product: 'screen-translator',
      name: 'Rehearsal AI, Inc.',
      sends: 'the recognised text and image regions',
      purpose: 'translate them into English',
      countries: 'the United States',
      retention: 'for up to 30 days to detect abuse, then deletes them',
      termsUrl: 'https://ai.rehearsal.example/terms',
    },
    {
      product: 'trip-planner',
      name: 'Rehearsal AI, Inc.',
      sends: 'what you type',
      purpose: 'plan your trip',
      countries: 'the United States',
      retention: 'for up to 30 days to detect abuse, then deletes them',
      termsUrl: 'https://ai.rehearsal.example/terms',
    },
  ],
  hostingCountries: 'Singapore',
  databaseCountry: 'Singapore',
  euRepresentative: 'Rehearsal EU Representative GmbH, 3 Probenstraße, 10115 Berlin, Germany',
  chinaRepresentative: 'none needed: Rehearsal Labs is established in mainland China',
  ukRepresentative: 'none needed: we are established in the UK',
  translationLogs: 'They hold no IP address. We delete them after 30 days.',
  tripPlannerRetention: 'We delete a conversation 30 days after its last message.',
};

/**
 * Configures a copy as a deployment: `legal` (complete by default) in its src/data/site.ts and
 * `variables` as its deploy/site.env, one KEY=value a line.
 */
export async function configureForProduction(
  copy: string,
  variables: Record<string, string>,
  legal: Record<string, unknown> = PRODUCTION_LEGAL,
): Promise<void> {
  const siteFile = path.join(copy, 'src/data/site.ts');
  const source = await readFile(siteFile, 'utf8');
  const block = /^ {2}legal: \{\n[\s\S]*?^ {2}\},\n/m;
  if (!block.test(source)) throw new Error('src/data/site.ts has no legal: { … } block to replace');
  const facts = JSON.stringify(legal, null, 2).replaceAll('\n', '\n  ');
  await writeFile(siteFile, source.replace(block, `  legal: ${facts},\n`));
  const lines = Object.entries(variables).map(([key, value]) => `${key}=${value}`);
  await writeFile(
    path.join(copy, 'deploy/site.env'),
    `# A test's deployment\n${lines.join('\n')}\n`,
  );
}
