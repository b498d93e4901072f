import {readdirSync, readFileSync} from 'node:fs';
import path from 'node:path';
import {checkArticle, formatFinding, isFailure} from '../../plugins/freshness/check';
import {day} from './day';

const FILE = 'blog/2026-01-10-visa-guide/index.mdx';

function article(reviewed: string, body: string): string {
  return `---\nslug: visa-guide\ntitle: Visas\nlast_update:\n  date: ${reviewed}\n---\n\nimport Expires from '@site/src/components/Expires';\n\n${body}\n`;
}

const VISA_FREE =
  'The scheme runs <Expires on="2026-12-31">until 31 December 2026</Expires> for now.';

describe('the content check', () => {
  it('reports a fact whose last day has passed as expired, with its file and line, and fails', () => {
    const findings = checkArticle(FILE, article('2026-11-25', VISA_FREE), day('2027-01-02'));
    expect(findings.map(formatFinding)).toEqual([
      `${FILE}:10: expired: a fact marked to end on 31 December 2026 has ended (2 days ago): check the current rule, set its end in src/data/entry-rules.ts (or the mark's on="…") and rewrite the sentence, then set last_update.date`,
    ]);
    expect(findings.every(isFailure)).toBe(true);
  });

  it('reminds of a fact that ends in 30 days without failing', () => {
    const findings = checkArticle(FILE, article('2026-11-25', VISA_FREE), day('2026-12-01'));
    expect(findings.map(formatFinding)).toEqual([
      `${FILE}:10: ending: a fact ends on 31 December 2026, in 30 days: check for an extension`,
    ]);
    expect(findings.some(isFailure)).toBe(false);
  });

  it('says nothing of a fact that ends more than 60 days ahead, and counts the last day as valid', () => {
    expect(checkArticle(FILE, article('2026-11-25', VISA_FREE), day('2026-10-31'))).toEqual([]);
    const onLastDay = checkArticle(FILE, article('2026-11-25', VISA_FREE), day('2026-12-31'));
    expect(onLastDay.map((finding) => finding.kind)).toEqual(['ending']);
  });

  it('asks for a review of an article last reviewed 7 months ago, pointing at last_update', () => {
    const findings = checkArticle(
      FILE,
      article('2026-04-25', 'No dated facts.'),
      day('2026-11-25'),
    );
    expect(findings.map(formatFinding)).toEqual([
      `${FILE}:4: review: last reviewed on 25 April 2026, more than 6 months ago: check its facts and update last_update`,
    ]);
    expect(findings.some(isFailure)).toBe(false);
  });

  it('does not ask for a review at exactly six months', () => {
    expect(checkArticle(FILE, article('2026-05-25', 'No dated facts.'), day('2026-11-25'))).toEqual(
      [],
    );
  });

  it('fails on a mark whose day cannot be read, so it would never warn', () => {
    const body = 'A <Expires on="2026-02-30">rule</Expires> and an <Expires>undated one</Expires>.';
    const findings = checkArticle(FILE, article('2026-11-25', body), day('2026-11-25'));
    expect(findings.map((finding) => [finding.kind, finding.line])).toEqual([
      ['invalid', 10],
      ['invalid', 10],
    ]);
    expect(findings[0]?.message).toContain('got "2026-02-30"');
    expect(findings.every(isFailure)).toBe(true);
  });

  it('reports an ended front-matter expires like an ended mark, on the line of expires, and fails', () => {
    const source = article('2026-11-25', 'No dated facts.').replace(
      'slug: visa-guide\n',
      'slug: visa-guide\nexpires: 2026-12-31\n',
    );
    const findings = checkArticle(FILE, source, day('2027-01-01'));
    expect(findings.map(formatFinding)).toEqual([
      `${FILE}:3: expired: the title, description and excerpt, marked to hold until 31 December 2026 (expires), have ended (1 day ago): check the current rule, rewrite them and set expires to their new last day (or remove it), then set last_update.date`,
    ]);
    expect(findings.every(isFailure)).toBe(true);
  });

  it('reads every article of the blog, each with a review date and only readable marks', () => {
    const blog = path.resolve(__dirname, '../../blog');
    for (const folder of readdirSync(blog)) {
      const file = `blog/${folder}/index.mdx`;
      const findings = checkArticle(
        file,
        readFileSync(path.join(blog, folder, 'index.mdx'), 'utf8'),
        day('2026-11-25'),
      );
      expect(findings.filter((finding) => finding.kind === 'invalid').map(formatFinding)).toEqual(
        [],
      );
    }
  });
});
