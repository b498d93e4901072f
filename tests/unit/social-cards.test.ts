/** @jest-environment node */
import {mkdir, mkdtemp, readFile, rm, writeFile, copyFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import {inflateSync} from 'node:zlib';
import {Resvg} from '@resvg/resvg-js';
import type {LoadContext} from '@docusaurus/types';
import {
  articleSlug,
  balanceLines,
  bindShortWords,
  buildCard,
  cleanTitle,
  ELLIPSIS,
  fitText,
  htmlFileCandidates,
  isPostFolderFor,
  LAYOUT,
  measurer,
  parseFontMetrics,
  siteHost,
  stripBaseUrl,
  wrapLines,
  type CardContent,
  type CardNode,
  type FontMetrics,
  type Measure,
} from '../../plugins/social-cards/card';
import socialCards, {mapLimit, readPageText} from '../../plugins/social-cards/index';
import {encodeOpaquePng, filterScanlines, pngSize} from '../../plugins/social-cards/png';
import {
  FONT_FILES,
  findHeroSvg,
  loadCardAssets,
  rasterizeHero,
  renderCard,
  type CardAssets,
} from '../../plugins/social-cards/render';
import {socialCardPath} from '../../src/lib/social-card';

jest.setTimeout(60_000);

const repo = path.join(__dirname, '..', '..');
const fontDir = path.join(repo, 'plugins', 'social-cards', 'fonts');
const logoPath = path.join(repo, 'static', 'img', 'brand', 'logo.svg');

/** 10 px per character: easy to reason about in line-breaking tests. */
const mono: Measure = (text) => Array.from(text).length * 10;

/** Width and height straight from the IHDR bytes, independently of png.ts. */
function ihdr(png: Uint8Array): {width: number; height: number} {
  expect(Array.from(png.subarray(0, 8))).toEqual([137, 80, 78, 71, 13, 10, 26, 10]);
  expect(Buffer.from(png.subarray(12, 16)).toString('latin1')).toBe('IHDR');
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return {width: view.getUint32(16), height: view.getUint32(20)};
}

function texts(node: CardNode | string): string[] {
  if (typeof node === 'string') return [node];
  const {children} = node.props;
  if (children === undefined) return [];
  return (Array.isArray(children) ? children : [children]).flatMap(texts);
}

function images(node: CardNode | string): string[] {
  if (typeof node === 'string') return [];
  const own = node.type === 'img' ? [String(node.props.src)] : [];
  const {children} = node.props;
  if (children === undefined) return own;
  return [...own, ...(Array.isArray(children) ? children : [children]).flatMap(images)];
}

describe('titles and routes', () => {
  it('drops the " | Gotcha Labs" suffix and collapses whitespace', () => {
    expect(cleanTitle('Privacy Policy | Gotcha Labs', 'Gotcha Labs')).toBe('Privacy Policy');
    expect(cleanTitle('  How to\n  Use Taobao |  Gotcha Labs ', 'Gotcha Labs')).toBe(
      'How to Use Taobao',
    );
    expect(cleanTitle('Gotcha Labs', 'Gotcha Labs')).toBe('Gotcha Labs');
    expect(cleanTitle('Why China Is 2025’s Best | Gotcha Labs Blog', 'Gotcha Labs')).toBe(
      'Why China Is 2025’s Best',
    );
    expect(cleanTitle('A | B | Gotcha Labs', 'Gotcha Labs')).toBe('A | B');
    expect(cleanTitle('Blog · Gotcha Labs', 'Gotcha Labs', '·')).toBe('Blog');
    expect(cleanTitle('Gotcha Labs | Other', 'Gotcha Labs')).toBe('Gotcha Labs | Other');
  });

  it('takes the host from the site URL', () => {
    expect(siteHost('https://gotchalabs.app')).toBe('gotchalabs.app');
    expect(siteHost('https://www.gotchalabs.app/')).toBe('gotchalabs.app');
    expect(siteHost('http://localhost:3000')).toBe('localhost:3000');
  });

  it('strips the baseUrl from routes', () => {
    expect(stripBaseUrl('/blogs', '/')).toBe('/blogs');
    expect(stripBaseUrl('/site/blogs', '/site/')).toBe('/blogs');
    expect(stripBaseUrl('/site/', '/site/')).toBe('/');
    expect(stripBaseUrl('/sitemap', '/site/')).toBe('/sitemap');
  });

  it('maps routes to their HTML files (trailingSlash: false first)', () => {
    expect(htmlFileCandidates('/')).toEqual(['index.html']);
    expect(htmlFileCandidates('/blogs')).toEqual(['blogs.html', 'blogs/index.html']);
    expect(htmlFileCandidates('/404.html')).toEqual(['404.html']);
    expect(htmlFileCandidates('/blog/taobao-guide')).toEqual([
      'blog/taobao-guide.html',
      'blog/taobao-guide/index.html',
    ]);
    expect(htmlFileCandidates('/search/')).toEqual(['search.html', 'search/index.html']);
  });

  it('writes cards where socialCardPath says', () => {
    expect(socialCardPath('/')).toBe('/img/social/home.png');
    expect(socialCardPath('/blogs')).toBe('/img/social/blogs.png');
    expect(socialCardPath('/blog/taobao-guide')).toBe('/img/social/blog/taobao-guide.png');
    expect(socialCardPath('/404.html')).toBe('/img/social/404.png');
  });

  it('recognises article routes and their YYYY-MM-DD-<slug> folders', () => {
    expect(articleSlug('/blog/taobao-guide')).toBe('taobao-guide');
    expect(articleSlug('/blog')).toBeNull();
    expect(articleSlug('/blogs')).toBeNull();
    expect(articleSlug('/blog/tags/china')).toBeNull();
    expect(isPostFolderFor('2025-06-17-taobao-guide', 'taobao-guide')).toBe(true);
    expect(isPostFolderFor('2025-06-17-taobao-guide', 'guide')).toBe(false);
    expect(isPostFolderFor('drafts-taobao-guide', 'taobao-guide')).toBe(false);
  });

  it('reads the title and description of a built page', () => {
    const html = `<html><head><title>Privacy Policy | Gotcha Labs</title>
      <meta data-rh="true" name="description" content="What we  collect, and why.">
      <meta property="og:description" content="ignored"></head><body><title>x</title></body></html>`;
    expect(readPageText(html, 'Gotcha Labs', '|')).toEqual({
      title: 'Privacy Policy',
      description: 'What we collect, and why.',
    });
    expect(readPageText('<title>A &amp; B</title>', 'Gotcha Labs', '|')).toEqual({
      title: 'A & B',
      description: '',
    });
  });
});

describe('font metrics', () => {
  let regular: FontMetrics;
  let bold: FontMetrics;
  beforeAll(async () => {
    regular = parseFontMetrics(await readFile(path.join(fontDir, FONT_FILES.regular)));
    bold = parseFontMetrics(await readFile(path.join(fontDir, FONT_FILES.bold)));
  });

  it('reads advance widths from the committed fonts', () => {
    expect(regular.unitsPerEm).toBe(2048);
    const w = (char: string, font = regular) => font.advance(char.codePointAt(0) ?? 0);
    expect(w('W')).toBeGreaterThan(w('i'));
    expect(w('a', bold)).toBeGreaterThan(w('a'));
    expect(w('—')).toBeGreaterThan(0);
    expect(w('…')).toBeGreaterThan(0);
  });

  it('measures text in px, additively', () => {
    const measure = measurer(regular, 64);
    expect(measure('')).toBe(0);
    expect(measure('Gotcha Labs')).toBeCloseTo(measure('Gotcha') + measure(' Labs'));
    expect(measurer(regular, 32)('Gotcha')).toBeCloseTo(measure('Gotcha') / 2);
  });
});

describe('line breaking', () => {
  it('keeps text that fits on one line', () => {
    expect(wrapLines('Privacy Policy', mono, 200, 3)).toEqual({
      lines: ['Privacy Policy'],
      truncated: false,
    });
    expect(wrapLines('   ', mono, 200, 3)).toEqual({lines: [], truncated: false});
  });

  it('breaks at spaces without exceeding the width', () => {
    const {lines, truncated} = wrapLines('one two three four five six', mono, 90, 5);
    expect(truncated).toBe(false);
    expect(lines).toEqual(['one two', 'three', 'four five', 'six']);
    for (const line of lines) expect(mono(line)).toBeLessThanOrEqual(90);
  });

  it('ends the last line with an ellipsis that fits when out of lines', () => {
    const {lines, truncated} = wrapLines('aaa bbb ccc ddd eee fff', mono, 70, 2);
    expect(truncated).toBe(true);
    expect(lines).toEqual(['aaa bbb', `ccc${ELLIPSIS}`]);
    for (const line of lines) expect(mono(line)).toBeLessThanOrEqual(70);
  });

  it('drops trailing punctuation before the ellipsis', () => {
    const {lines} = wrapLines('Maps, payments, transport and more', mono, 100, 1);
    expect(lines).toEqual([`Maps${ELLIPSIS}`]);
  });

  it('splits a word longer than a line', () => {
    const {lines} = wrapLines('https://gotchalabs.app/blog', mono, 100, 3);
    expect(lines).toEqual(['https://go', 'tchalabs.a', 'pp/blog']);
  });

  it('keeps one-letter words with the next word and dashes with the previous one', () => {
    expect(bindShortWords(['as', 'a', 'Foreigner:', 'A', 'Guide'])).toEqual([
      'as',
      'a Foreigner:',
      'A Guide',
    ]);
    expect(bindShortWords(['Gotcha', 'Labs', '—', 'Empowering'])).toEqual([
      'Gotcha',
      'Labs —',
      'Empowering',
    ]);
    expect(bindShortWords(['B', '&', 'C'])).toEqual(['B & C']);
  });

  it('balances lines without adding any', () => {
    const text = 'How to Use Taobao as a Foreigner Step by Step';
    const greedy = wrapLines(text, mono, 200, 3);
    const balanced = balanceLines(text, mono, 200, 3);
    expect(balanced.lines).toHaveLength(greedy.lines.length);
    expect(balanced.lines.join(' ')).toBe(text);
    const widest = (lines: string[]) => Math.max(...lines.map(mono));
    expect(widest(balanced.lines)).toBeLessThanOrEqual(widest(greedy.lines));
    expect(widest(balanced.lines)).toBeLessThan(200);
  });

  it('picks the first box the text fits in, else truncates in the last', () => {
    const metrics: FontMetrics = {unitsPerEm: 1000, advance: () => 500}; // 0.5 em per character
    const boxes = [
      {fontSize: 72, maxWidth: 350},
      {fontSize: 56, maxWidth: 350},
    ];
    // 10 characters: 360 px at 72 px (too wide), 280 px at 56 px.
    expect(fitText('abcde fghi', metrics, {boxes, maxLines: 1})).toMatchObject({
      fontSize: 56,
      lines: ['abcde fghi'],
      truncated: false,
      width: 280,
    });
    expect(fitText('abc', metrics, {boxes, maxLines: 1}).fontSize).toBe(72);
    const long = fitText('abcdefg hijklmn opqrstu', metrics, {boxes, maxLines: 1});
    expect(long).toMatchObject({fontSize: 56, truncated: true});
    expect(long.lines[0]?.endsWith(ELLIPSIS)).toBe(true);
    expect(() => fitText('a', metrics, {boxes: [], maxLines: 1})).toThrow();
  });
});

describe('card layout', () => {
  let assets: CardAssets;
  beforeAll(async () => {
    assets = await loadCardAssets(fontDir, logoPath);
  });

  const content = (overrides: Partial<CardContent> = {}): CardContent => ({
    title: 'How to Use Taobao as a Foreigner: A Step-by-Step Guide',
    description:
      'Create an account, pay with a foreign card, read the listings and get parcels delivered: everything you need to shop on Taobao.',
    host: 'gotchalabs.app',
    companyName: 'Gotcha Labs',
    logo: assets.logo,
    ...overrides,
  });

  it('sets the title large, in at most three lines, and the description in two', () => {
    const titles = [
      'Privacy Policy',
      "Why China Feels Like a Different World: A Newcomer's Guide to Daily Life",
      'An Extraordinarily Long Title That Goes On and On About Every Single Detail of Living in Shanghai Without Speaking Any Chinese At All',
    ];
    for (const title of titles) {
      const card = buildCard(content({title}), assets.metrics);
      expect(card.title.fontSize).toBeGreaterThanOrEqual(56);
      expect(card.title.fontSize).toBeLessThanOrEqual(72);
      expect(card.title.lines.length).toBeGreaterThanOrEqual(1);
      expect(card.title.lines.length).toBeLessThanOrEqual(LAYOUT.titleMaxLines);
      expect(card.description.fontSize).toBeGreaterThanOrEqual(28);
      expect(card.description.fontSize).toBeLessThanOrEqual(32);
      expect(card.description.lines.length).toBeLessThanOrEqual(LAYOUT.descriptionMaxLines);
      // Everything stays inside the 72 px margins.
      expect(card.textRight).toBeLessThanOrEqual(1200 - 72);
    }
    expect(buildCard(content({title: 'Privacy Policy'}), assets.metrics).title).toMatchObject({
      fontSize: 72,
      lines: ['Privacy Policy'],
    });
    const long = buildCard(content({title: titles[2]}), assets.metrics).title;
    expect(long.truncated).toBe(true);
    expect(long.lines.at(-1)?.endsWith(ELLIPSIS)).toBe(true);
  });

  it('sets titles evenly, without a line ending on a one-letter word when it can', () => {
    const taobao = buildCard(content(), assets.metrics).title;
    expect(taobao.truncated).toBe(false);
    for (const line of taobao.lines) expect(line).not.toMatch(/ [aA]$/);

    const world = buildCard(
      content({title: "Why China Feels Like a Different World: A Newcomer's Guide to Daily Life"}),
      assets.metrics,
    ).title;
    expect(world.truncated).toBe(false);
    expect(world.lines).toHaveLength(3);
    const measure = measurer(assets.metrics.bold, world.fontSize);
    const widths = world.lines.map(measure);
    // No short last line: the lines are balanced.
    expect(Math.min(...widths)).toBeGreaterThan(0.5 * Math.max(...widths));
  });

  it('shows the title, description, company and host, and the brand art without a hero', () => {
    const {tree} = buildCard(content({kicker: 'Blog'}), assets.metrics);
    const all = texts(tree);
    expect(all).toEqual(
      expect.arrayContaining(['Blog', 'Gotcha Labs', 'gotchalabs.app', 'How to Use Taobao']),
    );
    expect(images(tree)).toEqual([assets.logo, assets.logo]);
  });

  it('puts the hero art behind the text when there is one', () => {
    const hero = 'data:image/png;base64,AAAA';
    const {tree} = buildCard(content({hero}), assets.metrics);
    expect(images(tree)).toEqual([hero, assets.logo]);
  });
});

describe('PNG encoding', () => {
  it('encodes opaque pixels that decode back to the same colours', async () => {
    const width = 7;
    const height = 5;
    const rgba = new Uint8Array(width * height * 4);
    for (let i = 0; i < width * height; i++) {
      rgba.set([(i * 37) % 256, (i * 91) % 256, (i * 13) % 256, 255], i * 4);
    }
    const png = await encodeOpaquePng(rgba, width, height);
    expect(pngSize(png)).toEqual({width, height});
    expect(ihdr(png)).toEqual({width, height});
    // Scanlines: a filter byte then RGB per row.
    const idatLength = png.readUInt32BE(33);
    expect(png.subarray(37, 41).toString('latin1')).toBe('IDAT');
    const scanlines = inflateSync(png.subarray(41, 41 + idatLength));
    expect(scanlines).toEqual(filterScanlines(rgba, width, height));
    // An independent decoder (resvg) gets the same pixels back.
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><image href="data:image/png;base64,${png.toString('base64')}" width="${width}" height="${height}"/></svg>`;
    const decoded = new Resvg(svg).render().pixels;
    expect(Array.from(decoded)).toEqual(Array.from(rgba));
  });

  it('rejects pixel buffers of the wrong size and non-PNGs', () => {
    expect(() => filterScanlines(new Uint8Array(10), 2, 2)).toThrow(/16 bytes/);
    expect(() => pngSize(Buffer.from('GIF89a-not-a-png-at-all'))).toThrow(/not a PNG/);
  });
});

describe('rendering', () => {
  let assets: CardAssets;
  beforeAll(async () => {
    assets = await loadCardAssets(fontDir, logoPath);
  });

  it('renders a 1200×630 PNG with the committed fonts', async () => {
    const png = await renderCard(
      {
        title: 'Gotcha Labs — Empowering Your Life with AI',
        description: 'AI-powered tools that make everyday life in China easier.',
        host: 'gotchalabs.app',
        companyName: 'Gotcha Labs',
        logo: assets.logo,
      },
      assets,
    );
    expect(ihdr(png)).toEqual({width: 1200, height: 630});
    expect(png.length).toBeLessThan(250 * 1024);
  });

  it('renders a card over hero art', async () => {
    const heroSvg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
      <rect width="1200" height="630" fill="#E8EAFB"/><circle cx="900" cy="300" r="200" fill="#E5452C"/>
      <text x="800" y="560" font-size="40" font-family="sans-serif">Label</text></svg>`;
    const hero = await rasterizeHero(heroSvg, assets);
    const png = await renderCard(
      {
        title: 'How to Use Taobao as a Foreigner: A Step-by-Step Guide',
        description: 'Everything you need to shop on Taobao.',
        host: 'gotchalabs.app',
        companyName: 'Gotcha Labs',
        logo: assets.logo,
        hero,
        kicker: 'Blog',
      },
      assets,
    );
    expect(ihdr(png)).toEqual({width: 1200, height: 630});
    expect(png.length).toBeLessThan(250 * 1024);
  });
});

describe('the plugin', () => {
  let siteDir: string;
  let outDir: string;

  const page = (title: string, description = 'About this page.') =>
    `<!doctype html><html><head><title>${title}</title><meta name="description" content="${description}"></head><body></body></html>`;

  beforeEach(async () => {
    siteDir = await mkdtemp(path.join(tmpdir(), 'social-cards-site-'));
    outDir = path.join(siteDir, 'build');
    const fonts = path.join(siteDir, 'plugins', 'social-cards', 'fonts');
    await mkdir(fonts, {recursive: true});
    for (const file of Object.values(FONT_FILES)) {
      await copyFile(path.join(fontDir, file), path.join(fonts, file));
    }
    await mkdir(path.join(siteDir, 'static', 'img', 'brand'), {recursive: true});
    await copyFile(logoPath, path.join(siteDir, 'static', 'img', 'brand', 'logo.svg'));
    await mkdir(path.join(siteDir, 'blog', '2025-06-17-with-hero'), {recursive: true});
    await mkdir(path.join(siteDir, 'blog', '2025-06-18-without-hero'), {recursive: true});
    await writeFile(
      path.join(siteDir, 'blog', '2025-06-17-with-hero', 'hero.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630"><rect width="1200" height="630" fill="#E8EAFB"/></svg>',
    );
    await mkdir(path.join(outDir, 'blog'), {recursive: true});
    await writeFile(path.join(outDir, 'index.html'), page('Gotcha Labs'));
    await writeFile(path.join(outDir, 'blogs.html'), page('Blog | Gotcha Labs'));
    await writeFile(path.join(outDir, '404.html'), page('Page Not Found | Gotcha Labs'));
    await writeFile(path.join(outDir, 'blog', 'with-hero.html'), page('With hero | Gotcha Labs'));
    await writeFile(
      path.join(outDir, 'blog', 'without-hero.html'),
      page('Without hero | Gotcha Labs'),
    );
  });

  afterEach(async () => {
    await rm(siteDir, {recursive: true, force: true});
  });

  const context = () =>
    ({
      siteDir,
      siteConfig: {
        title: 'Gotcha Labs',
        url: 'https://gotchalabs.app',
        baseUrl: '/',
        titleDelimiter: '|',
      },
    }) as unknown as LoadContext;

  const postBuild = async (routesPaths: string[]) => {
    const plugin = socialCards(context());
    expect(plugin.name).toBe('social-cards');
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await plugin.postBuild?.({outDir, routesPaths} as never);
    } finally {
      log.mockRestore();
    }
  };

  it('writes a card for every route with an HTML file, where socialCardPath says', async () => {
    const routes = ['/', '/blogs', '/404.html', '/blog/with-hero', '/blog/without-hero', '/search'];
    await postBuild(routes);
    for (const route of routes.filter((route) => route !== '/search')) {
      const png = await readFile(path.join(outDir, socialCardPath(route)));
      expect(ihdr(png)).toEqual({width: 1200, height: 630});
    }
    await expect(readFile(path.join(outDir, 'img/social/search.png'))).rejects.toThrow(/ENOENT/);
  });

  it('fails the build naming the route when a card cannot be rendered', async () => {
    await writeFile(
      path.join(siteDir, 'blog', '2025-06-17-with-hero', 'hero.svg'),
      '<svg this is not finished',
    );
    await expect(postBuild(['/', '/blog/with-hero'])).rejects.toThrow(/card of \/blog\/with-hero/);
    await writeFile(path.join(outDir, 'blogs.html'), '<html><head></head></html>');
    await expect(postBuild(['/blogs'])).rejects.toThrow(
      /card of \/blogs: blogs.html has no <title>/,
    );
  });

  it('finds hero art by slug and returns null when it is not drawn yet', async () => {
    await expect(findHeroSvg(siteDir, 'with-hero')).resolves.toContain('<svg');
    await expect(findHeroSvg(siteDir, 'without-hero')).resolves.toBeNull();
    await expect(findHeroSvg(siteDir, 'no-such-post')).resolves.toBeNull();
    await expect(findHeroSvg(path.join(siteDir, 'nowhere'), 'with-hero')).resolves.toBeNull();
  });
});

describe('mapLimit', () => {
  it('runs at most `limit` tasks at once and all of them', async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await mapLimit([1, 2, 3, 4, 5], 2, async (item) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      done.push(item);
      running--;
    });
    expect(peak).toBe(2);
    expect(done.sort()).toEqual([1, 2, 3, 4, 5]);
  });

  it('lets running tasks finish, then rejects with the first failure', async () => {
    const started: number[] = [];
    let secondSettled = false;
    await expect(
      mapLimit([1, 2, 3, 4], 2, async (item) => {
        started.push(item);
        await new Promise((resolve) => setTimeout(resolve, item === 1 ? 1 : 30));
        if (item === 1) throw new Error('first');
        secondSettled = true;
        throw new Error('second');
      }),
    ).rejects.toThrow('first');
    expect(secondSettled).toBe(true);
    expect(started).toEqual([1, 2]);
  });

  it('rejects with the first failure and starts no new tasks', async () => {
    const started: number[] = [];
    await expect(
      mapLimit([1, 2, 3, 4, 5], 1, async (item) => {
        started.push(item);
        await Promise.resolve();
        if (item === 2) throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(started).toEqual([1, 2]);
  });
});
