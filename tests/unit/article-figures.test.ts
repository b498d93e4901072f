/**
 * The articles quote figures the company has published elsewhere; an edit must not change them.
 * Each figure is checked in the article that carries it, in its exact wording (a figure for a
 * year that has passed, in the past tense).
 */
import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';

const BLOG = path.resolve(__dirname, '../../blog');

function article(slug: string): string {
  const folder = readdirSync(BLOG).find((name) => name.endsWith(`-${slug}`));
  if (!folder) throw new Error(`no article folder for ${slug}`);
  const source = readFileSync(path.join(BLOG, folder, 'index.mdx'), 'utf8');
  // The body only: a figure in the front matter (a card's excerpt) is not the article's text.
  return source.replace(/^---\n[\s\S]*?\n---\n/, '');
}

const FIGURES: Record<string, readonly string[]> = {
  'china-best-travel-destination-2025': [
    'up to 30 days',
    '43 countries',
    '240-hour',
    '55 countries',
    '60 ports in 24 provinces',
    '550+ cities',
    '45,000 km of track',
    '350 km/h',
    'over 40% of new car sales in China were electric or hybrid in 2025',
  ],
  'china-social-credit': [
    'a score out of 850',
    'a score of 650 or above is generally considered good',
  ],
  'essential-apps-china-2025': [
    'In mid-2025 a local SIM cost about 150 yuan, with a monthly plan of 100-120 yuan.',
  ],
};

describe('figures quoted in the articles', () => {
  for (const [slug, figures] of Object.entries(FIGURES)) {
    it.each(figures)(`${slug} says "%s"`, (figure) => {
      expect(article(slug)).toContain(figure);
    });
  }
});
