/**
 * China extends a rule: a writer changes its end in src/data/entry-rules.ts alone and the site is
 * rebuilt. On the old end's next morning in Beijing, no guide that marks the rule shows its note
 * (Playwright's clock), and `check-content` lists, with file and line, every sentence still
 * naming the old end inside a mark of that rule. Builds a copy of the site once.
 */
import {execFile} from 'node:child_process';
import {readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {chromium} from '@playwright/test';
import {CHROMIUM_ARGS, CHROMIUM_PATH, FONTCONFIG_FILE} from '../../playwright.config';
import {guidesMarking} from '../guides';
import {copyOfSite} from './site-copy';
import {createPgliteStorage, startServer, type ServerProcess, type Storage} from './server-process';

// A ceiling, not a wait: the tests wait for production builds to finish (minutes each
// on two cores), and fail at once when one does.
jest.setTimeout(600_000);

const run = promisify(execFile);
const RULE = 'one-sided-30-day';
/** The guides that mark a fact of the rule, whichever they are. */
const MARKING = guidesMarking(RULE);
const NEXT_MORNING = new Date('2027-01-01T10:00:00+08:00');
let site: string;
let storage: Storage | undefined;
let server: ServerProcess | undefined;

beforeAll(async () => {
  site = await copyOfSite('rule-extension-');
  const data = path.join(site, 'src/data/entry-rules.ts');
  const source = await readFile(data, 'utf8');
  const extended = source.replace(
    /(id: 'one-sided-30-day',[\s\S]*?end: ')2026-12-31'/,
    "$12027-12-31'",
  );
  expect(extended).not.toBe(source);
  await writeFile(data, extended);
  await run('npx', ['tsx', 'scripts/build.ts', '--out-dir', 'build'], {
    cwd: site,
    env: {...process.env, NO_COLOR: '1'},
    maxBuffer: 64 * 1024 * 1024,
  });
  storage = await createPgliteStorage();
  server = await startServer({storage, buildDir: path.join(site, 'build')});
});

afterAll(async () => {
  await server?.stop();
  await storage?.dispose();
  await rm(site, {recursive: true, force: true});
});

// Other rules still end on 31 December 2026 (the visa fee cut and the fingerprint waiver): their
// notes, and a guide's notice, may still show.
it('shows no note of the extended scheme on 1 January 2027 at 10:00 in Beijing', async () => {
  expect(MARKING.length).toBeGreaterThan(0);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    env: {...process.env, FONTCONFIG_FILE},
  });
  try {
    const page = await browser.newPage();
    await page.clock.setFixedTime(NEXT_MORNING);
    for (const {slug, source} of MARKING) {
      await page.goto(`${server?.url}/blog/${slug}`);
      // The scheme's marks now run to 2027.
      const scheme = page.locator(`[data-rule="${RULE}"]`);
      expect(await scheme.count()).toBeGreaterThan(0);
      expect(await scheme.first().getAttribute('data-expires')).toBe('2027-12-31');
      expect(await scheme.locator('[data-ended]:visible').count()).toBe(0);
      const notes = await page
        .locator('[data-ended]:visible')
        .evaluateAll((found) =>
          found.map((note) => note.closest<HTMLElement>('[data-expires]')?.dataset.rule),
        );
      expect(notes).not.toContain(RULE);
      // The passport answer's rows take the new end from the data too.
      if (source.includes('<PassportAnswer')) {
        expect(await page.locator('[id="germany"]').innerText()).toContain(
          'announced until 31 December 2027',
        );
      }
    }
  } finally {
    await browser.close();
  }
});

it('has check-content list each sentence still naming 31 December 2026 inside the scheme’s marks', async () => {
  // A sentence a writer left behind, in a section of its own at the end of a guide that marks
  // the rule.
  const [marking] = MARKING;
  if (!marking) throw new Error(`No guide marks a fact of ${RULE}`);
  const file = marking.file;
  const guide = path.join(site, file);
  const stale = `<Expires rule="${RULE}">The scheme runs until 31 December 2026.</Expires>`;
  await writeFile(guide, `${await readFile(guide, 'utf8')}\n## Left behind\n\n${stale}\n`);
  const lines = (await readFile(guide, 'utf8')).split('\n');
  // Every line in the guide that names the old end inside a mark of that rule.
  const expected = lines.flatMap((line, index) =>
    new RegExp(`rule="${RULE}"[^<]*31 December 2026`).test(line) ? [index + 1] : [],
  );
  expect(expected.length).toBeGreaterThan(0);
  const outcome = await run('npx', ['tsx', 'scripts/check-content.ts', '--no-build'], {
    cwd: site,
  }).then(
    ({stdout}) => ({code: 0, stdout}),
    (error: unknown) => error as {code: number; stdout: string},
  );
  expect(outcome.code).toBe(1);
  const listed = [
    ...outcome.stdout.matchAll(new RegExp(`^${file}:(\\d+): other-end: (.*)$`, 'gm')),
  ];
  expect(listed.map((match) => Number(match[1]))).toEqual(expected);
  for (const [, , message] of listed)
    expect(message).toMatch(
      /names 31 December 2026 as an end, inside a mark of "one-sided-30-day", which src\/data\/entry-rules\.ts says ends on 31 December 2027/,
    );
});
