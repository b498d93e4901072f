import type {ArticleProblem} from './problem';

/** The most bytes an article's source may have: some six times the longest guide's (35 KB in November 2026). */
const MAX_ARTICLE_BYTES = 200 * 1024;

const UTF8 = new TextDecoder('utf-8', {fatal: true});

/**
 * An article's text from its file's bytes, or the one problem that stops it being read: more
 * than MAX_ARTICLE_BYTES, or bytes that are not UTF-8, which Node would publish as U+FFFD (�).
 * Line by line, as a newline byte is never part of a longer UTF-8 character, to name the line.
 */
export function articleText(bytes: Uint8Array): {source: string} | {problem: ArticleProblem} {
  if (bytes.length > MAX_ARTICLE_BYTES) {
    const size = (count: number) => `${Math.ceil(count / 1024)} KB`;
    const message = `the article is ${size(bytes.length)}, over the ${size(MAX_ARTICLE_BYTES)} an article may be: split it into two articles that link each other`;
    return {problem: {line: 1, field: '', message}};
  }
  let start = 0;
  for (let line = 1; start <= bytes.length; line += 1) {
    const newline = bytes.indexOf(0x0a, start);
    const end = newline === -1 ? bytes.length : newline;
    try {
      UTF8.decode(bytes.subarray(start, end));
    } catch {
      const message =
        'this line has bytes that are not UTF-8 (the file was saved in another encoding), which would show as �: save the file as UTF-8 and check the line';
      return {problem: {line, field: '', message}};
    }
    start = end + 1;
  }
  return {source: new TextDecoder().decode(bytes)};
}
