import {isMap, isNode, isScalar, isSeq, LineCounter, parseDocument} from 'yaml';
import type {ArticleProblem} from './problem';

/** A field's path in the front matter: `['last_update', 'date']`, `['changes', 0, 'what']`. */
export type FieldPath = readonly (string | number)[];

/** An article's source split at its front matter, which is read as YAML once, with its lines. */
export interface SplitSource {
  /** The front matter's value, `{}` when it is missing or cannot be read. */
  data: unknown;
  /**
   * The line of a field's key in the article's source: the nearest enclosing field's, or the
   * front matter's end, when it is missing.
   */
  lineOf: (field: FieldPath) => number;
  /** Why the front matter cannot be read, as one problem; none when it reads. */
  problems: ArticleProblem[];
  /** The text after the front matter, as the framework's own reading gives it (trimmed). */
  content: string;
  /** The index of the first line after the front matter. */
  bodyStart: number;
}

/** The closing `---`'s index among the source's lines, or 0 without front matter. */
function frontMatterEnd(lines: readonly string[]): number {
  const end = lines[0] === '---' ? lines.indexOf('---', 1) : -1;
  return end === -1 ? 0 : end;
}

const UNREADABLE = 'the front matter (between the two --- lines) cannot be read';

/**
 * Splits an article's source and reads its front matter as YAML 1.2 (where 2026-02-30 stays text
 * rather than becoming 2 March), keeping each node's line for the problems' messages.
 */
export function splitSource(source: string): SplitSource {
  const lines = source.split(/\r?\n/);
  const end = frontMatterEnd(lines);
  const content = lines
    .slice(end === 0 ? 0 : end + 1)
    .join('\n')
    .trim();
  const lineCounter = new LineCounter();
  const document = parseDocument(lines.slice(1, end).join('\n'), {lineCounter});
  // The YAML starts on the article's second line.
  const lineAt = (offset = 0) => lineCounter.linePos(offset).line + 1;
  const lineOf = (field: FieldPath): number => {
    let [node, line]: [unknown, number] = [document.contents, end + 1];
    for (const key of field) {
      const pair =
        isMap(node) && node.items.find((item) => isScalar(item.key) && item.key.value === key);
      const child: unknown = pair
        ? pair.key
        : isSeq(node) && typeof key === 'number'
          ? node.items[key]
          : undefined;
      if (!isNode(child)) break;
      line = lineAt(child.range?.[0]);
      node = pair ? pair.value : child;
    }
    return line;
  };
  const problems: ArticleProblem[] = document.errors.slice(0, 1).map((error) => ({
    line: lineAt(error.pos[0]),
    field: '',
    message: `${UNREADABLE}: ${error.message.split(' at line')[0]}`,
  }));
  let data: unknown = {};
  if (problems.length === 0) {
    try {
      data = document.toJS() ?? {};
    } catch (error) {
      // An alias bomb (aliases nested until the value is millions of nodes) and the like.
      problems.push({
        line: 2,
        field: '',
        message: `${UNREADABLE}: ${error instanceof Error ? error.message : String(error)}; write each field's value out rather than with & and * aliases`,
      });
    }
  }
  return {data, lineOf, problems, content, bodyStart: end === 0 ? 0 : end + 1};
}
