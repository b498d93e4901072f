/**
 * The rules across articles: a slug is one article's, a related guide is a listed one, and a link
 * to a section finds it. Both the build and `npm run check-content` apply them to the articles as
 * the model read them.
 */
import type {Article} from '.';
import type {ArticleProblem} from './problem';
import {wrongSectionLinks} from './section-links';

/** One article's problem found by comparing it with the others. */
export interface CollectionProblem {
  file: string;
  problem: ArticleProblem;
}

/**
 * Each article whose slug an earlier one (by file) already has, as a problem on its slug's line:
 * the blog would put both at one address.
 */
function duplicateSlugs(articles: readonly Article[]): CollectionProblem[] {
  const firstWith = new Map<string, string>();
  return [...articles]
    .sort((a, b) => a.file.localeCompare(b.file))
    .flatMap((article) => {
      const {slug} = article.frontMatter;
      const earlier = firstWith.get(slug);
      if (earlier === undefined) {
        firstWith.set(slug, article.file);
        return [];
      }
      const message = `"slug" ${slug} is ${earlier}'s too, and both would be /blog/${slug}: give this article a slug of its own, and its folder the same name`;
      return [
        {file: article.file, problem: {line: article.lineOf('slug'), field: 'slug', message}},
      ];
    });
}

/** Whether the blog lists the article (a draft is not published, an unlisted one not listed). */
export function isListed({frontMatter}: Article): boolean {
  return frontMatter.draft !== true && frontMatter.unlisted !== true;
}

/** A related slug that no listed article has: the card would link nowhere. */
function unknownRelated(articles: readonly Article[]): CollectionProblem[] {
  const listed = new Set(articles.filter(isListed).map(({frontMatter}) => frontMatter.slug));
  return articles.flatMap((article) => {
    const unknown = (article.frontMatter.related ?? []).filter((slug) => !listed.has(slug));
    if (unknown.length === 0) return [];
    const names = unknown.map((slug) => `"${slug}"`).join(', ');
    const message = `"related" names ${names}, which no listed article has as its slug`;
    return [
      {file: article.file, problem: {line: article.lineOf('related'), field: 'related', message}},
    ];
  });
}

/** A link to a section the page does not have: the build would refuse it naming only the page. */
function wrongLinks(articles: readonly Article[]): CollectionProblem[] {
  const sources = articles.map(({file, source, frontMatter}) => ({
    file,
    source,
    slug: frontMatter.slug,
  }));
  return wrongSectionLinks(sources).map(({file, line, message}) => ({
    file,
    problem: {line, field: '', message},
  }));
}

/** Every problem across the articles, in file order. */
export function collectionProblems(articles: readonly Article[]): CollectionProblem[] {
  return [...duplicateSlugs(articles), ...unknownRelated(articles), ...wrongLinks(articles)].sort(
    (a, b) => a.file.localeCompare(b.file) || a.problem.line - b.problem.line,
  );
}
