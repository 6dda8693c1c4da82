import { getTableColumns } from "drizzle-orm";
import type { AssignmentResponse, LicenseResponse } from "../../domain/schemas/licenses";
import { isUnused } from "../../domain/unused-seats";
import { isoText, isoTimestamp } from "../db/iso-timestamp";
import { type licenseAssignments, licenses } from "../db/schema";

export type LicenseRow = typeof licenses.$inferSelect;
/**
 * A license as its response needs it: without the key's ciphertext, search index and digest,
 * which no list returns, nor the trust reviews' count and the low-seat crossings the triggers keep, nor the time of the last
 * change, which no response shows; the creation time as a list reads it (text) or as a single row
 * has it (a Date).
 */
export type LicenseListRow = Omit<
  LicenseRow,
  | "licenseKeyCiphertext"
  | "licenseKeySearchTokens"
  | "licenseKeyDigest"
  | "activeTrustReviews"
  | "lowSeatCrossings"
  | "lowSeatAlerted"
  | "createdAt"
  | "updatedAt"
> & { createdAt: Date | string };

const {
  licenseKeyCiphertext: _ciphertext,
  licenseKeySearchTokens: _searchTokens,
  licenseKeyDigest: _digest,
  activeTrustReviews: _lent,
  lowSeatCrossings: _crossings,
  lowSeatAlerted: _alerted,
  createdAt: _createdAt,
  updatedAt: _updatedAt,
  ...shownColumns
} = getTableColumns(licenses);
/** What a list selects of a license: LicenseListRow, the creation time as the API's text. */
export const licenseListColumns = { ...shownColumns, createdAt: isoTimestamp(licenses.createdAt) };
type AssignmentRow = typeof licenseAssignments.$inferSelect;

/** The API shape of a license: the key only masked; the ciphertext never leaves the server. */
export function toLicenseResponse(
  row: LicenseListRow,
  seats: { seats: number; unused: number },
): LicenseResponse {
  const assignedSeats = seats.seats;
  return {
    id: row.id,
    name: row.name,
    licenseType: row.licenseType,
    licenseKeyMasked: row.licenseKeyMasked,
    username: row.username,
    orderId: row.orderId,
    product: row.product,
    status: row.status,
    totalSeats: row.totalSeats,
    assignedSeats,
    seatsLeft: Math.max(0, row.totalSeats - assignedSeats),
    purchaseDate: row.purchaseDate,
    expiryDate: row.expiryDate,
    paymentAmount: row.paymentAmount,
    paymentCurrency: row.paymentCurrency,
    paymentFrequency: row.paymentFrequency,
    autoRenew: row.autoRenew,
    renewalStatus: row.renewalStatus,
    notes: row.notes,
    createdAt: isoText(row.createdAt),
    lowSeatThreshold: row.lowSeatThreshold,
    lowSeats: row.lowSeats,
    unusedSeats: seats.unused,
  };
}

/** `unusedAfterDays`: UNUSED_AFTER_DAYS, for `unused` (an ended seat is never unused). */
export function toAssignmentResponse(
  row: AssignmentRow,
  licenseName: string,
  unusedAfterDays: number,
): AssignmentResponse {
  return {
    id: row.id,
    licenseId: row.licenseId,
    licenseName,
    userId: row.userId,
    assignedTo: row.assignedTo,
    assignedDate: row.assignedDate,
    notes: row.notes,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    unused:
      row.isActive && isUnused(row.lastSignInAt, row.holderSuspended, new Date(), unusedAfterDays),
  };
}
