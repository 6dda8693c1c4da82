// Wording of the dashboard's day counts. The counts themselves come from src/domain/dashboard.ts.

const days = (count: number) => `${count} day${count === 1 ? "" : "s"}`;

/** The Days Left badge of Needs Attention: '12 days', '1 day', 'Today', 'Expired 3 days ago'. */
export function daysLeftLabel(daysLeft: number): string {
  if (daysLeft < 0) return `Expired ${days(-daysLeft)} ago`;
  if (daysLeft === 0) return "Today";
  return days(daysLeft);
}

/** Days Until Renewal in Renews Soon: 'Today', '1 day', '18 days'. */
export function daysUntilLabel(daysUntil: number): string {
  return daysUntil === 0 ? "Today" : days(daysUntil);
}
