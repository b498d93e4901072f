/**
 * The daily rebuild that nginx, Caddy and the bundled server run (scripts/rebuild.sh, started by
 * deploy/systemd/gotcha-labs-rebuild.timer): a build on the day after a marked fact ends shows it
 * as ended in the HTML, and a post's front-matter `expires` in its description, sharing tags, feeds
 * and card; the live folder is replaced whole and published. Builds a copy of the site once.
 */
import {execFile} from 'node:child_process';
import {mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {copyOfSite, ROOT} from './site-copy';

jest.setTimeout(240_000);

const run = promisify(execFile);
let site: string;

beforeAll(async () => {
  site = await copyOfSite('rebuild-');
  // As if the travel guide's title, description and excerpt relied on the scheme that ends then.
  const guide = path.join(site, 'blog/2025-10-16-china-best-travel-destination-2025/index.mdx');
  const source = await readFile(guide, 'utf8');
  await writeFile(guide, source.replace(/^last_update:/m, 'expires: 2026-12-31\nlast_update:'));
  // The site as a host serves it before the rebuild.
  await mkdir(path.join(site, 'live'));
  await writeFile(path.join(site, 'live', 'yesterday.html'), 'yesterday');
});

afterAll(async () => {
  await rm(site, {recursive: true, force: true});
});

it('rebuilds as on the day after a fact ends, swaps the live folder whole and publishes it', async () => {
  await run('scripts/rebuild.sh', [], {
    cwd: site,
    env: {
      ...process.env,
      NO_COLOR: '1',
      REBUILD_OUT: 'live',
      PUBLISH_COMMAND: 'echo published > published.txt',
      BUILD_DATE: '2027-01-01T00:05:00+08:00',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  const live = await readdir(path.join(site, 'live'));
  expect(live).toContain('index.html');
  expect(live).not.toContain('yesterday.html');
  expect((await readdir(site)).filter((entry) => entry.startsWith('live.'))).toEqual([]);
  expect(await readFile(path.join(site, 'published.txt'), 'utf8')).toBe('published\n');
  const out = (file: string) => readFile(path.join(site, 'live', file), 'utf8');
  const guide = await out('blog/china-best-travel-destination-2025.html');
  // The note after the marked fact is shown, not hidden for the page script to show.
  const note = (hidden: string) =>
    new RegExp(
      `<strong [^>]*data-ended${hidden}[^>]*>\\s*\\(This was announced to end on <time[^>]*>31 December 2026</time>: check whether it has been extended`,
    );
  expect(guide).toMatch(note(''));
  expect(guide).not.toMatch(note('[^>]*hidden'));
  // The guide's notice, under its title, with no script needed to show it.
  const ended =
    'Some rules in this guide were announced to end on 31 December 2026; check whether they have been extended before you rely on them.';
  expect(guide).toMatch(
    /<p [^>]*data-ended-notice=__blog-post-container(?![^>]*hidden)[^>]*>Some rules in this guide were announced to end on <time>31 December 2026<\/time>;/,
  );
  expect(guide).toContain(`name=description content="${ended}`);
  expect(guide).toContain(`property=og:description content="${ended}`);
  // The card's excerpt, on /blogs, and the guide's blurb under "Related guides", notes shown.
  const markedExcerpt =
    /<span data-expires=2026-12-31>[^<]+<strong [^>]*data-ended=true>\s*\(This was announced to end/;
  expect(await out('blogs.html')).toMatch(markedExcerpt);
  const related = (await out('blog/china-social-credit.html')).split('id=related-guides')[1];
  expect(related).toMatch(markedExcerpt);
  // The feeds: one visible notice in each item whose guide has an ended fact, and no notes.
  for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
    const xml = await out(feed);
    expect(xml).not.toContain('data-ended');
    const items = xml.split(/<item>|<entry>/).slice(1);
    const notices = items.map((item) => {
      const content =
        /<(?:content:encoded|content[^>]*)>([\s\S]*?)<\/content/.exec(item)?.[1] ?? '';
      return [
        /<(link|id)>[^<]*\/blog\/china-best-travel-destination-2025<\/\1>/.test(item),
        content.split(ended).length - 1,
      ] as const;
    });
    expect(notices).toHaveLength(6);
    for (const [isTravelGuide, count] of notices) expect(count).toBe(isTravelGuide ? 1 : 0);
  }
  expect(await out('blog/rss.xml')).toContain(`<description><![CDATA[${ended}`);
});

it('the timer and the scheduled workflow both fire at 00:05 in Beijing, 16:05 UTC', async () => {
  const timer = await readFile(path.join(ROOT, 'deploy/systemd/gotcha-labs-rebuild.timer'), 'utf8');
  const calendar = /^OnCalendar=(.+)$/m.exec(timer)?.[1] ?? '';
  const {stdout} = await run('systemd-analyze', ['calendar', '--iterations=2', calendar], {
    env: {...process.env, TZ: 'UTC'},
  });
  expect(stdout).toMatch(/Next elapse: \w+ \d{4}-\d\d-\d\d 16:05:00 UTC/);
  const workflow = await readFile(path.join(ROOT, '.github/workflows/daily-rebuild.yml'), 'utf8');
  expect(workflow).toMatch(/cron: '5 16 \* \* \*'/);
});
