/** @jest-environment node */
import {checkMarks, firstMarkedDay, formatFinding, isFailure} from '../../plugins/freshness/check';
import {
  COUNTRIES,
  ENTRY_RULES,
  entryRuleProblems,
  type Country,
  type EntryRule,
} from '../../src/data/entry-rules';
import {day} from './day';

const FILE = 'blog/2026-01-10-visa-guide/index.mdx';
const ONE_SIDED = ENTRY_RULES.find((rule) => rule.id === 'one-sided-30-day') as EntryRule;

function article(body: string): string {
  return `---\nslug: visa-guide\ntitle: Visas\nlast_update:\n  date: 2026-11-25\n---\n\n${body}\n`;
}

describe('the entry rules data (src/data/entry-rules.ts)', () => {
  it('is valid, and gives each country an anchor and a route', () => {
    expect(entryRuleProblems()).toEqual([]);
    const uk = COUNTRIES.find((country) => country.id === 'united-kingdom');
    expect(uk?.routes.map((route) => route.rule)).toEqual([
      'one-sided-30-day',
      '240-hour-transit',
      'ordinary-visa',
    ]);
    expect(new Set(COUNTRIES.map((country) => country.id)).size).toBe(COUNTRIES.length);
  });

  it('names the rule and the field of each mistake, one line each', () => {
    const rules = [
      {...ONE_SIDED, end: '2026-12-32'},
      {...ONE_SIDED, id: 'x', source: {...ONE_SIDED.source, read: ''}},
    ];
    const countries: Country[] = [
      {id: 'atlantis', name: 'Atlantis', routes: [{rule: 'nope' as 'hainan'}]},
    ];
    expect(entryRuleProblems(rules, countries)).toEqual([
      'src/data/entry-rules.ts: rule "one-sided-30-day": end must be a day as YYYY-MM-DD (or left out), got "2026-12-32"',
      'src/data/entry-rules.ts: rule "x": source.read must be a day as YYYY-MM-DD, got ""',
      'src/data/entry-rules.ts: country "Atlantis": routes names no rule "nope"',
    ]);
  });
});

describe('marks that name a rule (<Expires rule>)', () => {
  it('end on the rule’s day in the data file', () => {
    const body = 'Visa-free <Expires rule="one-sided-30-day">for 30 days</Expires>.';
    expect(firstMarkedDay(article(body))).toBe(ONE_SIDED.end);
    const findings = checkMarks(FILE, article(body), day('2027-01-01'));
    expect(findings.map((finding) => finding.kind)).toEqual(['expired']);
  });

  it('fail on a rule the data file does not have, or one with no end', () => {
    const body = '<Expires rule="nope">a</Expires> <Expires rule="240-hour-transit">b</Expires>';
    const findings = checkMarks(FILE, article(body), day('2026-11-25'));
    expect(findings.map(formatFinding)).toEqual([
      `${FILE}:8: invalid: <Expires rule="nope">: no rule with that id in src/data/entry-rules.ts`,
      `${FILE}:8: invalid: <Expires rule="240-hour-transit">: that rule has no announced end in src/data/entry-rules.ts`,
    ]);
  });

  it('fail, with file and line, on each sentence naming an end other than the rule’s', () => {
    const body = [
      '## Visas',
      '',
      '<Expires rule="one-sided-30-day">Stay 30 days, from 1 June 2025.',
      'The scheme runs until 31 December 2027. It was extended to 2027-12-31 on 3 November 2025.</Expires>',
    ].join('\n');
    const findings = checkMarks(FILE, article(body), day('2026-09-01'));
    expect(findings.map((finding) => [finding.kind, finding.line])).toEqual([
      ['other-end', 11],
      ['other-end', 11],
    ]);
    expect(findings[0]?.message).toContain(
      '"The scheme runs until 31 December 2027." names 31 December 2027',
    );
    expect(findings.every(isFailure)).toBe(true);
    const right = body
      .replace('31 December 2027', '31 December 2026')
      .replace('2027-12-31', '2026-12-31');
    expect(checkMarks(FILE, article(right), day('2026-09-01'))).toEqual([]);
  });

  it('fail on a second mark of one rule in one section, not in the next', () => {
    const mark = '<Expires rule="one-sided-30-day">30 days</Expires>';
    const body = ['## One', mark, '', mark, '', '### Two', mark].join('\n');
    const findings = checkMarks(FILE, article(body), day('2026-09-01'));
    expect(findings.map((finding) => [finding.kind, finding.line])).toEqual([['repeated', 11]]);
  });
});
