/** @jest-environment node */
import path from 'node:path';
import {
  FrontMatterError,
  formatDate,
  toSummaries,
  validateFrontMatter,
  type PostInput,
} from '../../plugins/blog-summaries/summaries';

const siteDir = path.join(__dirname, 'fixtures');
const goodSource = path.join(siteDir, 'blog/2025-07-01-good-post/index.md');

function post(frontMatter: Record<string, unknown>, sourcePath = goodSource): PostInput {
  return {sourcePath, frontMatter, date: '2025-07-01'};
}

const valid = {
  slug: 'good-post',
  title: 'A good post',
  description: 'What the post is about.',
  date: new Date('2025-07-01'),
  image: './hero.svg',
  excerpt: 'Shown on the cards.',
};

describe('front matter validation', () => {
  it('accepts a post with every required field', () => {
    expect(() => validateFrontMatter(post(valid), siteDir)).not.toThrow();
  });

  it.each(['slug', 'title', 'description', 'date', 'image', 'excerpt'])(
    'fails naming the file when "%s" is missing',
    (field) => {
      const {[field]: _omitted, ...rest} = valid as Record<string, unknown>;
      expect(() => validateFrontMatter(post(rest), siteDir)).toThrow(
        new FrontMatterError(`blog/2025-07-01-good-post/index.md: "${field}" is missing`),
      );
    },
  );

  it('rejects a date that is not a date', () => {
    expect(() => validateFrontMatter(post({...valid, date: 'last June'}), siteDir)).toThrow(
      /"date" must be a date like 2025-06-17, got "last June"/,
    );
  });

  it('rejects a slug that does not match the folder', () => {
    const source = path.join(siteDir, 'blog/2025-07-02-wrong-folder/index.md');
    expect(() => validateFrontMatter(post(valid, source), siteDir)).toThrow(
      /"slug" must match the folder name <YYYY-MM-DD>-good-post/,
    );
  });

  it('rejects an image that does not exist beside the post', () => {
    expect(() => validateFrontMatter(post({...valid, image: './missing.svg'}), siteDir)).toThrow(
      /"image" \.\/missing\.svg does not exist/,
    );
  });

  it('lists every problem of a file in one message', () => {
    expect(() => validateFrontMatter(post({image: './hero.svg'}), siteDir)).toThrow(
      /"slug" is missing; "title" is missing; "description" is missing; "excerpt" is missing; "date" is missing/,
    );
  });
});

describe('summaries', () => {
  it('formats dates as YYYY/MM/DD', () => {
    expect(formatDate('2025-06-13T00:00:00.000Z')).toBe('2025/06/13');
    expect(formatDate(new Date('2025-10-16'))).toBe('2025/10/16');
  });

  it('sorts newest first, using the time of day for posts on the same date', () => {
    const at = (date: string, slug: string): PostInput => ({
      ...post({...valid, slug}),
      sourcePath: goodSource,
      date,
      frontMatter: {...valid, slug: 'good-post', title: slug},
    });
    const {summaries} = toSummaries(
      [
        at('2025-06-22T08:00:00Z', 'earlier that day'),
        at('2025-06-13T00:00:00Z', 'oldest'),
        at('2025-06-22T10:00:00Z', 'later that day'),
        at('2025-10-16T00:00:00Z', 'newest'),
      ],
      siteDir,
    );
    expect(summaries.map((summary) => summary.title)).toEqual([
      'newest',
      'later that day',
      'earlier that day',
      'oldest',
    ]);
  });

  it('keeps only what the cards need, with a content-hashed hero URL', () => {
    const {summaries, heroes} = toSummaries([post(valid)], siteDir);
    expect(summaries).toEqual([
      {
        slug: 'good-post',
        title: 'A good post',
        excerpt: 'Shown on the cards.',
        image: expect.stringMatching(/^\/assets\/blog\/good-post-[0-9a-f]{8}\.svg$/) as unknown,
        date: '2025/07/01',
      },
    ]);
    expect(heroes[0]!.from).toBe(path.join(siteDir, 'blog/2025-07-01-good-post/hero.svg'));
    expect(`/${heroes[0]!.to}`).toBe(summaries[0]!.image);
  });
});
