import {readingTime, readWords, WORDS_PER_MINUTE} from '../../plugins/blog-summaries/reading-time';

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

  it("counts a link's text, not its address", () => {
    expect(
      readWords(
        'See [the notice](https://www.shenyang.gov.cn/english/t20250521_4854119.html "Shenyang") and [transit](#the-240-hour-visa-free-transit-policy).',
      ),
    ).toBe(5);
    expect(readWords('Mail <https://example.com/a/b> or https://example.com/c-d-e today.')).toBe(3);
    expect(
      readWords('Read [the rules][rules].\n\n[rules]: https://example.com/rules "Rules"'),
    ).toBe(4);
  });

  it('counts what MDX and HTML tags hold, not the tags or their attributes', () => {
    expect(
      readWords(
        '<Expires on="2026-12-31" note={{when: "2026-12-31"}}>Stay up to 30 days</Expires> with <span lang="zh-Hans">微信</span>.<br />',
      ),
    ).toBe(7);
    expect(readWords('<div\n  className="gl-note"\n  data-x=\'a b\'\n>\nOne note\n</div>')).toBe(2);
  });

  it('leaves out import lines, comments, images, heading ids and code fences’ syntax', () => {
    const source = [
      "import {TRANSLATOR_DEMO_PATH} from '@site/src/data/site';",
      'export const meta = {a: 1};',
      '{/* truncate */}',
      '<!-- a note for writers,',
      'over two lines -->',
      '## Getting in {#getting-in}',
      '![A gate at Beijing West station](./station-gate.svg)',
      '```bash title="install.sh"',
      'npm install',
      '```',
    ].join('\n');
    expect(readWords(source)).toBe(4);
  });
});
