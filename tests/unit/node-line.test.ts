/**
 * The Node line production builds on is written once, in `.nvmrc`, which Netlify, Cloudflare
 * Pages and the daily-rebuild workflow read. What an operator reads and what npm checks must name
 * the same line, so that moving to the next one (Docusaurus 4 needs Node 24.14) cannot leave a
 * host, a workflow or a page of the docs on the old one.
 */
import {readFile, readdir} from 'node:fs/promises';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');

const read = (file: string) => readFile(path.join(ROOT, file), 'utf8');

/** The major version `.nvmrc` names; it fails on anything else (a range, an alias, a patch). */
async function nvmrcLine(): Promise<number> {
  const text = await read('.nvmrc');
  expect(text).toMatch(/^\d+\n?$/);
  return Number(text.trim());
}

/** Whether the `engines.node` range admits every release of `line`, from `^N` or `>=N…` parts. */
function admitsLine(range: string, line: number): boolean {
  return range.split('||').some((part) => {
    const match = /^(\^|>=)?(\d+)(?:\.\d+)*$/.exec(part.trim());
    if (!match) return false;
    const major = Number(match[2]);
    return match[1] === '>=' ? major <= line : major === line;
  });
}

/** The lines every "Node <n> LTS" of `text` names: the docs' way of naming the production line. */
function productionLines(text: string): number[] {
  return [...text.matchAll(/\bNode (\d+) LTS\b/g)].map((match) => Number(match[1]));
}

it('names one major line in .nvmrc, and package.json and its lock admit it', async () => {
  const line = await nvmrcLine();
  const manifest = JSON.parse(await read('package.json')) as {engines: {node: string}};
  const lock = JSON.parse(await read('package-lock.json')) as {
    packages: Record<string, {engines?: {node?: string}}>;
  };
  expect(admitsLine(manifest.engines.node, line)).toBe(true);
  expect(lock.packages['']?.engines?.node).toBe(manifest.engines.node);
});

it('installs Node in every workflow from .nvmrc, never from a version of its own', async () => {
  const dir = '.github/workflows';
  const workflows = (await readdir(path.join(ROOT, dir))).filter((name) => /\.ya?ml$/.test(name));
  expect(workflows).toContain('daily-rebuild.yml');
  for (const name of workflows) {
    const text = await read(path.join(dir, name));
    const setups = (text.match(/uses: actions\/setup-node@/g) ?? []).length;
    const fromNvmrc = (text.match(/^\s*node-version-file: \.nvmrc\b/gm) ?? []).length;
    const pinned = /^\s*node-version:/m.test(text);
    expect({name, notFromNvmrc: setups - fromNvmrc, pinned}).toEqual({
      name,
      notFromNvmrc: 0,
      pinned: false,
    });
  }
  expect(await read(path.join(dir, 'daily-rebuild.yml'))).toMatch(/node-version-file: \.nvmrc/);
});

it('recommends the .nvmrc line for production in the README and the deploying guide', async () => {
  const line = await nvmrcLine();
  for (const file of ['README.md', 'docs/deploying.md']) {
    const lines = productionLines(await read(file));
    expect({file, named: lines.length > 0}).toEqual({file, named: true});
  }
  const docs = (await readdir(path.join(ROOT, 'docs'))).map((name) => `docs/${name}`);
  for (const file of ['README.md', ...docs]) {
    for (const named of productionLines(await read(file)))
      expect({file, named}).toEqual({file, named: line});
  }
});

it('names no other Node line in the rebuild service, which runs the first node on its PATH', async () => {
  const line = await nvmrcLine();
  const dir = 'deploy/systemd';
  for (const name of await readdir(path.join(ROOT, dir))) {
    const text = await read(path.join(dir, name));
    for (const match of text.matchAll(/\bnode(?:js)?[ @/-]?v?(\d+)\b/gi)) {
      expect({name, named: Number(match[1])}).toEqual({name, named: line});
    }
  }
});
