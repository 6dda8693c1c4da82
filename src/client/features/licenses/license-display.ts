// Small display helpers for license rows; the rules themselves (status, masking, money) live in
// src/domain.
import { format } from "date-fns";
import { isIsoDate } from "@/domain/dates";

/** 'multi-user' → 'Multi-User', 'annually' → 'Annually' (the spec shows types title-cased). */
export function titleCase(value: string): string {
  return value.replace(
    /(^|[\s-])(\p{L})/gu,
    (_, separator: string, letter: string) => `${separator}${letter.toUpperCase()}`,
  );
}

/** A calendar date for reading: '2026-03-05' → 'Mar 5, 2026'; null → '—'. */
export function formatCalendarDate(value: string | null | undefined): string {
  if (!value) return "—";
  if (!isIsoDate(value)) return "Invalid Date";
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  // Built from its parts in local time, so no time zone can move it to the day before.
  return format(new Date(year, month - 1, day), "MMM d, yyyy");
}
