/**
 * `npm run check-content` as CI runs it: its exit status and its lines, on the real articles and
 * on a copy of the blog with a writer's mistake, as of an injected day.
 */
import {execFile} from 'node:child_process';
import {readdirSync} from 'node:fs';
import {cp, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {promisify} from 'node:util';
import {createArticles} from '../../plugins/articles';
import {checkContent} from '../../scripts/check-content';
import {chinaDay, isoDay, parseDay, toLongDate} from '../../src/lib/dates';
import {guidesOf} from '../guides';

jest.setTimeout(60_000);

const run = promisify(execFile);
const ROOT = path.resolve(__dirname, '../..');
const VISA = 'blog/2025-10-16-china-best-travel-destination-2025/index.mdx';

/** The 1-based line of the first line of `source` that contains `text`. */
function lineOf(source: string, text: string): number {
  return source.split('\n').findIndex((line) => line.includes(text)) + 1;
}

/** The first fact a guide marks to end, whichever guide that is: its file, line and last day. */
const MARKED = (() => {
  const guide = guidesOf().find(({marks}) => marks.length > 0);
  const [mark] = guide?.marks ?? [];
  const lastDay = mark && parseDay(mark.lastDay);
  if (!guide || !mark || !lastDay)
    throw new Error('No guide marks a fact with <Expires>: a test needs one');
  return {file: guide.file, line: mark.line, lastDay};
})();

/**
 * The latest day any guide was reviewed: a check as of an earlier day would refuse that review as
 * one still to come, and until a marked fact ends every fact holds on it.
 */
function lastReviewDay(): Date {
  const days = createArticles({siteDir: ROOT, today: chinaDay(new Date())})
    .all()
    .flatMap(({article}) => (article ? [article.frontMatter.last_update.date] : []));
  const latest = parseDay(days.sort().at(-1) ?? '');
  if (latest === undefined) throw new Error('no article of blog/ passes its rules');
  return latest;
}
const REVIEWED = lastReviewDay();

/** A site holding only the blog, so nothing can be built or measured. */
async function blogCopy(): Promise<string> {
  const site = await mkdtemp(path.join(tmpdir(), 'check-content-'));
  await cp(path.join(ROOT, 'blog'), path.join(site, 'blog'), {recursive: true});
  return site;
}

let site: string | undefined;
afterEach(async () => {
  if (site) await rm(site, {recursive: true, force: true});
  site = undefined;
});

it('fails with exit status 1 on a marked fact once it has ended, with the file, line and what to do', async () => {
  const twoDaysLater = isoDay(new Date(MARKED.lastDay.getTime() + 2 * 86_400_000));
  const failure = run(
    'npx',
    ['tsx', 'scripts/check-content.ts', '--today', twoDaysLater, '--no-build'],
    {
      cwd: ROOT,
    },
  );
  await expect(failure).rejects.toMatchObject({
    code: 1,
    stdout: expect.stringContaining(
      `${MARKED.file}:${MARKED.line}: expired: a fact marked to end on ${toLongDate(MARKED.lastDay)} has ended (2 days ago): check the current rule, set its end in src/data/entry-rules.ts (or the mark's on="…") and rewrite the sentence, then set last_update.date\n`,
    ) as unknown,
  });
});

it('passes as of a day when every fact still holds, saying how to get the build it did not measure', async () => {
  site = await blogCopy();
  const result = checkContent({siteDir: site, today: REVIEWED, build: false});
  expect(result.exitCode).toBe(0);
  expect(result.lines).toContain(
    'First screens not measured: the build is missing; run npm run build (or leave out --no-build).',
  );
});

it('measures the build it is given without building one, and says when that build is missing', async () => {
  site = await blogCopy();
  const buildDir = path.join(site, 'live');
  const result = checkContent({
    siteDir: site,
    today: REVIEWED,
    build: true,
    buildDir,
  });
  expect(result.exitCode).toBe(0);
  expect(result.lines).toContain(
    `First screens not measured: the build in ${buildDir} is missing.`,
  );
});

it('reports a missing description in one line without building, and fails', async () => {
  site = await blogCopy();
  const file = path.join(site, VISA);
  const source = await readFile(file, 'utf8');
  const withoutDescription = source.replace(/^description:.*\n/m, '');
  await writeFile(file, withoutDescription);
  // A missing field is reported on the front matter's closing line.
  const closing = withoutDescription.split('\n').indexOf('---', 1) + 1;
  const result = checkContent({siteDir: site, today: REVIEWED, build: true});
  expect(result.exitCode).toBe(1);
  expect(result.lines).toContain(
    `${VISA}:${closing}: invalid: "description" is missing: add the text for search results and sharing, like description: '…' (120-160 characters read best, at least 50)`,
  );
  expect(result.lines).toContain(
    'First screens not measured: the build needs the mistakes above fixed first.',
  );
});

it('gives a malformed change exactly one line, with its file, line and fix, and fails', async () => {
  site = await blogCopy();
  const file = path.join(site, VISA);
  const source = (await readFile(file, 'utf8')).replace(
    /^(changes:\n.*\n.*\n)/m,
    '$1  - date: 2026-10-01\n    what: Fixed the visa list.\n  - date: 2026-10-20\n    what: Added Hainan.\n',
  );
  await writeFile(file, source);
  const result = checkContent({siteDir: site, today: REVIEWED, build: false});
  expect(result.exitCode).toBe(1);
  expect(result.lines.filter((line) => line.includes(': invalid: '))).toEqual([
    `${VISA}:${lineOf(source, '- date: 2026-10-20')}: invalid: "changes" must list the newest first: move this change of 2026-10-20 above the one of 2026-10-01`,
  ]);
});

it('lists what must be fixed first, by file and line, then the reminders, and counts each', async () => {
  site = await blogCopy();
  const TAOBAO = 'blog/2025-06-17-taobao-guide/index.mdx';
  // In the last guide, a fact that ends in ten days (a reminder) above a mark it cannot read.
  const soon = isoDay(new Date(REVIEWED.getTime() + 10 * 86_400_000));
  const visa = `${await readFile(path.join(site, VISA), 'utf8')}\nThe fare is <Expires on="${soon}">¥10</Expires>.\n\n## Fees\n\nThe fee is <Expires on="2027-02-30">¥5</Expires>.\n`;
  await writeFile(path.join(site, VISA), visa);
  const taobao = `${await readFile(path.join(site, TAOBAO), 'utf8')}\nA <Expires on="2027-02-31">sale</Expires> runs.\n`;
  await writeFile(path.join(site, TAOBAO), taobao);

  const result = checkContent({siteDir: site, today: REVIEWED, build: false});

  const findings = result.lines.filter((line) => /^\S+:\d+: [a-z-]+: /.test(line));
  expect(findings.slice(0, 2).map((line) => line.split(': ').slice(0, 2).join(': '))).toEqual([
    `${TAOBAO}:${lineOf(taobao, '2027-02-31')}: invalid`,
    `${VISA}:${lineOf(visa, '2027-02-30')}: invalid`,
  ]);
  const reminders = findings.slice(2);
  expect(reminders).toContainEqual(
    expect.stringMatching(`^${VISA}:${lineOf(visa, soon)}: ending: .*, in 10 days: `),
  );
  expect(reminders.every((line) => /: (ending|review): /.test(line))).toBe(true);
  expect(result.exitCode).toBe(1);
  expect(result.lines.at(-1)).toBe(
    `${readdirSync(path.join(site, 'blog')).length} articles checked as of ${isoDay(REVIEWED)} in China: 2 to fix, ${reminders.length} reminders.`,
  );
});

describe('a writer mistake that would fail the build later, or publish garbled, is one line first', () => {
  const TAOBAO = 'blog/2025-06-17-taobao-guide/index.mdx';

  /** The invalid lines of check-content on the blog copy, which must fail. */
  function invalidLines(): string[] {
    const result = checkContent({siteDir: site!, today: REVIEWED, build: false});
    expect(result.exitCode).toBe(1);
    return result.lines.filter((line) => line.includes(': invalid: '));
  }

  it('two articles with one slug', async () => {
    site = await blogCopy();
    const copy = 'blog/2026-11-01-taobao-guide/index.mdx';
    await cp(path.join(site, path.dirname(TAOBAO)), path.join(site, path.dirname(copy)), {
      recursive: true,
    });
    const source = await readFile(path.join(site, copy), 'utf8');
    expect(invalidLines()).toEqual([
      `${copy}:${lineOf(source, 'slug:')}: invalid: "slug" taobao-guide is ${TAOBAO}'s too, and both would be /blog/taobao-guide: give this article a slug of its own, and its folder the same name`,
    ]);
  });

  it("a link to another guide's section that the guide does not have", async () => {
    site = await blogCopy();
    const file = 'blog/2025-06-13-essential-apps-china-2025/index.mdx';
    const source = await readFile(path.join(site, file), 'utf8');
    const wrong = source.replace(
      '/blog/china-different-world#common-scams-and-how-to-avoid-them',
      '/blog/china-different-world#common-scam',
    );
    expect(wrong).not.toBe(source);
    await writeFile(path.join(site, file), wrong);
    expect(invalidLines()).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${file}:${lineOf(wrong, '#common-scam)')}: invalid: .*#common-scam.*common-scams-and-how-to-avoid-them`,
        ),
      ),
    ]);
  });

  it('bytes that are not UTF-8, by their line', async () => {
    site = await blogCopy();
    const file = path.join(site, VISA);
    const source = await readFile(file, 'utf8');
    // A line of the text, below the front matter.
    const line = lineOf(source, '## ');
    const lines = source.split('\n');
    const bytes = Buffer.concat(
      lines.map((text, index) =>
        // "Café" as Windows-1252 writes it: é is the single byte 0xE9.
        index === line - 1
          ? Buffer.concat([
              Buffer.from('Café'.slice(0, 3)),
              Buffer.from([0xe9]),
              Buffer.from(` ${text}\n`),
            ])
          : Buffer.from(index === lines.length - 1 ? text : `${text}\n`),
      ),
    );
    await writeFile(file, bytes);
    expect(invalidLines()).toEqual([
      `${VISA}:${line}: invalid: this line has bytes that are not UTF-8 (the file was saved in another encoding), which would show as �: save the file as UTF-8 and check the line`,
    ]);
  });

  it('a title of the wrong type', async () => {
    site = await blogCopy();
    const file = path.join(site, VISA);
    const source = (await readFile(file, 'utf8')).replace(/^title: .*$/m, 'title: [China, 2025]');
    await writeFile(file, source);
    expect(invalidLines()).toEqual([
      `${VISA}:${lineOf(source, 'title:')}: invalid: "title" must be text: write the article's title, like title: "How to Use Taobao"`,
    ]);
  });

  it('an article over 200 KB, such as a 1 MB one', async () => {
    site = await blogCopy();
    const file = path.join(site, VISA);
    const source = `${await readFile(file, 'utf8')}\n${'More words. '.repeat(90_000)}\n`;
    await writeFile(file, source);
    const kilobytes = Math.ceil(Buffer.byteLength(source) / 1024);
    expect(kilobytes).toBeGreaterThan(1_000);
    expect(invalidLines()).toEqual([
      `${VISA}:1: invalid: the article is ${kilobytes} KB, over the 200 KB an article may be: split it into two articles that link each other`,
    ]);
  });
});

it("counts today in China: 00:30 in Beijing the day after a fact's last day ends it, though UTC's day is still that last day", async () => {
  site = await blogCopy();
  jest.useFakeTimers({
    // 16:30 UTC on the last day is 00:30 the next day in Beijing (UTC+8).
    now: new Date(MARKED.lastDay.getTime() + (16 * 60 + 30) * 60_000),
    doNotFake: ['setImmediate', 'nextTick'],
  });
  try {
    const result = checkContent({siteDir: site, today: chinaDay(new Date()), build: false});
    expect(result.exitCode).toBe(1);
    expect(result.lines.join('\n')).toContain(`${MARKED.file}:${MARKED.line}: expired:`);
  } finally {
    jest.useRealTimers();
  }
});
