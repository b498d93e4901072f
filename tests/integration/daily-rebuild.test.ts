/**
 * The daily rebuild that nginx, Caddy and the bundled server run (scripts/rebuild.sh, started by
 * deploy/systemd/gotcha-labs-rebuild.timer): a build on the day after a marked fact ends shows it
 * as ended in the HTML, and a post's front-matter `expires` in its description, sharing tags, feeds
 * and card; the live folder is replaced whole, published and checked. The fact is the first any
 * guide marks to end, whichever guide holds it. Two runs at once: one does
 * nothing, and the live folder is there throughout; a failed publish puts the previous build
 * back. Builds a copy of the site once; later runs copy that build (REBUILD_BUILD_COMMAND).
 * rebuild-as-unit.test.ts runs it as the systemd unit does, against the first build.
 */
import {execFile} from 'node:child_process';
import {existsSync} from 'node:fs';
import {mkdir, readdir, readFile, rm, writeFile} from 'node:fs/promises';
import path from 'node:path';
import {promisify} from 'node:util';
import {SITE_ENV_KEYS} from '../../scripts/site-env';
import {site as siteFacts} from '../../src/data/site';
import {isoDay, toLongDate} from '../../src/lib/dates';
import {firstLastDay, firstToEnd, guidesOf, type Guide} from '../guides';
import {until} from '../poll';
import {configureForProduction, copyOfSite, ROOT} from './site-copy';

jest.setTimeout(240_000);

const run = promisify(execFile);
let site: string;
/** The guide whose marked fact ends first, and that fact's last day (YYYY-MM-DD). */
let expiring: {guide: Guide; lastDay: string};
/** The day after it, when the rebuild runs. */
let nextDay: string;

beforeAll(async () => {
  site = await copyOfSite('rebuild-');
  // A deployment, as the rebuild needs: its variables in deploy/site.env, its legal facts set.
  await configureForProduction(site, {
    ...Object.fromEntries(SITE_ENV_KEYS.map((key) => [key, ''])),
    SITE_URL: 'https://gotchalabs.app',
  });
  expiring = firstToEnd(guidesOf(site));
  nextDay = isoDay(new Date(Date.parse(expiring.lastDay) + 86_400_000));
  // As if that guide's title, description and excerpt relied on the fact that ends then.
  const guide = path.join(site, expiring.guide.file);
  const source = await readFile(guide, 'utf8');
  await writeFile(
    guide,
    source.replace(/^last_update:/m, `expires: ${expiring.lastDay}\nlast_update:`),
  );
  // The site as a host serves it before the rebuild.
  await mkdir(path.join(site, 'live'));
  await writeFile(path.join(site, 'live', 'yesterday.html'), 'yesterday');
});

afterAll(async () => {
  await rm(site, {recursive: true, force: true});
});

it('rebuilds as on the day after a fact ends, swaps the live folder whole and publishes it', async () => {
  const {stdout} = await run('scripts/rebuild.sh', [], {
    cwd: site,
    env: {
      ...process.env,
      NO_COLOR: '1',
      REBUILD_OUT: 'live',
      PUBLISH_COMMAND: 'echo published > published.txt',
      BUILD_DATE: `${nextDay}T00:05:00+08:00`,
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  const live = await readdir(path.join(site, 'live'));
  expect(live).toContain('index.html');
  expect(live).not.toContain('yesterday.html');
  expect((await readdir(site)).filter((entry) => entry.startsWith('live.'))).toEqual([]);
  expect(await readFile(path.join(site, 'published.txt'), 'utf8')).toBe('published\n');
  // check-content measured the build just published, not a build of its own.
  expect(stdout).toMatch(/index\.mdx: first screen .* of .* \(whole page /);
  expect(existsSync(path.join(site, 'build'))).toBe(false);
  const out = (file: string) => readFile(path.join(site, 'live', file), 'utf8');
  const {guide, lastDay} = expiring;
  const endDay = toLongDate(new Date(lastDay));
  const page = await out(`blog/${guide.slug}.html`);
  // The note after the marked fact is shown, not hidden for the page script to show.
  const note = (hidden: string) =>
    new RegExp(
      `<strong [^>]*data-ended${hidden}[^>]*>\\s*\\(This was announced to end on <time[^>]*>${endDay}</time>: check whether it has been extended`,
    );
  expect(page).toMatch(note(''));
  expect(page).not.toMatch(note('[^>]*hidden'));
  // The guide's notice, under its title, with no script needed to show it.
  const notice = (day: string) =>
    `Some rules in this guide were announced to end on ${day}; check whether they have been extended before you rely on them.`;
  const ended = notice(endDay);
  expect(page).toMatch(
    new RegExp(
      `<p [^>]*data-ended-notice=__blog-post-container(?![^>]*hidden)[^>]*>Some rules in this guide were announced to end on <time>${endDay}</time>;`,
    ),
  );
  expect(page).toContain(`name=description content="${ended}`);
  expect(page).toContain(`property=og:description content="${ended}`);
  // The card's excerpt, on /blogs, and the guide's blurb under "Related guides", notes shown.
  const markedExcerpt = new RegExp(
    `<span data-expires=${lastDay}>[^<]+<strong [^>]*data-ended=true>\\s*\\(This was announced to end`,
  );
  expect(await out('blogs.html')).toMatch(markedExcerpt);
  const guides = guidesOf(site);
  const relatedSections = await Promise.all(
    guides.map(async ({slug}) => (await out(`blog/${slug}.html`)).split('id=related-guides')[1]),
  );
  const relating = relatedSections.filter((part) => part?.includes(`href=/blog/${guide.slug}>`));
  expect(relating.length).toBeGreaterThan(0);
  for (const related of relating) expect(related).toMatch(markedExcerpt);
  // The feeds: one item per guide, however many, and no notes; each item whose guide has a fact
  // past its day starts with one visible notice naming the first such day.
  const noticed = guides
    .map((candidate) => {
      const first = firstLastDay(candidate);
      return {
        slug: candidate.slug,
        days: first && first < nextDay ? [toLongDate(new Date(first))] : [],
      };
    })
    .sort((a, b) => a.slug.localeCompare(b.slug));
  for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
    const xml = await out(feed);
    expect(xml).not.toContain('data-ended');
    const items = xml.split(/<item>|<entry>/).slice(1);
    const found = items.map((item) => {
      const content =
        /<(?:content:encoded|content[^>]*)>([\s\S]*?)<\/content/.exec(item)?.[1] ?? '';
      const slug = /<(link|id)>[^<]*\/blog\/([a-z0-9-]+)<\/\1>/.exec(item)?.[2] ?? '';
      const days = [
        ...content.matchAll(/Some rules in this guide were announced to end on ([^;<]+);/g),
      ];
      return {slug, days: days.map((match) => match[1])};
    });
    expect(found.sort((a, b) => a.slug.localeCompare(b.slug))).toEqual(noticed);
  }
  expect(await out('blog/rss.xml')).toContain(`<description><![CDATA[${ended}`);
  // 00:05 in Beijing is still the day before in UTC: the build's day is China's, so a reader
  // without script sees its year in the footer (2027 on 1 January), and the feeds' copyright
  // agrees.
  const year = nextDay.slice(0, 4);
  expect(page).toMatch(new RegExp(`<span data-year(?:=[^>]*)?>${year}</span>`));
  for (const feed of ['blog/rss.xml', 'blog/atom.xml']) {
    expect(await out(feed)).toContain(`Copyright © ${year} ${siteFacts.companyName}`);
  }
});

/** Runs rebuild.sh on the site with `env`, its build a copy of the live one (no real build). */
function rebuild(env: Record<string, string>) {
  return run('scripts/rebuild.sh', [], {
    cwd: site,
    env: {
      ...process.env,
      NO_COLOR: '1',
      REBUILD_OUT: 'live',
      REBUILD_BUILD_COMMAND: 'cp -r live/. "$1"',
      ...env,
    },
  });
}

/** A run's exit code and what it printed on standard error. */
function outcome(running: Promise<unknown>): Promise<{code: number; stderr: string}> {
  return running.then(
    () => ({code: 0, stderr: ''}),
    (error: unknown) => error as {code: number; stderr: string},
  );
}

it('runs one rebuild at a time, the live folder there throughout, the second saying why it did nothing', async () => {
  const fifo = path.join(site, 'go.fifo');
  await run('mkfifo', [fifo]);
  let missing = 0;
  const running = {first: true};
  const watch = (async () => {
    while (running.first) {
      if (!existsSync(path.join(site, 'live', 'index.html'))) missing += 1;
      await new Promise((resolve) => setImmediate(resolve));
    }
  })();
  // The first run's build waits, holding the lock, until the test lets it go on.
  const first = rebuild({
    REBUILD_BUILD_COMMAND: `touch building; read -r _ < go.fifo; cp -r live/. "$1"; echo first > "$1/run.txt"`,
  });
  await until(
    'the first run builds, holding the lock',
    () => existsSync(path.join(site, 'building')),
    {
      timeoutMs: 60_000,
    },
  );
  const second = await outcome(rebuild({REBUILD_BUILD_COMMAND: 'echo second > "$1/run.txt"'}));
  await writeFile(fifo, 'go\n');
  await first;
  running.first = false;
  await watch;

  expect({code: second.code, lines: second.stderr.trimEnd().split('\n')}).toEqual({
    code: 1,
    lines: [
      '[rebuild] another rebuild of this checkout is running (it holds .rebuild.lock): this one did nothing',
    ],
  });
  expect(missing).toBe(0);
  expect(await readFile(path.join(site, 'live', 'run.txt'), 'utf8')).toBe('first\n');
  // Only the live build is kept.
  expect(await readdir(path.join(site, '.live.releases'))).toHaveLength(1);
});

it('puts the previous build back when PUBLISH_COMMAND fails, and says which build is live', async () => {
  const before = await readFile(path.join(site, 'live', 'index.html'), 'utf8');
  const failed = await outcome(
    rebuild({
      REBUILD_BUILD_COMMAND: 'mkdir "$1" && echo broken > "$1/index.html"',
      PUBLISH_COMMAND: 'exit 3',
    }),
  );
  expect(failed.code).toBe(1);
  expect(failed.stderr).toMatch(
    /^\[rebuild\] PUBLISH_COMMAND failed: live serves the previous build again, \.\/\.live\.releases\/\S+ \(the new one is kept in \S+\)$/m,
  );
  expect(await readFile(path.join(site, 'live', 'index.html'), 'utf8')).toBe(before);
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
