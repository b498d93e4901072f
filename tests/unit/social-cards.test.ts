import {copyFile, mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises';
import {tmpdir} from 'node:os';
import path from 'node:path';
import type {LoadContext} from '@docusaurus/types';
import {
  buildCard,
  cleanTitle,
  titleBox,
  type CardContent,
  type CardNode,
} from '../../plugins/social-cards/card';
import {createArticles} from '../../plugins/articles';
import socialCards, {readPageText} from '../../plugins/social-cards/index';
import {PALETTE, parsePalette} from '../../src/lib/brand-palette';
import {
  FONT_FILES,
  loadCardAssets,
  rasterizeHero,
  renderCard,
  undrawableText,
  type CardAssets,
} from '../../plugins/social-cards/render';
import {socialCardPath} from '../../src/lib/social-card';
import {pngSize} from '../../scripts/build-files';

jest.setTimeout(60_000);

const repo = path.join(__dirname, '..', '..');
const fontDir = path.join(repo, 'plugins', 'social-cards', 'fonts');
const logoPath = path.join(repo, 'static', 'img', 'brand', 'logo.svg');

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

/** A 1200×630 SVG with one bold label, in the font stack the hero art uses. */
const labelledArt = (label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630">
    <rect width="1200" height="630" fill="#E8EAFB"/>
    <text x="100" y="400" font-size="300" font-weight="700" fill="#14173A"
      font-family="-apple-system, 'PingFang SC', 'Noto Sans CJK SC', sans-serif">${label}</text></svg>`;

let assets: CardAssets;

const cardContent = (overrides: Partial<CardContent> = {}): CardContent => ({
  title: 'How to Use Taobao as a Foreigner: A Step-by-Step Guide',
  description: 'Everything you need to shop on Taobao.',
  host: 'gotchalabs.app',
  companyName: 'Gotcha Labs',
  logo: assets.logo,
  ...overrides,
});
beforeAll(async () => {
  assets = await loadCardAssets(fontDir, logoPath);
});

describe('card text', () => {
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

  it('reads the title and description of a built page', () => {
    const html = `<html><head><title>Privacy Policy | Gotcha Labs</title>
      <meta data-rh="true" name="description" content="What we  collect, and why.">
      </head><body><title>x</title></body></html>`;
    expect(readPageText(html, 'Gotcha Labs', '|')).toEqual({
      title: 'Privacy Policy',
      description: 'What we collect, and why.',
    });
    expect(readPageText('<title>A &amp; B</title>', 'Gotcha Labs', '|')).toEqual({
      title: 'A & B',
      description: '',
    });
  });

  it('sets longer titles smaller and wider, never below 56 px', () => {
    const boxes = ['Privacy Policy', 'x'.repeat(60), 'x'.repeat(80), 'x'.repeat(200)].map(titleBox);
    for (const [shorter, longer] of boxes.slice(1).map((box, i) => [boxes[i]!, box])) {
      expect(longer!.fontSize).toBeLessThanOrEqual(shorter!.fontSize);
      expect(longer!.width).toBeGreaterThanOrEqual(shorter!.width);
    }
    for (const box of boxes) {
      expect(box.fontSize).toBeGreaterThanOrEqual(56);
      expect(72 + box.width).toBeLessThanOrEqual(1200 - 72);
    }
  });

  it('writes cards where socialCardPath says', () => {
    expect(socialCardPath('/')).toBe('/img/social/home.png');
    expect(socialCardPath('/blogs')).toBe('/img/social/blogs.png');
    expect(socialCardPath('/blog/taobao-guide')).toBe('/img/social/blog/taobao-guide.png');
    expect(socialCardPath('/404.html')).toBe('/img/social/404.png');
  });
});

describe('card colours', () => {
  it('come from the brand custom properties of the site stylesheet', async () => {
    const css = await readFile(path.join(repo, 'src', 'css', 'custom.css'), 'utf8');
    const ink = /--gl-ink:\s*(#[0-9a-f]{6})/i.exec(css)?.[1];
    expect(PALETTE.ink).toBe(ink);
    expect(buildCard(cardContent()).props.style).toMatchObject({backgroundColor: ink});
  });

  it('fail naming a brand colour the stylesheet lacks', () => {
    const css =
      ':root { --gl-ink: #000000; --gl-indigo: #111111; --gl-cream: #222222; --gl-mist: #333333; }';
    expect(() => parsePalette(css)).toThrow('src/css/custom.css: :root has no --gl-vermilion');
    expect(parsePalette(css.replace('}', '--gl-vermilion: #E5452C; }')).vermilion).toBe('#E5452C');
  });
});

describe('card layout and rendering', () => {
  const content = cardContent;

  it('shows the title, description, company and host, and the brand art without a hero', () => {
    const tree = buildCard(content({kicker: 'Blog'}));
    expect(texts(tree)).toEqual(
      expect.arrayContaining([
        'BLOG',
        'How to Use Taobao as a Foreigner: A Step-by-Step Guide',
        'Everything you need to shop on Taobao.',
        'Gotcha Labs',
        'gotchalabs.app',
      ]),
    );
    expect(images(tree)).toEqual([assets.logo, assets.logo]);
  });

  it('puts the hero art behind the text when there is one', () => {
    const hero = 'data:image/png;base64,AAAA';
    expect(images(buildCard(content({hero})))).toEqual([hero, assets.logo]);
  });

  it('renders a 1200×630 PNG, over hero art too', async () => {
    expect(pngSize(await renderCard(content(), assets))).toEqual({width: 1200, height: 630});
    const hero = rasterizeHero(labelledArt('淘宝 ¥59'), assets);
    expect(pngSize(await renderCard(content({hero}), assets))).toEqual({width: 1200, height: 630});
  });

  // This machine has no CJK system fonts: the label can only come from the committed subset.
  it('draws the Chinese labels of hero art with the committed fonts', () => {
    const blank = rasterizeHero(labelledArt(''), assets);
    expect(rasterizeHero(labelledArt('淘宝'), assets)).not.toBe(blank);
  });

  it('names the characters of hero art that no committed font can draw', async () => {
    await expect(undrawableText(labelledArt('淘宝 包邮 ¥59 9:41'), assets)).resolves.toEqual([]);
    await expect(undrawableText(labelledArt('淘宝龘'), assets)).resolves.toEqual(['龘']);
  });
});

describe('the plugin', () => {
  let siteDir: string;
  let outDir: string;
  const postDir = () => path.join(siteDir, 'blog', '2025-06-17-with-hero');

  const page = (title: string) =>
    `<!doctype html><html><head><title>${title}</title><meta name="description" content="About this page."></head><body></body></html>`;

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
    await mkdir(postDir(), {recursive: true});
    await writeFile(path.join(postDir(), 'cover.svg'), labelledArt('淘宝'));
    await mkdir(path.join(outDir, 'blog'), {recursive: true});
    await writeFile(path.join(outDir, 'index.html'), page('Gotcha Labs'));
    await writeFile(path.join(outDir, 'blogs.html'), page('Blog | Gotcha Labs'));
    await writeFile(path.join(outDir, '404.html'), page('Page Not Found | Gotcha Labs'));
    await writeFile(path.join(outDir, 'blog', 'with-hero.html'), page('With hero | Gotcha Labs'));
  });

  afterEach(async () => {
    await rm(siteDir, {recursive: true, force: true});
  });

  /** The plugin as a build runs it: content loaded (one post, its hero named cover.svg), then postBuild. */
  const build = async (routesPaths: string[]) => {
    const context = {
      siteDir,
      siteConfig: {title: 'Gotcha Labs', url: 'https://gotchalabs.app', titleDelimiter: '|'},
    } as unknown as LoadContext;
    // The post's article, written out as a writer would, for the model to read.
    await writeFile(
      path.join(postDir(), 'index.md'),
      [
        '---',
        'slug: with-hero',
        'title: With hero',
        'description: A post.',
        'date: 2025-06-17',
        'image: ./cover.svg',
        'excerpt: A post.',
        'last_update:',
        '  date: 2025-06-17',
        'changes:',
        '  - date: 2025-06-17',
        '    what: First published.',
        '---',
        '',
        'Text.',
      ].join('\n'),
    );
    const blogPost = {
      metadata: {source: '@site/blog/2025-06-17-with-hero/index.md', permalink: '/blog/with-hero'},
    };
    const allContent = {'docusaurus-plugin-content-blog': {default: {blogPosts: [blogPost]}}};
    const plugin = socialCards(
      context,
      createArticles({siteDir, today: new Date('2026-11-28T00:00:00Z')}),
    );
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      await plugin.allContentLoaded?.({allContent, actions: {}} as never);
      await plugin.postBuild?.({outDir, routesPaths} as never);
    } finally {
      log.mockRestore();
    }
  };

  it('writes a 1200×630 card for every route with an HTML file, where socialCardPath says', async () => {
    const routes = ['/', '/blogs', '/404.html', '/blog/with-hero', '/search'];
    await build(routes);
    for (const route of routes.filter((route) => route !== '/search')) {
      const png = await readFile(path.join(outDir, socialCardPath(route)));
      expect(pngSize(png)).toEqual({width: 1200, height: 630});
    }
    await expect(readFile(path.join(outDir, 'img/social/search.png'))).rejects.toThrow(/ENOENT/);
  });

  it("draws an article's card from its front matter image, whatever the file's name", async () => {
    await writeFile(path.join(postDir(), 'cover.svg'), '<svg this is not finished');
    await expect(build(['/', '/blog/with-hero'])).rejects.toThrow(/card of \/blog\/with-hero/);
  });

  it('fails the build naming the hero and the characters its fonts lack', async () => {
    await writeFile(path.join(postDir(), 'cover.svg'), labelledArt('龘'));
    await expect(build(['/blog/with-hero'])).rejects.toThrow(
      'blog/2025-06-17-with-hero/cover.svg has text the card fonts cannot draw ("龘")',
    );
  });

  it('fails the build naming the route of a page without a title', async () => {
    await writeFile(path.join(outDir, 'blogs.html'), '<html><head></head></html>');
    await expect(build(['/blogs'])).rejects.toThrow(/card of \/blogs: blogs.html has no <title>/);
  });
});
