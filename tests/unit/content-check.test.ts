import path from 'node:path';
import {createArticles} from '../../plugins/articles';
import {
  articleFindings,
  checkArticle,
  checkMarks,
  formatFinding,
  isFailure,
} from '../../plugins/freshness/check';
import {FILE as ARTICLE, FRONT_MATTER, articleOf, sourceOf} from './articles';
import {day} from './day';

const FILE = 'blog/2026-01-10-visa-guide/index.mdx';

function article(reviewed: string, body: string): string {
  return `---\nslug: visa-guide\ntitle: Visas\nlast_update:\n  date: ${reviewed}\n---\n\nimport Expires from '@site/src/components/Expires';\n\n${body}\n`;
}

const VISA_FREE =
  'The scheme runs <Expires on="2026-12-31">until 31 December 2026</Expires> for now.';

describe('the content check', () => {
  it('reports a fact whose last day has passed as expired, with its file and line, and fails', () => {
    const findings = checkMarks(FILE, article('2026-11-25', VISA_FREE), day('2027-01-02'));
    expect(findings.map(formatFinding)).toEqual([
      `${FILE}:10: expired: a fact marked to end on 31 December 2026 has ended (2 days ago): check the current rule, set its end in src/data/entry-rules.ts (or the mark's on="…") and rewrite the sentence, then set last_update.date`,
    ]);
    expect(findings.every(isFailure)).toBe(true);
  });

  it('reminds of a fact that ends in 30 days without failing', () => {
    const findings = checkMarks(FILE, article('2026-11-25', VISA_FREE), day('2026-12-01'));
    expect(findings.map(formatFinding)).toEqual([
      `${FILE}:10: ending: a fact ends on 31 December 2026, in 30 days: check for an extension`,
    ]);
    expect(findings.some(isFailure)).toBe(false);
  });

  it('says nothing of a fact that ends more than 60 days ahead, and counts the last day as valid', () => {
    expect(checkMarks(FILE, article('2026-11-25', VISA_FREE), day('2026-10-31'))).toEqual([]);
    const onLastDay = checkMarks(FILE, article('2026-11-25', VISA_FREE), day('2026-12-31'));
    expect(onLastDay.map((finding) => finding.kind)).toEqual(['ending']);
  });

  it('asks for a review of an article last reviewed 7 months ago, pointing at last_update', () => {
    const findings = checkArticle(reviewedOn('2026-04-25'), day('2026-11-25'));
    expect(findings.map(formatFinding)).toEqual([
      `${ARTICLE}:8: review: last reviewed on 25 April 2026, more than 6 months ago: check its facts and update last_update`,
    ]);
    expect(findings.some(isFailure)).toBe(false);
  });

  it('does not ask for a review at exactly six months', () => {
    expect(checkArticle(reviewedOn('2026-05-25'), day('2026-11-25'))).toEqual([]);
  });

  it('fails on a mark whose day cannot be read, so it would never warn', () => {
    const body = 'A <Expires on="2026-02-30">rule</Expires> and an <Expires>undated one</Expires>.';
    const findings = checkMarks(FILE, article('2026-11-25', body), day('2026-11-25'));
    expect(findings.map((finding) => [finding.kind, finding.line])).toEqual([
      ['invalid', 10],
      ['invalid', 10],
    ]);
    expect(findings[0]?.message).toContain('got "2026-02-30"');
    expect(findings.every(isFailure)).toBe(true);
  });

  it('reports an ended front-matter expires like an ended mark, on the line of expires, and fails', () => {
    const findings = checkArticle(
      reviewedOn('2026-11-25', 'expires: 2026-12-31'),
      day('2027-01-01'),
    );
    expect(findings.map(formatFinding)).toEqual([
      `${ARTICLE}:13: expired: the title, description and excerpt, marked to hold until 31 December 2026 (expires), have ended (1 day ago): check the current rule, rewrite them and set expires to their new last day (or remove it), then set last_update.date`,
    ]);
    expect(findings.every(isFailure)).toBe(true);
  });

  it('checks the marks of an article whose front matter has mistakes, after them', () => {
    const [read] = createArticlesOver(article('2026-11-25', VISA_FREE));
    const findings = articleFindings(read, day('2027-01-02'));
    const kinds = findings.map(({kind}) => kind);
    expect(kinds.slice(0, -1).every((kind) => kind === 'invalid')).toBe(true);
    expect(kinds.length).toBeGreaterThan(1);
    expect(findings.at(-1)).toMatchObject({kind: 'expired', line: 10});
  });

  it('reads every article of the blog, each with a review date and only readable marks', () => {
    const site = path.resolve(__dirname, '../..');
    const reads = createArticles({siteDir: site, today: day('2026-11-28')}).all();
    expect(reads.length).toBeGreaterThan(0);
    const findings = reads.flatMap((read) => articleFindings(read, day('2026-11-25')));
    expect(findings.filter((finding) => finding.kind === 'invalid').map(formatFinding)).toEqual([]);
  });
});

/** An article with a review day and no dated facts. */
function reviewedOn(reviewed: string, ...extra: string[]) {
  const lines = FRONT_MATTER.map((line) =>
    line.endsWith('date: 2025-08-01') ? line.replace('2025-08-01', reviewed) : line,
  ).concat(extra);
  return articleOf(sourceOf(lines, 'No dated facts.'), day('2026-11-28'));
}

/** The model's reading of this one source, as the blog's only article. */
function createArticlesOver(source: string) {
  const sourcePath = path.join(__dirname, 'fixtures', ARTICLE);
  const articles = createArticles({
    siteDir: path.join(__dirname, 'fixtures'),
    today: day('2026-11-28'),
    readBytes: () => Buffer.from(source),
  });
  return [articles.read(sourcePath)] as const;
}
