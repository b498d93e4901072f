/** One mistake in an article's source, and the one line every check prints for it. */
export interface ArticleProblem {
  /** 1-based line of the article's source: the field's, or the front matter's end when missing. */
  line: number;
  /** The front-matter field (`description`, `last_update.date`), or `image` for one in the text. */
  field: string;
  /** The rule and the fix. */
  message: string;
}

/** `blog/…/index.mdx:12: invalid: "description" is missing: add …`, as every check prints one. */
export function formatProblem(file: string, {line, message}: ArticleProblem): string {
  return `${file}:${line}: invalid: ${message}`;
}
