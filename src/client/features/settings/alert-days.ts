// The licence alert toggle's text from the days an administrator set (spec: 'alerts 30, 15 and 7
// days before expiry', which were fixed there and can be changed here).
import type { ReminderKind } from "@/domain/reminders";
import type { ReminderStatusResponse } from "@/domain/schemas/reminders";

/** '30, 15 and 7 days', '1 day', '7 and 0 days' (0 is the day itself). */
export function daysText(days: readonly number[]): string {
  const numbers = days.map(String);
  const list =
    numbers.length <= 1
      ? (numbers[0] ?? "")
      : `${numbers.slice(0, -1).join(", ")} and ${numbers[numbers.length - 1]}`;
  return `${list} ${days.length === 1 && days[0] === 1 ? "day" : "days"}`;
}

const sameDays = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((day, index) => day === b[index]);

/** The description under 'Licence expiration alerts', or the spec's wording while loading. */
export function licenseAlertText(offsets: ReminderStatusResponse["offsets"] | undefined): string {
  const daysOf = (kind: ReminderKind) => offsets?.find((entry) => entry.kind === kind)?.days;
  const expiry = daysOf("license_expiry");
  const renewal = daysOf("license_renewal");
  const note = "(an administrator may change the days)";
  if (!expiry || !renewal) return `Alerts before a licence expires or renews ${note}.`;
  if (expiry.length === 0 && renewal.length === 0) {
    return `No alerts are sent before a licence expires or renews ${note}.`;
  }
  if (sameDays(expiry, renewal)) {
    return `Alerts ${daysText(expiry)} before a licence expires or renews ${note}.`;
  }
  const parts = [
    expiry.length > 0 && `${daysText(expiry)} before a licence expires`,
    renewal.length > 0 &&
      `${daysText(renewal)} before ${expiry.length > 0 ? "it" : "a licence"} renews`,
  ].filter(Boolean);
  return `Alerts ${parts.join(" and ")} ${note}.`;
}
