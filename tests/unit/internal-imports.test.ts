/**
 * @jest-environment node
 *
 * Docusaurus internals (`@docusaurus/<package>/lib/…`, `@generated/*`,
 * `@docusaurus/theme-common/internal`) have no stability promise: ESLint refuses an import of one
 * anywhere but in a swizzle that src/theme/README.md lists with the theme's own safety rating.
 */
import {execFile} from 'node:child_process';
import {readFile, readdir} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';

const ROOT = path.resolve(__dirname, '../..');
const CODE_DIRS = ['src', 'plugins', 'server', 'scripts', 'bench', 'tests'];

/**
 * ESLint's Node API runs in a child process: it loads eslint.config.mjs with `import()`, which
 * jest's module sandbox does not support.
 */
const LINTER = `
import {ESLint} from 'eslint';
const {snippets, files} = JSON.parse(process.argv[1]);
// The project's configuration with that one rule, and without type information: parsing with
// the TypeScript program is what the rule does not need and what takes the time.
const eslint = new ESLint({
  overrideConfig: {languageOptions: {parserOptions: {projectService: false}}},
  ruleFilter: ({ruleId}) => ruleId === 'no-restricted-imports',
});
const linted = [];
for (const {code, filePath} of snippets) {
  const [result] = await eslint.lintText(code, {filePath});
  linted.push(result.messages.map(({ruleId, fatal, message}) => ({ruleId, fatal: Boolean(fatal), message})));
}
const exempt = [];
for (const file of files) {
  const config = await eslint.calculateConfigForFile(file);
  const [severity] = [config.rules?.['no-restricted-imports'] ?? ['off']].flat();
  if (severity === 'off' || severity === 0) exempt.push(file);
}
console.log(JSON.stringify({linted, exempt}));
`;

interface Message {
  ruleId: string | null;
  fatal: boolean;
  message: string;
}

async function lint(
  snippets: {code: string; filePath: string}[],
  files: string[],
): Promise<{linted: Message[][]; exempt: string[]}> {
  const {stdout} = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', LINTER, JSON.stringify({snippets, files})],
    {cwd: ROOT, maxBuffer: 16 * 1024 * 1024},
  );
  return JSON.parse(stdout) as {linted: Message[][]; exempt: string[]};
}

async function codeFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const dir of CODE_DIRS) {
    const entries = await readdir(path.join(ROOT, dir), {recursive: true, encoding: 'utf8'});
    found.push(
      ...entries
        .filter((file) => /\.(ts|tsx|js|mjs|cjs)$/.test(file))
        .map((file) => path.join(ROOT, dir, file)),
    );
  }
  return found;
}

const INTERNAL_IMPORT = `import ComponentCreator from '@docusaurus/core/lib/client/exports/ComponentCreator';
export default ComponentCreator;
`;
const OUTSIDE = path.join(ROOT, 'src/pages/index.tsx');
const LISTED_SWIZZLE = path.join(ROOT, 'src/theme/ThemeProvider/TitleFormatter/index.tsx');

let linted: Message[][];
let exempt: string[];

// A ceiling, not a wait: the child loads ESLint and the project's configuration, 2 s on a quiet
// machine but over jest's default 5 s on two cores busy with servers and browsers.
const LINT_CEILING_MS = 60_000;

beforeAll(async () => {
  ({linted, exempt} = await lint(
    [
      {code: INTERNAL_IMPORT, filePath: OUTSIDE},
      {code: INTERNAL_IMPORT, filePath: LISTED_SWIZZLE},
      {code: "import {usePluginData} from '@generated/registry';\n", filePath: OUTSIDE},
      {
        code: "import {useAnnouncementBar} from '@docusaurus/theme-common/internal';\n",
        filePath: OUTSIDE,
      },
    ],
    await codeFiles(),
  ));
}, LINT_CEILING_MS);

const restricted = (messages: Message[]) =>
  messages.filter((message) => message.ruleId === 'no-restricted-imports');

it('refuses an import of a Docusaurus internal outside the listed swizzles', () => {
  const [outside, , generated, internal] = linted;
  expect(restricted(outside!)).toHaveLength(1);
  expect(restricted(generated!)).toHaveLength(1);
  expect(restricted(internal!)).toHaveLength(1);
});

it('allows it in a swizzle that src/theme/README.md lists', () => {
  const [, swizzle] = linted;
  expect(swizzle!.filter((message) => message.fatal)).toEqual([]);
  expect(restricted(swizzle!)).toEqual([]);
});

it('exempts only swizzles listed in src/theme/README.md, each with the theme’s rating', async () => {
  const readme = await readFile(path.join(ROOT, 'src/theme/README.md'), 'utf8');
  const rows = readme.split('\n').filter((line) => line.startsWith('| `'));
  expect(exempt.length).toBeGreaterThan(0);
  for (const file of exempt) {
    const swizzle = path.relative(path.join(ROOT, 'src/theme'), file);
    expect(swizzle).not.toMatch(/^\.\./);
    const row = rows.find((line) => {
      const listed = /^\| `([^`]+)`/.exec(line)?.[1] ?? '';
      return swizzle.startsWith(listed.replace(/\.tsx$/, ''));
    });
    expect(row).toMatch(/\b(safe|unsafe)\b/);
  }
});
