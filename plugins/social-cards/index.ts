import {access, mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {load} from 'cheerio';
import {socialCardPath} from '../../src/lib/social-card';
import {
  articleSlug,
  cleanTitle,
  collapse,
  htmlFileCandidates,
  siteHost,
  stripBaseUrl,
  type CardContent,
} from './card';
import {findHeroSvg, loadCardAssets, rasterizeHero, renderCard, type CardAssets} from './render';

/** Cards rendered at once: the build machines have two cores. */
const CONCURRENCY = 2;

/** The text of a built page that goes on its card. */
export function readPageText(
  html: string,
  siteTitle: string,
  delimiter: string,
): {title: string; description: string} {
  const $ = load(html);
  const description =
    $('meta[name="description"]').attr('content') ??
    $('meta[property="og:description"]').attr('content') ??
    '';
  return {
    title: cleanTitle($('head > title').first().text(), siteTitle, delimiter),
    description: collapse(description),
  };
}

async function firstExisting(outDir: string, candidates: string[]): Promise<string | null> {
  for (const candidate of candidates) {
    const file = path.join(outDir, candidate);
    try {
      await access(file);
      return file;
    } catch {
      // Not this one; routes without an HTML file (redirects, feeds) get no card.
    }
  }
  return null;
}

/**
 * Runs `task` on every item, at most `limit` at a time. After a failure no new task starts; once
 * the running ones have finished, the first failure is thrown.
 */
export async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  let failure: {error: unknown} | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined && next < items.length) {
      const item = items[next++] as T;
      try {
        await task(item);
      } catch (error) {
        failure ??= {error};
      }
    }
  };
  await Promise.all(Array.from({length: Math.min(limit, items.length)}, worker));
  if (failure !== undefined) throw failure.error;
}

interface Job {
  route: string;
  htmlFile: string;
  cardFile: string;
}

/**
 * After the build, renders every page's 1200×630 sharing card from its title and description to
 * the URL `socialCardPath` gives (pages put that URL in og:image). Articles show their hero art,
 * other pages the brand art. Fonts ship in ./fonts: nothing is fetched.
 */
export default function socialCards(context: LoadContext): Plugin {
  return {
    name: 'social-cards',

    async postBuild({outDir, routesPaths}) {
      const {siteDir, siteConfig} = context;
      const started = performance.now();
      const assets = await loadCardAssets(
        path.join(siteDir, 'plugins', 'social-cards', 'fonts'),
        path.join(siteDir, 'static', 'img', 'brand', 'logo.svg'),
      );
      const host = siteHost(siteConfig.url);
      const delimiter = siteConfig.titleDelimiter;

      const jobs = new Map<string, Job>();
      for (const fullRoute of routesPaths) {
        const route = stripBaseUrl(fullRoute, siteConfig.baseUrl);
        const htmlFile = await firstExisting(outDir, htmlFileCandidates(route));
        if (htmlFile === null) continue;
        const cardFile = path.join(outDir, socialCardPath(route));
        if (!jobs.has(cardFile)) jobs.set(cardFile, {route, htmlFile, cardFile});
      }

      const render = async ({route, htmlFile, cardFile}: Job): Promise<void> => {
        try {
          const {title, description} = readPageText(
            await readFile(htmlFile, 'utf8'),
            siteConfig.title,
            delimiter,
          );
          if (title === '') throw new Error(`${path.relative(outDir, htmlFile)} has no <title>`);
          const content: CardContent = {
            title,
            description,
            host,
            companyName: siteConfig.title,
            logo: assets.logo,
            ...(await articleArt(route, siteDir, assets)),
          };
          const png = await renderCard(content, assets);
          await mkdir(path.dirname(cardFile), {recursive: true});
          await writeFile(cardFile, png);
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`social-cards: could not render the card of ${route}: ${reason}`, {
            cause: error,
          });
        }
      };
      await mapLimit([...jobs.values()], CONCURRENCY, render);

      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(`[social-cards] ${jobs.size} cards in ${seconds}s`);
    },
  };
}

/** Blog articles get their hero art and a "Blog" label; a hero not drawn yet means brand art. */
async function articleArt(
  route: string,
  siteDir: string,
  assets: CardAssets,
): Promise<Pick<CardContent, 'hero' | 'kicker'>> {
  const slug = articleSlug(route);
  if (slug === null) return {};
  const svg = await findHeroSvg(siteDir, slug);
  return {kicker: 'Blog', hero: svg === null ? undefined : await rasterizeHero(svg, assets)};
}
