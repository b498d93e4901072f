import path from 'node:path';
import {formatProblem} from '../../plugins/articles/problem';
import {brokenMarkdownImage} from '../../plugins/articles/images';
import {
  CHANGES,
  FILE,
  FRONT_MATTER,
  SITE as siteDir,
  TODAY,
  articleOf,
  read,
  sourceOf,
} from './articles';

/** The source at this path, as `{sourcePath, source}`. */
function article(lines: readonly string[], body = 'Text.', path = sourcePath) {
  return {sourcePath: path, source: sourceOf(lines, body)};
}

/** The problems' lines, as every check prints them. */
function problemsOf({sourcePath, source}: {sourcePath: string; source: string}, today = TODAY) {
  return read(source, sourcePath, today).problems;
}

function messages(lines: readonly string[], body?: string): string[] {
  return problemsOf(article(lines, body)).map((problem) => formatProblem(FILE, problem));
}

const sourcePath = path.join(siteDir, FILE);

const without = (field: string) => FRONT_MATTER.filter((line) => !line.startsWith(`${field}:`));
/** The front matter with one field's line replaced. */
const withField = (field: string, line: string) =>
  FRONT_MATTER.map((text) => (text.startsWith(`${field}:`) ? line : text));

describe('the front-matter rules', () => {
  it('accept a complete article', () => {
    expect(messages(FRONT_MATTER)).toEqual([]);
  });

  it('name a missing description in one line: the file, the end of the front matter, what to add', () => {
    expect(messages(without('description'))).toEqual([
      `${FILE}:12: invalid: "description" is missing: add the text for search results and sharing, like description: '…' (120-160 characters read best, at least 50)`,
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
      `${FILE}:17: invalid: the image ./missing.svg does not exist: put the file beside the article (or under static/ for a /… path) or correct the path`,
    ]);
  });

  it('read expires as its day, and nothing when absent', () => {
    const {frontMatter} = articleOf(sourceOf([...FRONT_MATTER, 'expires: 2026-12-31']));
    expect(frontMatter.expires).toBe('2026-12-31');
    expect(articleOf(sourceOf()).frontMatter.expires).toBeUndefined();
    expect(messages([...FRONT_MATTER, "expires: '2026-12-31'"])).toEqual([]);
  });

  it.each([
    ['expires: 2026-02-30', '"expires" is 2026-02-30, which is not a day of the calendar'],
    ['expires: soon', '"expires" must be the last day the title, description and excerpt hold'],
    ['expires: 2026-12-31T10:00:00Z', '"expires" must be the last day'],
  ])('refuse %s on its line', (line, message) => {
    expect(messages([...FRONT_MATTER, line])).toEqual([
      expect.stringContaining(`${FILE}:13: invalid: ${message}`),
    ]);
  });

  it('refuse a review day the calendar does not have, which YAML would move to the next month', () => {
    const lines = FRONT_MATTER.map((line) =>
      line === '  date: 2025-08-01' ? '  date: 2025-11-31' : line,
    );
    expect(messages(lines)).toEqual([
      `${FILE}:9: invalid: "last_update.date" is 2025-11-31, which is not a day of the calendar: write a real day as YYYY-MM-DD`,
    ]);
  });

  it('refuse a missing review date, pointing at where to add it', () => {
    const lines = FRONT_MATTER.filter((line) => line !== '  date: 2025-08-01');
    expect(messages(lines)).toEqual([
      expect.stringContaining(`${FILE}:8: invalid: "last_update" must give the day`),
    ]);
  });
});

describe('the front-matter schema', () => {
  it.each(['slug', 'title', 'description', 'date', 'image', 'excerpt'])(
    'names a missing %s at the end of the front matter, with what to add',
    (field) => {
      expect(messages(without(field))).toEqual([
        expect.stringMatching(new RegExp(`^${FILE}:12: invalid: "${field}" is missing: add .+$`)),
      ]);
    },
  );

  it('lists every problem of a file, one line each, in the order a writer reads them', () => {
    const lines = ['image: ./hero.svg', 'last_update:', '  date: 2025-08-01', ...CHANGES];
    expect(messages(lines).map((line) => /"(\w+)" is missing/.exec(line)?.[1])).toEqual([
      'slug',
      'title',
      'description',
      'excerpt',
      'date',
    ]);
  });

  it('says a list given as a title must be text, on its line, rather than calling it empty', () => {
    expect(messages(withField('title', 'title: [Night, Trains]'))).toEqual([
      `${FILE}:3: invalid: "title" must be text: write the article's title, like title: "How to Use Taobao"`,
    ]);
  });

  it.each([
    ['slug', 'slug: 2025', '"slug" must be text'],
    ['description', 'description: {short: yes}', '"description" must be text'],
    ['date', 'date: last June', '"date" must be a date like 2025-06-17, got "last June"'],
    ['date', 'date: [2025-07-01]', '"date" must be a date like 2025-06-17, got ["2025-07-01"]'],
  ])('names a %s of the wrong type on its line', (field, line, message) => {
    const at = FRONT_MATTER.findIndex((text) => text.startsWith(`${field}:`)) + 2;
    expect(messages(withField(field, line)).map((text) => text.split(': write')[0])).toEqual([
      `${FILE}:${at}: invalid: ${message}`,
    ]);
  });

  it.each([
    ['tags: visas', 13],
    ['tags: [visas, 3, ""]', 13],
    ['tags:\n  - visas\n  - {name: payments}', 15],
  ])('type-checks tags: %j', (line, at) => {
    expect(messages([...FRONT_MATTER, line])).toEqual([
      `${FILE}:${at}: invalid: "tags" must be a list of words, like [visas, payments]`,
    ]);
  });

  it('accepts tags as a list of words, and flags that are true or false', () => {
    expect(messages([...FRONT_MATTER, 'tags: [visas, payments]', 'draft: false'])).toEqual([]);
    expect(messages([...FRONT_MATTER, 'unlisted: "yes"'])).toEqual([
      `${FILE}:13: invalid: "unlisted" must be true or false`,
    ]);
  });

  it('refuses an image_alt that is empty or not text', () => {
    for (const line of ["image_alt: ''", 'image_alt: [a]']) {
      expect(messages([...FRONT_MATTER, line])).toEqual([
        `${FILE}:13: invalid: "image_alt", when given, must be non-empty text describing the image`,
      ]);
    }
  });

  it('refuses a slug that does not match the folder, or is not kebab-case', () => {
    const elsewhere = article(
      FRONT_MATTER,
      'Text.',
      path.join(siteDir, 'blog/2025-07-02-wrong/index.md'),
    );
    expect(problemsOf(elsewhere).map(({line, message}) => [line, message])).toContainEqual([
      2,
      '"slug" must match the folder name <YYYY-MM-DD>-good-post, got folder "2025-07-02-wrong": rename one of them',
    ]);
    expect(messages(withField('slug', 'slug: Good Post'))).toEqual([
      `${FILE}:2: invalid: "slug" must be kebab-case, like taobao-guide, got "Good Post"`,
    ]);
  });

  it('refuses a hero that is not a file beside the post', () => {
    expect(messages(withField('image', 'image: https://example.com/a.png'))).toEqual([
      `${FILE}:6: invalid: "image" must be a file beside the post, like ./hero.svg, got "https://example.com/a.png"`,
    ]);
  });

  it("refuses an excerpt over the cards' length, saying how long it is", () => {
    expect(messages(withField('excerpt', `excerpt: ${'a'.repeat(221)}`))).toEqual([
      `${FILE}:7: invalid: "excerpt" is 221 characters; keep it to 220 for the cards`,
    ]);
  });

  it('requires the review day as a date under last_update', () => {
    const review = '"last_update" must give the day the facts were last checked';
    expect(messages([...FRONT_MATTER.slice(0, 6), ...CHANGES])).toEqual([
      expect.stringContaining(`${FILE}:11: invalid: ${review}`),
    ]);
    expect(messages([...FRONT_MATTER.slice(0, 6), 'last_update: 2025-08-01', ...CHANGES])).toEqual([
      expect.stringContaining(`${FILE}:8: invalid: ${review}`),
    ]);
    expect(messages([...FRONT_MATTER.slice(0, 7), '  date: recently', ...CHANGES])).toEqual([
      expect.stringContaining(`${FILE}:9: invalid: ${review}`),
    ]);
  });

  it.each([
    [[], 13],
    [['a', 'b', 'c', 'd'], 13],
    ['taobao-guide', 13],
    [['Taobao Guide'], 13],
  ])('refuses related guides given as %j, once', (related, line) => {
    expect(messages([...FRONT_MATTER, `related: ${JSON.stringify(related)}`])).toEqual([
      `${FILE}:${line}: invalid: "related" must list 1 to 3 article slugs, like [taobao-guide, gotcha-vs-rest]`,
    ]);
  });

  it('refuses related guides that name the article itself, or a slug twice, on that line', () => {
    expect(messages([...FRONT_MATTER, 'related:', '  - taobao-guide', '  - good-post'])).toEqual([
      `${FILE}:15: invalid: "related" must not name the article itself`,
    ]);
    expect(messages([...FRONT_MATTER, 'related: [taobao-guide, taobao-guide]'])).toEqual([
      `${FILE}:13: invalid: "related" names a slug twice`,
    ]);
  });

  it('takes a group /blogs has, or none, and names the groups when it has not that one', () => {
    expect(messages([...FRONT_MATTER, 'group: our-app'])).toEqual([]);
    const groups = `"group" must be one of before-you-go, once-you-are-there, our-app (the headings /blogs lists guides under: Before you go, Once you're there, Our app), or left out`;
    expect(messages([...FRONT_MATTER, 'group: Before you go'])).toEqual([
      `${FILE}:13: invalid: ${groups}`,
    ]);
    expect(messages([...FRONT_MATTER, 'group: [our-app]'])).toEqual([
      `${FILE}:13: invalid: ${groups}`,
    ]);
  });

  it('names YAML it cannot read by its line', () => {
    expect(
      messages([...FRONT_MATTER.slice(0, 3), 'date: 2025-07-01: x', ...FRONT_MATTER.slice(4)]),
    ).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${FILE}:5: invalid: the front matter \\(between the two --- lines\\) cannot be read: `,
        ),
      ),
    ]);
  });
});

describe('the changes of each review', () => {
  /** The front matter (reviewed on 2025-08-01) with `changes:` on line 10 and these lines after it. */
  const withChanges = (...lines: string[]) => [...FRONT_MATTER.slice(0, 8), 'changes:', ...lines];
  const change = (date: string, what = 'Checked every fact against its source.') => [
    `  - date: ${date}`,
    `    what: ${what}`,
  ];

  it('accept several reviews newest first, some of one day, the newest on the review day', () => {
    const lines = withChanges(
      ...change('2025-08-01', 'Checked every fact; nothing changed.'),
      ...change('2025-07-20', 'The 240-hour transit now covers 55 countries.'),
      ...change("'2025-07-20'", "Added Alipay's new tour card."),
      ...change('2025-07-01'),
    );
    expect(messages(lines)).toEqual([]);
  });

  it('are required, saying how to add the first', () => {
    expect(messages(FRONT_MATTER.slice(0, 8))).toEqual([
      `${FILE}:10: invalid: "changes" is missing: list what each review changed, newest first: "changes:" then "  - date: 2026-11-25" and "    what: Checked every fact against its source."`,
    ]);
  });

  it.each([
    ['changes: Checked every fact.', 10],
    ['changes: []', 10],
  ])('must be a list of changes, not %j', (line, at) => {
    expect(messages([...FRONT_MATTER.slice(0, 8), line])).toEqual([
      expect.stringMatching(
        new RegExp(
          `^${FILE}:${at}: invalid: "changes" must list what each review changed, newest first`,
        ),
      ),
    ]);
  });

  it.each([
    [
      'a day the calendar lacks',
      change('2025-02-30'),
      11,
      'the change\'s "date" is 2025-02-30, which is not a day of the calendar: write a real day as YYYY-MM-DD',
    ],
    [
      'a time, not a day',
      change('2025-08-01T10:00:00Z'),
      11,
      'the change\'s "date" must be the review\'s day like 2026-11-25, got "2025-08-01T10:00:00Z"',
    ],
    [
      'no date',
      ['  - what: Checked.'],
      11,
      'the change has no "date": add the review\'s day, like "- date: 2026-11-25"',
    ],
    [
      'no what',
      ['  - date: 2025-08-01'],
      11,
      'the change has no "what": add what the review changed, like "  what: Checked every fact against its source."',
    ],
    [
      'an empty what',
      change('2025-08-01', "''"),
      12,
      'the change\'s "what" is empty: write what the review changed (even "Checked every fact; nothing changed.")',
    ],
    [
      'a list as what',
      change('2025-08-01', '[Checked, Fixed]'),
      12,
      'the change\'s "what" must be text: one line of what the review changed',
    ],
    [
      'a what of two lines',
      ['  - date: 2025-08-01', '    what: |', '      Checked.', '      Fixed a price.'],
      12,
      'the change\'s "what" must be one line: write it on the "what:" line, without | or > and line breaks',
    ],
    [
      'a what over 200 characters',
      change('2025-08-01', 'a'.repeat(201)),
      12,
      'the change\'s "what" is 201 characters; keep it to 200, one short sentence',
    ],
    [
      'a misspelt what',
      ['  - date: 2025-08-01', '    whta: Checked.'],
      11,
      'the change has no "what": add what the review changed, like "  what: Checked every fact against its source."',
    ],
    [
      'a line of text',
      ['  - Checked every fact.'],
      11,
      '"changes" must list what each review changed, newest first',
    ],
  ])('give a change with %s exactly one line, on its line', (_case, lines, at, message) => {
    expect(messages(withChanges(...lines))).toEqual([
      expect.stringContaining(`${FILE}:${at}: invalid: ${message}`),
    ]);
  });

  it('refuse a change dated after the review day, on its line', () => {
    expect(messages(withChanges(...change('2025-08-02'), ...change('2025-08-01')))).toEqual([
      `${FILE}:11: invalid: the change's "date" 2025-08-02 is after last_update.date 2025-08-01: a change is made at a review, so date it on or before the last one`,
    ]);
  });

  it('refuse changes out of order, on the line of the one to move', () => {
    const lines = withChanges(
      ...change('2025-08-01'),
      ...change('2025-07-01'),
      ...change('2025-07-20'),
    );
    expect(messages(lines)).toEqual([
      `${FILE}:15: invalid: "changes" must list the newest first: move this change of 2025-07-20 above the one of 2025-07-01`,
    ]);
  });

  it('refuse a review day without its line, saying even an unchanged review adds one', () => {
    expect(messages(withChanges(...change('2025-07-01')))).toEqual([
      `${FILE}:11: invalid: the newest change is of 2025-07-01, but last_update.date is 2025-08-01: add a line for the 2025-08-01 review first (even "Checked every fact; nothing changed.")`,
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

describe('days and unreadable front matter', () => {
  it('takes the review day as a day, never a time that another zone would read as another day', () => {
    const review = (value: string) =>
      withField('last_update', 'last_update:').map((line) =>
        line === '  date: 2025-08-01' ? `  date: ${value}` : line,
      );
    expect(messages(review('2025-08-01T01:00:00+08:00'))).toEqual([
      `${FILE}:9: invalid: "last_update" must give the day the facts were last checked, as YYYY-MM-DD with no time: "last_update:" then "  date: 2026-11-25"`,
    ]);
  });

  it("refuses a review day after the build's day in China", () => {
    const future = FRONT_MATTER.map((line) =>
      line.includes('2025-08-01') ? line.replace('2025-08-01', '2026-12-15') : line,
    );
    expect(messages(future)).toEqual([
      `${FILE}:9: invalid: "last_update.date" 2026-12-15 is after today, 2026-11-28 in China: give the day the facts were checked, not a day to come`,
    ]);
    const farFuture = FRONT_MATTER.map((line) =>
      line.includes('2025-08-01') ? line.replace('2025-08-01', '9999-12-31') : line,
    );
    expect(messages(farFuture)).toContain(
      `${FILE}:9: invalid: "last_update.date" 9999-12-31 is after today, 2026-11-28 in China: give the day the facts were checked, not a day to come`,
    );
  });

  it('says in one line that a front matter of nested aliases cannot be read', () => {
    const bomb = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const name of ['b', 'c', 'd', 'e', 'f', 'g']) {
      const previous = String.fromCharCode(name.charCodeAt(0) - 1);
      bomb.push(`${name}: &${name} [${Array<string>(9).fill(`*${previous}`).join(', ')}]`);
    }
    const result = messages([...FRONT_MATTER, ...bomb]);
    expect(result).toHaveLength(1);
    expect(result[0]).toMatch(
      new RegExp(
        `^${FILE}:2: invalid: the front matter \\(between the two --- lines\\) cannot be read: .*aliases`,
      ),
    );
  });
});
