/**
 * The bench's figure for the search (bench/report.ts): the share of travellers' queries right at
 * first, its misses, and its budget.
 */
import {checkBudgets, searchQueriesTable} from '../../bench/report';
import type {QueryResult} from '../../scripts/search-queries';

const result = (query: string, right: boolean): QueryResult => ({
  query,
  slug: 'taobao-guide',
  anchor: 'step-8-pay',
  got: right ? 'taobao-guide#step-8-pay' : 'essential-apps-china-2025#payments',
  gotAnswer: right ? 'taobao-guide#step-8-pay' : 'essential-apps-china-2025#payments',
  right,
});
const budget = (results: QueryResult[]) =>
  checkBudgets({searchQueries: results}).find((check) => check.name.includes('queries'));

describe("the bench's search figure", () => {
  it('gives the share right at first and lists each miss with what came first', () => {
    const results = [
      ...Array.from({length: 19}, (_, i) => result(`q${i}`, true)),
      result('pay', false),
    ];
    const printed = searchQueriesTable(results);
    expect(printed).toContain('right at first: 19/20, 95%');
    expect(printed).toMatch(/pay\s+essential-apps-china-2025#payments\s+taobao-guide#step-8-pay/);
    expect(printed).not.toContain('q3');
  });

  it('meets its budget at 95% and misses it below', () => {
    const ninetyFive = [
      ...Array.from({length: 19}, (_, i) => result(`q${i}`, true)),
      result('x', false),
    ];
    expect(budget(ninetyFive)).toMatchObject({status: 'MET', measured: '95%', target: '≥ 95%'});
    expect(budget([result('a', true), result('b', false)])).toMatchObject({status: 'MISSED'});
    expect(checkBudgets({}).find((check) => check.name.includes('queries'))?.status).toBe(
      'NOT MEASURED',
    );
  });
});
