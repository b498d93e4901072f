import {toDisplayDate, toLongDate} from '../../src/lib/dates';

describe('dates', () => {
  it('writes a post date as YYYY/MM/DD in UTC', () => {
    expect(toDisplayDate('2025-06-17T23:30:00-05:00')).toBe('2025/06/18');
  });

  it('writes a long date exactly as Intl does for en-GB in UTC, for every day of two years', () => {
    const intl = new Intl.DateTimeFormat('en-GB', {dateStyle: 'long', timeZone: 'UTC'});
    const first = Date.UTC(2027, 0, 1);
    for (let day = 0; day < 731; day += 1) {
      const date = new Date(first + day * 86_400_000);
      expect(toLongDate(date)).toBe(intl.format(date));
    }
    expect(toLongDate(new Date(Date.UTC(2026, 10, 23)))).toBe('23 November 2026');
  });
});
