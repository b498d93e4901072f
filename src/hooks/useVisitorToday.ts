import {useEffect, useState} from 'react';
import {useBuildDay} from './useSiteSettings';

/** A calendar day, as a UTC midnight timestamp so formatting never shifts it. */
export type CalendarDay = Date;

function localDay(date: Date): CalendarDay {
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate()));
}

/**
 * Today, in the visitor's time zone. The prerendered HTML and the first client render (so that
 * hydration matches) carry the build's day in China; the visitor's own day replaces it once the
 * page is live. Format the result in UTC (`toLongDate`).
 */
export function useVisitorToday(): CalendarDay {
  const buildDay = useBuildDay();
  const [today, setToday] = useState(buildDay);
  useEffect(() => {
    setToday(localDay(new Date()));
  }, []);
  return today;
}
