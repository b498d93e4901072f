import {existsSync} from 'node:fs';
import path from 'node:path';
import type {OnBrokenMarkdownImagesFunction} from '@docusaurus/types';
import type {ArticleProblem} from './problem';

const FENCE = /^\s*(```|~~~)/;
const MARKDOWN_IMAGE = /!\[[^\]]*\]\(\s*<?([^)\s>]+)/g;

/** The file a Markdown image's address names, or undefined for a URL or a page anchor. */
function localImageFile(url: string, sourcePath: string, siteDir: string): string | undefined {
  if (/^[a-z][a-z\d+.-]*:/i.test(url) || url.startsWith('#')) return undefined;
  const pathname = decodeURIComponent(url.replace(/[?#].*$/, ''));
  return pathname.startsWith('/')
    ? path.join(siteDir, 'static', pathname)
    : path.resolve(path.dirname(sourcePath), pathname);
}

function missingImageMessage(url: string): string {
  return `the image ${url} does not exist: put the file beside the article (or under static/ for a /… path) or correct the path`;
}

/**
 * Every `![…](./file)` of an article's text (its lines from `bodyStart`, outside code blocks)
 * whose file does not exist.
 */
export function inlineImageProblems(
  lines: readonly string[],
  bodyStart: number,
  sourcePath: string,
  siteDir: string,
): ArticleProblem[] {
  const problems: ArticleProblem[] = [];
  let inCode = false;
  lines.forEach((text, index) => {
    if (index < bodyStart) return;
    if (FENCE.test(text)) inCode = !inCode;
    if (inCode) return;
    for (const [, url = ''] of text.matchAll(MARKDOWN_IMAGE)) {
      const file = localImageFile(url, sourcePath, siteDir);
      if (file === undefined || existsSync(file)) continue;
      problems.push({line: index + 1, field: 'image', message: missingImageMessage(url)});
    }
  });
  return problems;
}

/**
 * The Markdown hook for an image whose file is missing, in any MDX page: the same one line as
 * check-content, where the framework's own message suggests switching the check off.
 */
export const brokenMarkdownImage: OnBrokenMarkdownImagesFunction = ({
  sourceFilePath,
  url,
  node,
}) => {
  const line = node.position?.start.line ?? 1;
  throw new Error(`${sourceFilePath}:${line}: invalid: ${missingImageMessage(url)}`);
};
