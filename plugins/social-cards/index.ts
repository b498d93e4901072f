import {existsSync} from 'node:fs';
import {mkdir, readFile, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {LoadContext, Plugin} from '@docusaurus/types';
import {load} from 'cheerio';
import {socialCardPath} from '../../src/lib/social-card';
import {type Articles, blogPostsOf} from '../articles';
import {cleanTitle, collapse, type CardContent} from './card';
import {heroArt, loadCardAssets, renderCard} from './render';

/** The text of a built page that goes on its card. */
export function readPageText(
  html: string,
  siteTitle: string,
  delimiter: string,
): {title: string; description: string} {
  const $ = load(html);
  return {
    title: cleanTitle($('head > title').first().text(), siteTitle, delimiter),
    description: collapse($('meta[name="description"]').attr('content') ?? ''),
  };
}

/** The HTML file the build wrote for a route, or null: redirects and feeds get no card. */
function htmlFileOf(outDir: string, route: string): string | null {
  const name = route.replace(/^\/+|\/+$/g, '') || 'index';
  const file = path.join(outDir, name.endsWith('.html') ? name : `${name}.html`);
  return existsSync(file) ? file : null;
}

/**
 * After the build, renders every page's 1200×630 sharing card from its title and description to
 * the URL `socialCardPath` gives (pages put that URL in og:image). Articles show the hero art of
 * their front matter, other pages the brand art. Fonts ship in ./fonts: nothing is fetched.
 */
export default function socialCards(context: LoadContext, articles: Articles): Plugin {
  /** Article permalink → its hero file. */
  let heroes = new Map<string, string>();
  return {
    name: 'social-cards',

    allContentLoaded({allContent}) {
      heroes = new Map(
        blogPostsOf(allContent).map((post) => [
          post.metadata.permalink,
          articles.ofPost(post).heroFile,
        ]),
      );
    },

    async postBuild({outDir, routesPaths}) {
      const {siteDir, siteConfig} = context;
      const assets = await loadCardAssets(
        path.join(siteDir, 'plugins', 'social-cards', 'fonts'),
        path.join(siteDir, 'static', 'img', 'brand', 'logo.svg'),
      );
      const done = new Set<string>();
      for (const route of routesPaths) {
        const cardFile = path.join(outDir, socialCardPath(route));
        const htmlFile = htmlFileOf(outDir, route);
        if (htmlFile === null || done.has(cardFile)) continue;
        done.add(cardFile);
        try {
          const html = await readFile(htmlFile, 'utf8');
          const text = readPageText(html, siteConfig.title, siteConfig.titleDelimiter);
          if (text.title === '')
            throw new Error(`${path.relative(outDir, htmlFile)} has no <title>`);
          const hero = heroes.get(route);
          const content: CardContent = {
            ...text,
            host: new URL(siteConfig.url).host,
            companyName: siteConfig.title,
            logo: assets.logo,
            ...(hero === undefined
              ? {}
              : {kicker: 'Blog', hero: await heroArt(hero, assets, siteDir)}),
          };
          await mkdir(path.dirname(cardFile), {recursive: true});
          await writeFile(cardFile, await renderCard(content, assets));
        } catch (error) {
          const reason = error instanceof Error ? error.message : String(error);
          throw new Error(`social-cards: could not render the card of ${route}: ${reason}`, {
            cause: error,
          });
        }
      }
      console.log(`[social-cards] ${done.size} cards`);
    },
  };
}
