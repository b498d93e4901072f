/**
 * The articles quote figures the company has published elsewhere; an edit must not change them.
 * Each figure is checked in the built page of the article that carries it, in the article's own
 * text as a reader reads it (not its notes of what changed), in its exact wording (a figure for a
 * year that has passed, in the past tense). Run `npm run build` first; npm test does.
 */
import {builtPage, readerText} from './built-pages';

const texts = new Map<string, string>();

/** The text of the article at /blog/`slug`, without the page around it. */
function article(slug: string): string {
  let text = texts.get(slug);
  if (text === undefined) {
    const body = builtPage(`/blog/${slug}`)('#__blog-post-container');
    expect(body).toHaveLength(1);
    text = readerText(body);
    texts.set(slug, text);
  }
  return text;
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
