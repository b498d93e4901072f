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
 * A calendar day as US English writes it in full, in UTC: `June 17, 2025`. The same text as
 * `Intl.DateTimeFormat('en-US', {dateStyle: 'long', timeZone: 'UTC'})`, without the ~30 ms a phone
 * spends loading the locale data to build that formatter, on the main thread, before hydration.
 */
export function toLongDate(day: Date): string {
  return `${MONTHS[day.getUTCMonth()]} ${day.getUTCDate()}, ${day.getUTCFullYear()}`;
}
