/**
 * @jest-environment node
 *
 * A post whose title, description and excerpt hold only until a day (front matter `expires`):
 * a build after that day in China says so first in its description, which the page's meta tags,
 * its sharing card and the feeds read.
 */
import type {BlogPost} from '@docusaurus/plugin-content-blog';
import {describeEndedPosts, feedItemsWithReviewDates} from '../../plugins/freshness';

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
      'Some rules in this guide ended on 31 December 2026; check them before you rely on them. Visa-free for 30 days.',
    );
  });

  it('leaves a post without expires alone', async () => {
    expect(await descriptionOn('2030-01-01', {})).toBe('Visa-free for 30 days.');
  });
});

describe('feedItemsWithReviewDates', () => {
  it('leads an item with its latest review’s day and lines, as text, before the post', async () => {
    const changes = [
      {date: new Date('2026-11-25T00:00:00Z'), what: 'Cards <Visa & Mastercard> at metro gates.'},
      {date: new Date('2026-11-25T00:00:00Z'), what: 'Checked every fact.'},
      {date: new Date('2026-06-01T00:00:00Z'), what: 'An older review.'},
    ];
    const blogPost = {
      metadata: {
        date: '2025-06-17T00:00:00.000Z',
        lastUpdatedAt: 1795564800000,
        frontMatter: {changes},
      },
    };
    const params = {
      blogPosts: [blogPost],
      defaultCreateFeedItems: () => Promise.resolve([{link: '/blog/x', content: '<p>Body</p>'}]),
    } as unknown as Parameters<typeof feedItemsWithReviewDates>[0];
    const [item] = await feedItemsWithReviewDates(params);
    expect(item?.content).toBe(
      '<p><strong>What changed since our last check, 25 November 2026:</strong></p><ul><li>Cards &#60;Visa &#38; Mastercard&#62; at metro gates.</li><li>Checked every fact.</li></ul><p>Body</p>',
    );
  });
});
