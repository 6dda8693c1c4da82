// Directory listings' rules (spec part 2, sections 4 and 9), once for the page and the server:
// the derived status, the status filter, when a listing is overdue, and where a payment moves
// the next payment date. The list applies the same filter in SQL (server/directories/list-query.ts,
// tested against these functions).
import { addMonths, type IsoDate } from "./dates";
import type { DirectoryStatus, DirectoryStatusFilter } from "./enums";

export interface DirectoryFlags {
  isCancelled: boolean;
  isOneTime: boolean;
}

/** Cancelled if isCancelled; else one-off if isOneTime; else active. */
export function directoryStatus({ isCancelled, isOneTime }: DirectoryFlags): DirectoryStatus {
  if (isCancelled) return "cancelled";
  if (isOneTime) return "one-off";
  return "active";
}

/**
 * The status filter: active is neither cancelled nor one-time; one-off is one-time and not
 * cancelled; cancelled is cancelled. The same as comparing the derived status.
 */
export function matchesDirectoryFilter(listing: DirectoryFlags, filter: DirectoryStatusFilter) {
  return filter === "all" || directoryStatus(listing) === filter;
}

export const DIRECTORY_STATUS_LABELS: Record<DirectoryStatus, string> = {
  active: "Active",
  "one-off": "One-time",
  cancelled: "Cancelled",
};

const FREQUENCY_LABELS: Record<number, string> = {
  1: "Monthly",
  3: "Quarterly",
  6: "Bi-annually",
  12: "Annually",
};

/** 'Monthly', 'Quarterly', 'Bi-annually', 'Annually'; 'Every N months' for anything else. */
export function directoryFrequencyLabel(months: number): string {
  return FREQUENCY_LABELS[months] ?? `Every ${months} months`;
}

export interface DirectorySchedule extends DirectoryFlags {
  nextPaymentDate: IsoDate | null;
}

/** A listing that still bills (not cancelled) whose next payment date has passed. */
export function isDirectoryOverdue(listing: DirectorySchedule, today: IsoDate): boolean {
  return (
    !listing.isCancelled && listing.nextPaymentDate !== null && listing.nextPaymentDate < today
  );
}

/**
 * The next payment date once a payment is recorded: one frequency after the date that was due
 * (so paying late does not shift the schedule), or after the payment when none was due. A
 * one-time listing has no next date once paid.
 */
export function nextPaymentAfterPayment(
  listing: DirectorySchedule & { paymentFrequencyMonths: number },
  paidOn: IsoDate,
): IsoDate | null {
  if (listing.isOneTime) return null;
  return addMonths(listing.nextPaymentDate ?? paidOn, listing.paymentFrequencyMonths);
}
