/** A post's date as the cards and articles show it: `2025-06-17T…` → `2025/06/17`, in UTC like the blog plugin. */
export function toDisplayDate(date: string | Date): string {
  const iso = (date instanceof Date ? date : new Date(date)).toISOString();
  return iso.slice(0, 10).replaceAll('-', '/');
}
