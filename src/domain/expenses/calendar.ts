// The expense calendar's month grid and its keyboard moves (WAI-ARIA grid pattern): pure date
// arithmetic on 'YYYY-MM-DD' days, the same in every time zone (months: domain/money/months.ts).
import { addDays, addMonths, daysBetween, type IsoDate } from "../dates";
import { type IsoMonth, monthBounds } from "../money/months";

/** 0 for Sunday ... 6 for Saturday. */
export function weekday(date: IsoDate): number {
  // 1970-01-04 was a Sunday.
  return (((daysBetween("1970-01-04", date) % 7) + 7) % 7) as number;
}

/**
 * The month's grid: whole weeks from Sunday to Saturday, starting with the week of the 1st and
 * ending with the week of the last day; days of the months around it fill the edges.
 */
export function monthGrid(month: IsoMonth): IsoDate[][] {
  const { first, last } = monthBounds(month);
  const start = addDays(first, -weekday(first));
  const end = addDays(last, 6 - weekday(last));
  const weeks: IsoDate[][] = [];
  for (let day = start; day <= end; day = addDays(day, 7)) {
    weeks.push(Array.from({ length: 7 }, (_, i) => addDays(day, i)));
  }
  return weeks;
}

/**
 * Where a key moves the focused day: arrows by a day or a week, Home/End to the week's start or
 * end, PageUp/PageDown by a month (day clamped: 31 March − 1 month = 28 or 29 February). Null for
 * any other key.
 */
export function moveDay(date: IsoDate, key: string): IsoDate | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(date, -1);
    case "ArrowRight":
      return addDays(date, 1);
    case "ArrowUp":
      return addDays(date, -7);
    case "ArrowDown":
      return addDays(date, 7);
    case "Home":
      return addDays(date, -weekday(date));
    case "End":
      return addDays(date, 6 - weekday(date));
    case "PageUp":
      return addMonths(date, -1);
    case "PageDown":
      return addMonths(date, 1);
    default:
      return null;
  }
}
