import {chinaDay, isoDay, toDisplayDate, toLongDate} from '../../src/lib/dates';

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

  it("gives China's day: 16:00 UTC on 31 December is already 1 January in Beijing", () => {
    expect(chinaDay(new Date('2026-12-31T15:59:59Z')).toISOString()).toBe(
      '2026-12-31T00:00:00.000Z',
    );
    expect(chinaDay(new Date('2026-12-31T16:00:00Z')).toISOString()).toBe(
      '2027-01-01T00:00:00.000Z',
    );
  });

  it("writes the daily rebuild's day, 00:05 in Beijing on 1 January, as 2027-01-01", () => {
    expect(isoDay(chinaDay(new Date('2026-12-31T16:05:00Z')))).toBe('2027-01-01');
  });
});
