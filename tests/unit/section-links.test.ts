/**
 * Links to a guide's section: which anchors a page has (as Docusaurus 3.10 makes them), and the
 * line and fix for each link to one it does not have.
 */
import path from 'node:path';
import {createArticles} from '../../plugins/articles';
import {
  sectionAnchors,
  wrongSectionLinks,
  type SectionLinkArticle,
} from '../../plugins/articles/section-links';
import {chinaDay} from '../../src/lib/dates';

const ROOT = path.resolve(__dirname, '../..');
const HOWTO =
  `(a section's anchor ends the address of the # that shows beside its heading when you point ` +
  `at it; "On this page" links to each ## section)`;

/** An article at `blog/<date>-<slug>/index.mdx` whose body starts on line 5. */
function article(slug: string, body: string, date = '2026-01-10'): SectionLinkArticle {
  return {
    file: `blog/${date}-${slug}/index.mdx`,
    slug,
    source: `---\nslug: ${slug}\ntitle: ${slug}\n---\n${body}\n`,
  };
}

const TAOBAO = article(
  'taobao-guide',
  ['## Step 8: pay', '', '### Delivering to a hotel', '', '## Common pitfalls and scams'].join(
    '\n',
  ),
  '2025-06-17',
);

/** The wrong links of one article that links `TAOBAO`, its lines counted in the body. */
function wrongIn(body: string, slug = 'visa-guide') {
  return wrongSectionLinks([article(slug, body), TAOBAO]).map(({file, line, message}) => ({
    file,
    bodyLine: line - 4,
    message,
  }));
}

const FILE = 'blog/2026-01-10-visa-guide/index.mdx';

describe("a link to another guide's section", () => {
  it.each([
    ['/blog/taobao-guide#step-8-pay'],
    ['/blog/taobao-guide/#step-8-pay'],
    ['./taobao-guide#delivering-to-a-hotel'],
    ['taobao-guide#step-8-pay'],
    ['../2025-06-17-taobao-guide/index.mdx#step-8-pay'],
    ['/blog/taobao-guide?from=singlemessage#step-8-pay'],
    ['/blog/taobao-guide#'],
  ])('passes when it names a section the guide has: %s', (address) => {
    expect(wrongIn(`See [paying](${address}).`)).toEqual([]);
  });

  it('is refused with its file, line and the closest anchors that guide has', () => {
    expect(wrongIn('Intro.\n\nSee [paying](/blog/taobao-guide#step-8-paying).')).toEqual([
      {
        file: FILE,
        bodyLine: 3,
        message: `the link /blog/taobao-guide#step-8-paying names no section of /blog/taobao-guide: its closest anchors are #step-8-pay, #delivering-to-a-hotel or #common-pitfalls-and-scams ${HOWTO}`,
      },
    ]);
  });

  it.each([
    ['/blog/taobao-guide/#step-9-pay'],
    ['./taobao-guide#step-9-pay'],
    ['../2025-06-17-taobao-guide/index.mdx#step-9-pay'],
    ['/blog/taobao-guide#Step-8-pay'],
  ])('is refused whichever way it is written: %s', (address) => {
    const start = `the link ${address} names no section of /blog/taobao-guide: its closest anchors are #step-8-pay, `;
    const [wrong] = wrongIn(`See [paying](${address}).`);
    expect(wrong?.message.slice(0, start.length)).toBe(start);
  });

  it('written ../slug leads outside /blog/: it is refused with the address to write', () => {
    expect(
      wrongIn('[a](../taobao-guide#step-8-pay) and [b](../taobao-guide#pay)').map(
        ({message}) => message,
      ),
    ).toEqual([
      'the link ../taobao-guide#step-8-pay leads to /taobao-guide, which is no page: write /blog/taobao-guide#step-8-pay',
      `the link ../taobao-guide#pay leads to /taobao-guide, which is no page; the guide is /blog/taobao-guide, and it has no #pay either: its closest anchors are #step-8-pay, #delivering-to-a-hotel or #common-pitfalls-and-scams ${HOWTO}`,
    ]);
  });

  it('counts reference definitions and the href of <a> and the to of <Link>', () => {
    const body = [
      'See [paying][pay], <a href="/blog/taobao-guide#pey">this</a> and',
      '<Link to="/blog/taobao-guide#hotel">that</Link>.',
      '',
      '[pay]: /blog/taobao-guide#paying',
    ].join('\n');
    expect(wrongIn(body).map(({bodyLine}) => bodyLine)).toEqual([1, 2, 4]);
  });

  it('leaves alone links to other sites and pages, and images', () => {
    const body = [
      '[a](https://www.12306.cn/index/#anchor) [b](/#about) [c](mailto:hi@example.com)',
      '![A station gate](./gate.svg#x) [d](/blog/no-such-guide#x)',
    ].join('\n');
    expect(wrongIn(body)).toEqual([]);
  });
});

describe('a link to a section of the same article', () => {
  it('passes when a heading has that anchor, and is refused naming the closest when none has', () => {
    const body = ['## Cash', '', 'See [cash](#cash) and [the rest](#cahs).'].join('\n');
    expect(wrongIn(body)).toEqual([
      {
        file: FILE,
        bodyLine: 3,
        message: `the link #cahs names no section of this article: its closest anchors are #cash ${HOWTO}`,
      },
    ]);
  });

  it('finds a section under a heading with Chinese words, written as is or percent-encoded', () => {
    const body = [
      '### Taxis <span lang="zh-Hans">出租车</span>',
      '',
      '[a](#taxis-出租车) [b](#taxis-%E5%87%BA%E7%A7%9F%E8%BD%A6) [c](#taxis)',
    ].join('\n');
    expect(wrongIn(body).map(({message}) => message.split(':')[0])).toEqual([
      'the link #taxis names no section of this article',
    ]);
  });

  it('refuses an id on an element, which the build does not see, saying what to link instead', () => {
    const body = [
      '## Fares',
      '',
      'A <span id="night-fares">night fare</span> costs more: see [night fares](#night-fares).',
    ].join('\n');
    expect(wrongIn(body).map(({message}) => message)).toEqual([
      "the link #night-fares names no section of this article: #night-fares belongs to an element there (<span id>), which the build's anchor check does not see (it sees headings): link the section it is in, #fares, or end a heading with {/* #night-fares */} to give it that anchor",
    ]);
  });

  it("accepts a <Link>'s id and the anchors of a component that renders them", () => {
    const body = [
      '<Link id="tickets" to="/blogs">Tickets</Link>',
      '',
      '<PassportAnswer />',
      '',
      '[a](#tickets) [b](#united-kingdom) [c](#narnia)',
    ].join('\n');
    expect(wrongIn(body).map(({message}) => message.split(':')[0])).toEqual([
      'the link #narnia names no section of this article',
    ]);
  });
});

describe("a page's anchors, as Docusaurus 3.10 makes them", () => {
  it('numbers repeated headings as github-slugger does', () => {
    expect(sectionAnchors('## Cash\n\n## Cash\n\n### Cash-1\n\n## Cash')).toEqual([
      'cash',
      'cash-1',
      'cash-1-1',
      'cash-2',
    ]);
  });

  it("takes a heading's own id as written, outside the numbering", () => {
    const source = [
      '## Money {/* #cash */}',
      '## Old style \\{#Old_Style\\}',
      '## Cash',
      '## Cash',
    ].join('\n\n');
    expect(sectionAnchors(source)).toEqual(['cash', 'Old_Style', 'cash-1']);
  });

  it('reads the text of links, code, emphasis, JSX and escapes in a heading', () => {
    const source = [
      '## [**Bold** link](/x "title")',
      '## Use `<Expires>` and _this_',
      '## Foo_bar_baz, 100% “quoted”!',
      '## <RuleEnd rule="one-sided-30-day" /> end',
      '## A &amp; B &eacute;',
      '## Closing hashes ##',
      '## Emoji :train: here',
    ].join('\n\n');
    expect(sectionAnchors(source)).toEqual([
      'bold-link',
      'use-expires-and-this',
      'foo_bar_baz-100-quoted',
      '-end',
      'a--b-é',
      'closing-hashes',
      'emoji-train-here',
    ]);
  });

  it('gives an # heading no anchor, the title none at all, and an underlined heading one', () => {
    const source = [
      '# Title',
      '',
      '## Intro',
      '',
      '# Intro',
      '',
      'Getting there',
      '---',
      '## Intro',
    ];
    expect(sectionAnchors(source.join('\n'))).toEqual(['intro', 'getting-there', 'intro-2']);
  });

  it('has no anchors from code, comments or the front matter', () => {
    const source = [
      '---',
      '## slug: not-a-heading',
      '---',
      '```md',
      '## In a fence',
      '```',
      '~~~',
      '```',
      '## Still in the fence',
      '~~~',
      '{/*',
      '## In a comment',
      '*/}',
      '## Outside',
    ].join('\n');
    expect(sectionAnchors(source)).toEqual(['outside']);
  });
});

it('ignores links in code, inline code and comments', () => {
  const body = [
    '```mdx',
    '[example](#no-such-section)',
    '```',
    '',
    'Write `[x](#no-such-section)` and {/* [y](#no-such-section) */} to link.',
  ].join('\n');
  expect(wrongIn(body)).toEqual([]);
});

describe('the guides in blog/', () => {
  // The guides as the model reads them (plugins/articles), whatever their number.
  const guides: SectionLinkArticle[] = createArticles({siteDir: ROOT, today: chinaDay(new Date())})
    .all()
    .map(({file, article}) => {
      if (!article) throw new Error(`${file} does not pass its rules`);
      return {file, source: article.source, slug: article.frontMatter.slug};
    });

  it('have no link to a section that is not there', () => {
    expect(wrongSectionLinks(guides)).toEqual([]);
  });

  it('would have one, with its line, if a guide misspelt an anchor it links', () => {
    const link = '/blog/essential-apps-china-2025#money-in-practice';
    const linking = guides.find(({source}) => source.includes(`(${link})`));
    if (!linking) throw new Error(`no guide links ${link}`);
    const source = linking.source.replace(`(${link})`, `(${link.replace('practice', 'practise')})`);
    const line = source.split('\n').findIndex((text) => text.includes('#money-in-practise')) + 1;
    const others = guides.filter((guide) => guide !== linking);
    expect(wrongSectionLinks([...others, {...linking, source}])).toEqual([
      {
        file: linking.file,
        line,
        message: expect.stringMatching(
          /names no section of \/blog\/essential-apps-china-2025: its closest anchors are #money-in-practice,/,
        ) as unknown,
      },
    ]);
  });
});
