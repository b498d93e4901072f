/**
 * Docusaurus internals (`@docusaurus/<package>/lib/…`, `@generated/*`,
 * `@docusaurus/theme-common/internal`) have no stability promise: ESLint refuses an import of one
 * anywhere but in a swizzle that src/theme/README.md lists with the theme's own safety rating, and
 * a `require.resolve` of one's file anywhere. And the tree's layers (`LAYERS` in eslint.config.mjs,
 * README.md's map) hold: ESLint refuses an import from a layer above the file's own or beside it
 * (the build and the server), and a build plugin's or step's import of the post-build orchestrator.
 */
import {execFile} from 'node:child_process';
import {readFile, readdir} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';

const ROOT = path.resolve(__dirname, '../..');
const CODE_DIRS = [
  'contracts',
  'src',
  'plugins',
  'build-steps',
  'server',
  'functions',
  'scripts',
  'bench',
  'tests',
];
const RULES = ['no-restricted-imports', 'no-restricted-syntax', 'import-x/no-restricted-paths'];

/**
 * ESLint's Node API runs in a child process: it loads eslint.config.mjs with `import()`, which
 * jest's module sandbox does not support.
 */
const LINTER = `
import {ESLint} from 'eslint';
import {LAYERS} from './eslint.config.mjs';
const {snippets, files, rules} = JSON.parse(process.argv[1]);
// The project's configuration with these rules, and without type information: parsing with
// the TypeScript program is what they do not need and what takes the time.
const eslint = new ESLint({
  overrideConfig: {languageOptions: {parserOptions: {projectService: false}}},
  ruleFilter: ({ruleId}) => rules.includes(ruleId),
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
console.log(JSON.stringify({linted, exempt, layers: LAYERS}));
`;

interface Message {
  ruleId: string | null;
  fatal: boolean;
  message: string;
}

interface Layer {
  name: string;
  paths: string[];
}

interface Linted {
  linted: Message[][];
  exempt: string[];
  layers: Layer[];
}

async function lint(
  snippets: {code: string; filePath: string}[],
  files: string[],
): Promise<Linted> {
  const {stdout} = await promisify(execFile)(
    process.execPath,
    ['--input-type=module', '-e', LINTER, JSON.stringify({snippets, files, rules: RULES})],
    {cwd: ROOT, maxBuffer: 16 * 1024 * 1024},
  );
  return JSON.parse(stdout) as Linted;
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

/**
 * Imports that point up a layer or across to the one beside it, or at the post-build
 * orchestrator, each from a real file's place to a real module.
 */
const UPWARD_IMPORTS = [
  // Browser code importing a build plugin.
  {code: "import {MANIFEST_PATH} from '../../plugins/offline';\n", file: 'src/lib/page-script.ts'},
  // A page importing a build step through the site alias.
  {
    code: "import {DEPLOY_DIR} from '@site/build-steps/host-configs';\n",
    file: 'src/pages/index.tsx',
  },
  // A build step importing the server.
  {code: "import {buildApp} from '../../server/app';\n", file: 'build-steps/host-configs/nginx.ts'},
  // The server importing a build step, and a plugin.
  {code: "import {headerFilesWriter} from '../build-steps/host-configs';\n", file: 'server/app.ts'},
  {
    code: "import {articlePaths} from '../plugins/blog-summaries/summaries';\n",
    file: 'server/static-site.ts',
  },
  // The Pages Function importing a build step.
  {
    code: "import {redirectsFile} from '../../../build-steps/host-configs';\n",
    file: 'functions/rest/v1/waitlist_emails.ts',
  },
  // A plugin, and a build step, importing the orchestrator that runs them.
  {code: "import postBuild from '../post-build';\n", file: 'plugins/offline/index.ts'},
  {
    code: "import type {PostBuildOptions} from '../../plugins/post-build';\n",
    file: 'build-steps/search/index.ts',
  },
  // A contract importing the site's data.
  {code: "import {site} from '../src/data/site';\n", file: 'contracts/waitlist.ts'},
  // The Pages Function importing a test's helper.
  {
    code: "import {hosts} from '../../../tests/conformance/hosts';\n",
    file: 'functions/rest/v1/x.ts',
  },
];
/**
 * Imports that point down or within a layer: the server reading a contract, a build step the
 * browser's code, the orchestrator a step, a step a plugin.
 */
const DOWNWARD_IMPORTS = [
  {code: "import {WAITLIST_PATH} from '../contracts/waitlist-proxy';\n", file: 'server/app.ts'},
  {code: "import {headerRules} from '../contracts/security-headers';\n", file: 'server/app.ts'},
  {code: "import {toLongDate} from '@site/src/lib/dates';\n", file: 'build-steps/search/index.ts'},
  {
    code: "import {inlineCriticalCss} from '../../build-steps/critical-css';\n",
    file: 'plugins/post-build/index.ts',
  },
  {
    code: "import {articlePaths} from '../../plugins/blog-summaries/summaries';\n",
    file: 'build-steps/search/index.ts',
  },
];
const THEME_FILE = `export const file = require.resolve('@docusaurus/theme-classic/lib/prism-include-languages');
`;
const THEME_PACKAGE = "export const file = require.resolve('@docusaurus/theme-classic');\n";

let linted: Message[][];
let exempt: string[];
let layers: Layer[];

// A ceiling, not a wait: the child loads ESLint and the project's configuration, 2 s on a quiet
// machine but over jest's default 5 s on two cores busy with servers and browsers.
const LINT_CEILING_MS = 60_000;

beforeAll(async () => {
  ({linted, exempt, layers} = await lint(
    [
      {code: INTERNAL_IMPORT, filePath: OUTSIDE},
      {code: INTERNAL_IMPORT, filePath: LISTED_SWIZZLE},
      {code: "import {usePluginData} from '@generated/registry';\n", filePath: OUTSIDE},
      {
        code: "import {useAnnouncementBar} from '@docusaurus/theme-common/internal';\n",
        filePath: OUTSIDE,
      },
      {code: THEME_FILE, filePath: path.join(ROOT, 'plugins/lean-client/index.ts')},
      {code: THEME_PACKAGE, filePath: path.join(ROOT, 'plugins/lean-client/index.ts')},
      ...[...UPWARD_IMPORTS, ...DOWNWARD_IMPORTS].map(({code, file}) => ({
        code,
        filePath: path.join(ROOT, file),
      })),
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

const byRule = (messages: Message[], ruleId: string) =>
  messages.filter((message) => message.ruleId === ruleId);

it('refuses a require.resolve of a Docusaurus package’s internal file, not of the package', () => {
  const [themeFile, themePackage] = linted.slice(4, 6);
  expect(byRule(themeFile!, 'no-restricted-syntax')).toHaveLength(1);
  expect(themePackage).toEqual([]);
});

it('refuses an import from a layer above or beside the file’s own, or of the orchestrator', () => {
  const results = linted.slice(6);
  const upward = results.slice(0, UPWARD_IMPORTS.length);
  const downward = results.slice(UPWARD_IMPORTS.length);
  for (const messages of upward) {
    expect(byRule(messages, 'import-x/no-restricted-paths')).toHaveLength(1);
  }
  expect(downward).toEqual(DOWNWARD_IMPORTS.map(() => []));
});

it('puts every file of code in one layer', async () => {
  const placed = layers.flatMap((layer) => layer.paths);
  expect(new Set(placed).size).toBe(placed.length);
  const unplaced = (await codeFiles())
    .map((file) => path.relative(ROOT, file))
    .filter((file) => !placed.some((layerPath) => `${file}/`.startsWith(`${layerPath}/`)));
  expect(unplaced).toEqual([]);
});
