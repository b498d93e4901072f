/**
 * A post whose title, description and excerpt hold only until a day (front matter `expires`):
 * a build after that day in China says so first in its description, which the page's meta tags,
 * its sharing card and the feeds read.
 */
import type {BlogPost} from '@docusaurus/plugin-content-blog';
import {describeEndedPosts, feedContent, feedItemsOn} from '../../plugins/freshness';

const post = (frontMatter: Record<string, unknown>): BlogPost =>
  ({metadata: {description: 'Visa-free for 30 days.', frontMatter}}) as unknown as BlogPost;

async function descriptionOn(buildDay: string, frontMatter: Record<string, unknown>) {
  const processed = await describeEndedPosts(new Date(buildDay))({
    blogPosts: [post(frontMatter)],
  });
  return processed?.[0]?.metadata.description;
}

describe('describeEndedPosts', () => {
  const expires = new Date('2026-12-31T00:00:00Z');

  it('leaves the description alone up to and on the last day', async () => {
    expect(await descriptionOn('2026-12-31', {expires})).toBe('Visa-free for 30 days.');
  });

  it('says the rules ended first, from the next day', async () => {
    expect(await descriptionOn('2027-01-01', {expires})).toBe(
      'Some rules in this guide were announced to end on 31 December 2026; check whether they have been extended before you rely on them. Visa-free for 30 days.',
    );
  });

  it('leaves a post without expires alone', async () => {
    expect(await descriptionOn('2030-01-01', {})).toBe('Visa-free for 30 days.');
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
      {date: new Date('2026-11-25T00:00:00Z'), what: 'Cards <Visa & Mastercard> at metro gates.'},
      {date: new Date('2026-11-25T00:00:00Z'), what: 'Checked every fact.'},
      {date: new Date('2026-06-01T00:00:00Z'), what: 'An older review.'},
    ];
    const blogPost = {
      content: 'No marked fact.',
      metadata: {
        date: '2025-06-17T00:00:00.000Z',
        lastUpdatedAt: 1795564800000,
        frontMatter: {changes},
      },
    };
    const params = {
      blogPosts: [blogPost],
      defaultCreateFeedItems: () => Promise.resolve([{link: '/blog/x', content: '<p>Body</p>'}]),
    } as unknown as Parameters<ReturnType<typeof feedItemsOn>>[0];
    const [item] = await feedItemsOn(new Date('2026-11-28T00:00:00Z'))(params);
    expect(item?.content).toBe(
      '<p><strong>What changed since our last check, 25 November 2026:</strong></p><ul><li>Cards &lt;Visa &amp; Mastercard&gt; at metro gates.</li><li>Checked every fact.</li></ul><p>Body</p>',
    );
  });
});
