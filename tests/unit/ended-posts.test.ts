/**
 * A post whose title, description and excerpt hold only until a day (front matter `expires`):
 * a build after that day in China says so first in its description, which the page's meta tags,
 * its sharing card and the feeds read.
 */
import type {BlogPost} from '@docusaurus/plugin-content-blog';
import {describeEndedPosts} from '../../plugins/freshness';

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
