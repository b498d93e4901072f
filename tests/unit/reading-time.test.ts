import {readingTime, WORDS_PER_MINUTE} from '../../plugins/blog-summaries/reading-time';

const minutes = (content: string) =>
  readingTime({
    content,
    frontMatter: {},
    locale: 'en',
    defaultReadingTime: () => {
      throw new Error('the default segmenter is not used');
    },
  });

describe('the reading time', () => {
  it('counts words, with apostrophes inside and hyphens between, at the plugin’s pace', () => {
    expect(minutes("Don't miss Xi'an's 240-hour transit, 3 ports.")).toBe(
      Math.round((8 / WORDS_PER_MINUTE) * 100) / 100,
    );
    expect(minutes('')).toBe(0);
  });

  it('counts a 1 MB article in one pass: 209,716 words are 1,048.58 minutes', () => {
    const article = 'word '.repeat((1 << 20) / 5 + 1);
    expect(article.length).toBeGreaterThan(1 << 20);
    expect(minutes(article)).toBe(1048.58);
  });
});
