import {
  brotliBytes,
  FIRST_ROUND_TRIP_BYTES,
  firstScreenBytes,
  firstScreenHtml,
  overBudgetMessage,
} from '../../scripts/first-screen';

const HEAD = '<html><head><style>body{margin:0}</style></head><body><article><h1>Title</h1>';
const INTRO = '<div id=__blog-post-container class=markdown><p>The intro.</p>';
const REST = '<h2 id=first>First section</h2><p>Far below the first screen.</p></div></article>';

describe('the first screen of a page', () => {
  it("ends where the article's first section starts", () => {
    expect(firstScreenHtml(HEAD + INTRO + REST)).toBe(HEAD + INTRO);
  });

  it('is the whole page when the page is not an article or the article has no section', () => {
    const page = `${HEAD}<h2>Not an article's section</h2></article>`;
    expect(firstScreenHtml(page)).toBe(page);
    expect(firstScreenHtml(HEAD + INTRO)).toBe(HEAD + INTRO);
  });

  it('counts the headers and the brotli size of the HTML through the intro, not the rest', () => {
    const longRest = REST.replace('Far below', 'x'.repeat(5000));
    expect(firstScreenBytes(HEAD + INTRO + longRest, 900)).toBe(900 + brotliBytes(HEAD + INTRO));
  });

  it('tells a writer over budget by how much and what to shorten', () => {
    const figures = {
      route: '/blog/x',
      article: true,
      firstScreen: FIRST_ROUND_TRIP_BYTES + 12,
      wholePage: 20_000,
    };
    expect(overBudgetMessage(figures)).toBe(
      "first screen 14,612 B of 14,600 B (whole page 20,000 B): 12 B over the first round trip: shorten the intro (the text before {/* truncate */}) or the front matter's title and image_alt",
    );
  });
});
