import type {BlogPost} from '@docusaurus/plugin-content-blog';
import type {BlogSummary} from '../../contracts/plugin-data';
import {toDisplayDate} from '../../src/lib/dates';
import {type Articles, fail} from '../articles';
import {collectionProblems, isListed} from '../articles/collection';
import {formatProblem} from '../articles/problem';

/** The articles among a build's routes, sorted: every page under `/blog/`. */
export function articlePaths(routesPaths: string[]): string[] {
  return routesPaths.filter((route) => route.startsWith('/blog/')).sort();
}

/** A listed post's summary and the hero file beside it. */
export interface ListedPost extends BlogSummary {
  /** Absolute path of the front matter's `image`. */
  heroFile: string;
}

/**
 * The listed posts in the blog plugin's order (newest first), with what the cards need, read
 * from the model. Throws one error with a line per mistake across posts, before the framework's
 * "Duplicate routes found!": a slug that another post has, a related guide that is not listed.
 */
export function listedPosts(blogPosts: readonly BlogPost[], articles: Articles): ListedPost[] {
  const posts = blogPosts.map((post) => ({post, article: articles.ofPost(post)}));
  const problems = collectionProblems(posts.map(({article}) => article));
  if (problems.length > 0) fail(problems.map(({file, problem}) => formatProblem(file, problem)));
  return posts
    .filter(({article}) => isListed(article))
    .map(({post, article: {frontMatter, heroFile}}) => ({
      permalink: post.metadata.permalink,
      title: frontMatter.title,
      excerpt: frontMatter.excerpt,
      date: toDisplayDate(post.metadata.date),
      reviewed: frontMatter.last_update.date,
      ...(frontMatter.expires !== undefined && {expires: frontMatter.expires}),
      ...(frontMatter.group !== undefined && {group: frontMatter.group}),
      heroFile,
    }));
}

/**
 * A module mapping each permalink to its hero's URL. It requires the hero through the same loader
 * as the MDX loader's `assets.image`, so the bundler emits each hero once, under one name, for
 * both the article and the cards.
 */
export function heroesModule(posts: readonly ListedPost[], fileLoader: string): string {
  const entries = posts.map(
    ({permalink, heroFile}) =>
      `  ${JSON.stringify(permalink)}: require(${JSON.stringify(fileLoader + heroFile)}).default,`,
  );
  return `export default {\n${entries.join('\n')}\n};\n`;
}
