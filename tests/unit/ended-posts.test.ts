/**
 * A post whose title, description and excerpt hold only until a day (front matter `expires`):
 * a build after that day in China says so first in its description, which the page's meta tags,
 * its sharing card and the feeds read.
 */
import type {BlogPost} from '@docusaurus/plugin-content-blog';
import {describeEndedPosts, feedContent, feedItemsOn} from '../../plugins/freshness';
import {FRONT_MATTER, SOURCE_PATH, articlesOver, postOf, sourceOf} from './articles';

const post = postOf({description: 'Visa-free for 30 days.'}) as unknown as BlogPost;

/** The post's description in a build on that day, its article having these extra lines. */
async function descriptionOn(buildDay: string, ...lines: string[]) {
  const {articles} = articlesOver({[SOURCE_PATH]: sourceOf([...FRONT_MATTER, ...lines])});
  const processed = await describeEndedPosts(new Date(buildDay), articles)({blogPosts: [post]});
  return processed?.[0]?.metadata.description;
}

describe('describeEndedPosts', () => {
  const expires = 'expires: 2026-12-31';

  it('leaves the description alone up to and on the last day', async () => {
    expect(await descriptionOn('2026-12-31', expires)).toBe('Visa-free for 30 days.');
  });

  it('says the rules ended first, from the next day', async () => {
    expect(await descriptionOn('2027-01-01', expires)).toBe(
      'Some rules in this guide were announced to end on 31 December 2026; check whether they have been extended before you rely on them. Visa-free for 30 days.',
    );
  });

  it('leaves a post without expires alone', async () => {
    expect(await descriptionOn('2030-01-01')).toBe('Visa-free for 30 days.');
  });
});

describe('feedContent: a feed item never carries the notes after marked facts', () => {
  const marked = (day: string) =>
    `<span data-expires="${day}">Visa-free for 30 days.<strong data-ended="true" hidden> (This was announced to end on <time>…</time>: check …)</strong></span>`;
  const html = `<p>${marked('2026-12-31')} Transit for 240 hours.</p><p>${marked('2027-06-30')}</p>`;
  const guide = {
    content: 'Visa-free <Expires on="2027-06-30">a</Expires> <Expires on="2026-12-31">b</Expires>',
  } as BlogPost;

  it('drops the hidden notes before the first fact ends, and says nothing', () => {
    const content = feedContent(html, guide, new Date('2026-12-31T00:00:00Z'));
    expect(content).not.toContain('data-ended');
    expect(content).not.toContain('announced to end');
    expect(content).toContain('Visa-free for 30 days.</span> Transit for 240 hours.');
  });

  it('says once, first and visibly, that rules were announced to end, after the first day', () => {
    const content = feedContent(html, guide, new Date('2027-01-01T00:00:00Z'));
    expect(content).not.toContain('data-ended');
    expect(content.match(/announced to end/g)).toHaveLength(1);
    expect(content).toMatch(
      /^<p><strong>Some rules in this guide were announced to end on 31 December 2026; check whether they have been extended before you rely on them.<\/strong><\/p><p>/,
    );
  });

  it('leaves a guide with no marked fact as it was', () => {
    const plain = '<p>Trains run at 350 km/h.</p>';
    expect(feedContent(plain, {content: 'Trains.'} as BlogPost, new Date('2030-01-01'))).toBe(
      plain,
    );
  });
});

describe('feedItemsOn', () => {
  it('leads an item with its latest review’s day and lines, as text, before the post', async () => {
    const changes = [
      'changes:',
      '  - date: 2026-11-25',
      "    what: 'Cards <Visa & Mastercard> at metro gates.'",
      '  - date: 2026-11-25',
      '    what: Checked every fact.',
      '  - date: 2026-06-01',
      '    what: An older review.',
    ];
    const lines = FRONT_MATTER.filter((line) => !/^(changes:| {2}- date:| {4}what:)/.test(line))
      .map((line) => line.replace('  date: 2025-08-01', '  date: 2026-11-25'))
      .concat(changes);
    const {articles} = articlesOver({[SOURCE_PATH]: sourceOf(lines)});
    const blogPost = {content: 'No marked fact.', ...postOf({lastUpdatedAt: 1795564800000})};
    const params = {
      blogPosts: [blogPost],
      defaultCreateFeedItems: () => Promise.resolve([{link: '/blog/x', content: '<p>Body</p>'}]),
    } as unknown as Parameters<ReturnType<typeof feedItemsOn>>[0];
    const [item] = await feedItemsOn(new Date('2026-11-28T00:00:00Z'), articles)(params);
    expect(item?.content).toBe(
      '<p><strong>What changed since our last check, 25 November 2026:</strong></p><ul><li>Cards &lt;Visa &amp; Mastercard&gt; at metro gates.</li><li>Checked every fact.</li></ul><p>Body</p>',
    );
  });
});
