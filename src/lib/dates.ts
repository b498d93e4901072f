/** A post's date as the cards and articles show it: `2025-06-17T…` → `2025/06/17`, in UTC like the blog plugin. */
export function toDisplayDate(date: string | Date): string {
  const iso = (date instanceof Date ? date : new Date(date)).toISOString();
  return iso.slice(0, 10).replaceAll('-', '/');
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/**
 * A calendar day written in full, in UTC, as every page writes one: `17 June 2025`. The same text
 * as `Intl.DateTimeFormat('en-GB', {dateStyle: 'long', timeZone: 'UTC'})`, without the ~30 ms a
 * phone spends loading the locale data to build that formatter, on the main thread.
 */
export function toLongDate(day: Date): string {
  return `${day.getUTCDate()} ${MONTHS[day.getUTCMonth()]} ${day.getUTCFullYear()}`;
}

/** `2026-12-31` as a UTC midnight, or undefined when it is not a real calendar day. */
export function parseDay(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? date : undefined;
}

/** A calendar day (a UTC midnight) as `2026-12-31`. */
export function isoDay(day: Date): string {
  return day.toISOString().slice(0, 10);
}

/** The UTC calendar day of an instant, at midnight. */
function utcDay(date: Date): Date {
  return new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate()));
}

/** China keeps one time zone, UTC+8, with no daylight saving (Asia/Shanghai). */
export const CHINA_OFFSET_MS = 8 * 3_600_000;

/**
 * The calendar day in China at an instant, as a UTC midnight. The guides' dated facts are China's
 * rules, so a fact marked to end on 31 December has ended from 00:00 on 1 January in Beijing,
 * which is 16:00 on 31 December in UTC.
 */
export function chinaDay(instant: Date): Date {
  return utcDay(new Date(instant.getTime() + CHINA_OFFSET_MS));
}
