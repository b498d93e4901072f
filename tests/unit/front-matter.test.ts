/** @jest-environment node */
import path from 'node:path';
import {
  articleProblems,
  brokenMarkdownImage,
  expiresOf,
  formatProblem,
  parseFrontMatter,
  type ArticleInput,
} from '../../plugins/blog-summaries/front-matter';

const siteDir = path.join(__dirname, 'fixtures');
const FILE = 'blog/2025-07-01-good-post/index.md';
const sourcePath = path.join(siteDir, FILE);

const FRONT_MATTER = [
  'slug: good-post',
  'title: "A good post"',
  "description: 'What the post is about, for search results and for sharing it.'",
  'date: 2025-07-01',
  'image: ./hero.svg',
  "excerpt: 'Shown on the cards.'",
  'last_update:',
  '  date: 2025-08-01',
];

/** An article's source with the given front-matter lines and body, parsed as the blog parses it. */
function article(lines: readonly string[], body = 'Text.'): ArticleInput {
  const source = `---\n${lines.join('\n')}\n---\n\n${body}\n`;
  const frontMatter = parseFrontMatter(source);
  return {sourcePath, source, frontMatter};
}

function messages(lines: readonly string[], body?: string): string[] {
  return articleProblems(article(lines, body), siteDir).map((problem) =>
    formatProblem(FILE, problem),
  );
}

const without = (field: string) => FRONT_MATTER.filter((line) => !line.startsWith(`${field}:`));

describe('the front-matter rules', () => {
  it('accept a complete article', () => {
    expect(messages(FRONT_MATTER)).toEqual([]);
  });

  it('name a missing description in one line: the file, the end of the front matter, what to add', () => {
    expect(messages(without('description'))).toEqual([
      `${FILE}:9: invalid: "description" is missing: add the text for search results and sharing, like description: '…' (120-160 characters read best, at least 50)`,
    ]);
  });

  it.each(['title', 'slug', 'excerpt', 'image'])('name an empty %s on its own line', (field) => {
    const lines = FRONT_MATTER.map((line) =>
      line.startsWith(`${field}:`) ? `${field}: ''` : line,
    );
    const line = FRONT_MATTER.findIndex((text) => text.startsWith(`${field}:`)) + 2;
    expect(messages(lines)).toEqual([
      expect.stringMatching(new RegExp(`^${FILE}:${line}: invalid: "${field}" is empty: write `)),
    ]);
  });

  it('name a hero that does not exist, with the fix', () => {
    const lines = FRONT_MATTER.map((line) => line.replace('./hero.svg', './missing.svg'));
    expect(messages(lines)).toEqual([
      `${FILE}:6: invalid: "image" ./missing.svg does not exist: put the file beside index.mdx or correct the path`,
    ]);
  });

  it('name an inline image that does not exist by its line, outside code blocks only', () => {
    const body =
      'Intro.\n\n![A gate](./missing.svg)\n\n```md\n![shown as code](./nowhere.svg)\n```\n\n![Hero](./hero.svg)';
    expect(messages(FRONT_MATTER, body)).toEqual([
      `${FILE}:14: invalid: the image ./missing.svg does not exist: put the file beside the article (or under static/ for a /… path) or correct the path`,
    ]);
  });

  it('read expires as the UTC midnight of its day, and nothing when absent', () => {
    const {frontMatter} = article([...FRONT_MATTER, 'expires: 2026-12-31']);
    expect(expiresOf(frontMatter)).toEqual(new Date('2026-12-31T00:00:00Z'));
    expect(expiresOf(article(FRONT_MATTER).frontMatter)).toBeUndefined();
    expect(messages([...FRONT_MATTER, "expires: '2026-12-31'"])).toEqual([]);
  });

  it.each([
    ['expires: 2026-02-30', '"expires" is 2026-02-30, which is not a day of the calendar'],
    ['expires: soon', '"expires" must be the last day the title, description and excerpt hold'],
    ['expires: 2026-12-31T10:00:00Z', '"expires" must be the last day'],
  ])('refuse %s on its line', (line, message) => {
    expect(messages([...FRONT_MATTER, line])).toEqual([
      expect.stringContaining(`${FILE}:10: invalid: ${message}`),
    ]);
  });

  it('refuse a review day the calendar does not have, which YAML would move to the next month', () => {
    const lines = FRONT_MATTER.map((line) => line.replace('2025-08-01', '2025-11-31'));
    expect(messages(lines)).toEqual([
      `${FILE}:9: invalid: "last_update.date" is 2025-11-31, which is not a day of the calendar: write a real day as YYYY-MM-DD`,
    ]);
  });

  it('refuse a missing review date, pointing at where to add it', () => {
    const lines = FRONT_MATTER.filter((line) => !line.includes('date: 2025-08-01'));
    expect(messages(lines)).toEqual([
      expect.stringContaining(`${FILE}:8: invalid: "last_update" must give the day`),
    ]);
  });
});

describe('a broken Markdown image in any page', () => {
  it('fails with the file, line and fix, and no hint to switch the check off', () => {
    const node = {type: 'image', url: './x.svg', position: {start: {line: 7, column: 1}}};
    expect(() =>
      brokenMarkdownImage({
        sourceFilePath: 'src/pages/privacy.mdx',
        url: './x.svg',
        node: node as Parameters<typeof brokenMarkdownImage>[0]['node'],
      }),
    ).toThrow(
      /^src\/pages\/privacy\.mdx:7: invalid: the image \.\/x\.svg does not exist: put the file beside/,
    );
  });
});
