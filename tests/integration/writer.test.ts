/**
 * A writer's view: adding a post folder with valid front matter is all it takes for the post to
 * appear on /blogs, in the feeds, the sitemap and the search index; a post with a broken front
 * matter fails the build with a line per mistake naming its file, before the framework's trace. Builds a copy of the site once (about
 * 20 s); the broken post stops its build while the content loads, before anything is bundled.
 */
import {execFile} from 'node:child_process';
import {cp, mkdir, readFile, readdir, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {copyOfSite, ROOT} from './site-copy';

jest.setTimeout(180_000);

const run = promisify(execFile);
const FIXTURE_SLUG = 'night-trains-in-china';
/** A word that appears in no other post, so the search index can only find it in this one. */
const FIXTURE_WORD = 'zzyzxsleeperberth';

function fixturePost(frontMatter: string): string {
  return `---\n${frontMatter}\n---\n\nOvernight trains are a restful way to cover long distances.\n\n{/* truncate */}\n\n## Booking a ${FIXTURE_WORD}\n\nBook a soft sleeper ahead of time.\n`;
}

const VALID_FRONT_MATTER = [
  `slug: ${FIXTURE_SLUG}`,
  'title: "Night Trains in China: A First-Timer\'s Guide"',
  'description: "How to book and enjoy an overnight sleeper train in China, from choosing a berth to what to pack for the journey."',
  'date: 2025-11-02',
  'image: ./hero.svg',
  'excerpt: "Sleep on the way: how overnight trains in China work, and how to book one."',
  'last_update:',
  '  date: 2025-11-20',
  'changes:',
  '  - date: 2025-11-20',
  '    what: Checked every fact against its source.',
].join('\n');

let site: string;

/** A copy of the project (sharing node_modules) with one more post folder. */
async function siteWithPost(frontMatter: string): Promise<string> {
  const copy = await copyOfSite('writer-');
  const folder = path.join(copy, 'blog', `2025-11-02-${FIXTURE_SLUG}`);
  await mkdir(folder);
  await writeFile(path.join(folder, 'index.mdx'), fixturePost(frontMatter));
  await cp(
    path.join(ROOT, 'blog/2025-10-16-china-best-travel-destination-2025/hero.svg'),
    path.join(folder, 'hero.svg'),
  );
  return copy;
}

function build(cwd: string) {
  return run('npm', ['run', 'build'], {
    cwd,
    env: {...process.env, NO_COLOR: '1'},
    maxBuffer: 64 * 1024 * 1024,
  });
}

afterEach(async () => {
  await rm(site, {recursive: true, force: true});
});

it('a new post folder appears on /blogs, in both feeds, the sitemap and search, with no code change', async () => {
  site = await siteWithPost(VALID_FRONT_MATTER);
  await build(site);
  const out = (file: string) => readFile(path.join(site, 'build', file), 'utf8');
  expect(await out('blogs.html')).toContain(`href=/blog/${FIXTURE_SLUG}`);
  expect(await out('index.html')).toContain(`href=/blog/${FIXTURE_SLUG}`);
  expect(await out('blog/rss.xml')).toContain(`/blog/${FIXTURE_SLUG}</link>`);
  expect(await out('blog/atom.xml')).toContain(`/blog/${FIXTURE_SLUG}`);
  expect(await out('sitemap.xml')).toContain(`/blog/${FIXTURE_SLUG}</loc>`);
  expect(await out('search.js')).toContain(FIXTURE_WORD);
  expect(await out(`blog/${FIXTURE_SLUG}.html`)).toContain('Night Trains in China');
});

it('a post without "date" and "slug" fails the build before bundling, one line each naming the file before the trace', async () => {
  const frontMatter = VALID_FRONT_MATTER.split('\n')
    .filter((line) => !/^(date|slug):/.test(line))
    .join('\n');
  site = await siteWithPost(frontMatter);
  const failure = await build(site).then(
    () => undefined,
    (error: unknown) => error as {stderr: string},
  );
  const file = `blog/2025-11-02-${FIXTURE_SLUG}/index.mdx`;
  const stderr = failure?.stderr ?? '';
  const slug = stderr.indexOf(`${file}:11: invalid: "slug" is missing: add`);
  const date = stderr.indexOf(`${file}:11: invalid: "date" is missing: add`);
  expect([slug, date].every((index) => index !== -1)).toBe(true);
  expect(Math.max(slug, date)).toBeLessThan(stderr.indexOf('Unable to build website'));
  // It stopped while loading the content: nothing was bundled or written.
  await expect(readdir(path.join(site, 'build'))).rejects.toMatchObject({code: 'ENOENT'});
});

/** The build's failure: its stderr, and whether it wrote anything. */
async function failedBuild(cwd: string): Promise<string> {
  const failure = await build(cwd).then(
    () => undefined,
    (error: unknown) => error as {stderr: string},
  );
  expect(failure).toBeDefined();
  return failure?.stderr ?? '';
}

it('a title of the wrong type and a change of two lines fail the build, one line each, before its trace', async () => {
  const frontMatter = VALID_FRONT_MATTER.replace(/^title: .*$/m, 'title: [Night, Trains]').replace(
    '    what: Checked every fact against its source.',
    '    what: |\n      Checked every fact.\n      Fixed a price.',
  );
  site = await siteWithPost(frontMatter);
  const stderr = await failedBuild(site);
  const file = `blog/2025-11-02-${FIXTURE_SLUG}/index.mdx`;
  const title = stderr.indexOf(`${file}:3: invalid: "title" must be text: write`);
  const what = stderr.indexOf(`${file}:12: invalid: the change's "what" must be one line`);
  expect(title).not.toBe(-1);
  expect(what).not.toBe(-1);
  // First: before the blog plugin's own complaint about the title, and any trace.
  expect(Math.max(title, what)).toBeLessThan(stderr.indexOf('Error'));
  await expect(readdir(path.join(site, 'build'))).rejects.toMatchObject({code: 'ENOENT'});
});

it('two posts with one slug fail the build in one line naming the second, not "Duplicate routes found!"', async () => {
  site = await siteWithPost(VALID_FRONT_MATTER);
  const copy = path.join(site, 'blog', `2025-11-03-${FIXTURE_SLUG}`);
  await cp(path.join(site, 'blog', `2025-11-02-${FIXTURE_SLUG}`), copy, {recursive: true});
  const stderr = await failedBuild(site);
  expect(stderr).toContain(
    `blog/2025-11-03-${FIXTURE_SLUG}/index.mdx:2: invalid: "slug" ${FIXTURE_SLUG} is blog/2025-11-02-${FIXTURE_SLUG}/index.mdx's too, and both would be /blog/${FIXTURE_SLUG}: give this article a slug of its own, and its folder the same name`,
  );
  expect(stderr).not.toContain('Duplicate routes found');
  await expect(readdir(path.join(site, 'build'))).rejects.toMatchObject({code: 'ENOENT'});
});

it("a link to another guide's section that is not there fails the build on its line, not after every page as broken anchors", async () => {
  site = await siteWithPost(VALID_FRONT_MATTER);
  const file = `blog/2025-11-02-${FIXTURE_SLUG}/index.mdx`;
  const source = await readFile(path.join(site, file), 'utf8');
  await writeFile(
    path.join(site, file),
    `${source}\nSee [the scams to avoid](/blog/china-different-world#no-such-section).\n`,
  );
  const stderr = await failedBuild(site);
  const line = source.split('\n').length + 1;
  expect(stderr).toContain(
    `${file}:${line}: invalid: the link /blog/china-different-world#no-such-section names no section of /blog/china-different-world`,
  );
  expect(stderr).not.toContain('broken anchors');
  await expect(readdir(path.join(site, 'build'))).rejects.toMatchObject({code: 'ENOENT'});
});
