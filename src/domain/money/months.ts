// Month arithmetic on 'YYYY-MM' months, the same in every time zone: the month a day is in,
// shifting by months, a month's first and last day and its length. Expense Analysis's chart, the
// expense calendar, obligations and hosting's billing months all count months with these.
import { addDays, daysBetween, type IsoDate, isIsoDate } from "../dates";

/** A month, 'YYYY-MM'. */
export type IsoMonth = string;

const ISO_MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

export const isIsoMonth = (value: unknown): value is IsoMonth =>
  typeof value === "string" && ISO_MONTH.test(value);

/** The month a day is in. */
export function monthOf(date: IsoDate): IsoMonth {
  if (!isIsoDate(date)) throw new RangeError(`Not a calendar date: ${date}`);
  return date.slice(0, 7);
}

/** The month `offset` months from `month` (negative for earlier). */
export function shiftMonth(month: IsoMonth, offset: number): IsoMonth {
  const match = ISO_MONTH.exec(month);
  if (!match) throw new RangeError(`Not a month: ${month}`);
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + offset;
  const year = Math.floor(index / 12);
  return `${String(year).padStart(4, "0")}-${String((index % 12) + 1).padStart(2, "0")}`;
}

export const previousMonth = (month: IsoMonth) => shiftMonth(month, -1);

/** The first and last day of a month (leap years included). */
export function monthBounds(month: IsoMonth): { first: IsoDate; last: IsoDate } {
  const first = `${month}-01`;
  return { first, last: addDays(`${shiftMonth(month, 1)}-01`, -1) };
}

/** Days in a month (February 29 in a leap year). */
export function daysInMonth(month: IsoMonth): number {
  return daysBetween(`${month}-01`, `${shiftMonth(month, 1)}-01`);
}
