import { getTableColumns } from "drizzle-orm";
import type { AssignmentResponse, LicenseResponse } from "../../domain/schemas/licenses";
import { type licenseAssignments, licenses } from "../db/schema";

export type LicenseRow = typeof licenses.$inferSelect;
/** A license as lists read it: without the key's ciphertext and search index, which no list returns. */
export type LicenseListRow = Omit<LicenseRow, "licenseKeyCiphertext" | "licenseKeySearchTokens">;

/** What a list selects of a license: every column but the key's ciphertext and search index. */
export const {
  licenseKeyCiphertext: _ciphertext,
  licenseKeySearchTokens: _searchTokens,
  ...licenseListColumns
} = getTableColumns(licenses);
type AssignmentRow = typeof licenseAssignments.$inferSelect;

/** The API shape of a license: the key only masked; the ciphertext never leaves the server. */
export function toLicenseResponse(row: LicenseListRow, assignedSeats: number): LicenseResponse {
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
    createdAt: row.createdAt.toISOString(),
  };
}

export function toAssignmentResponse(row: AssignmentRow, licenseName: string): AssignmentResponse {
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
  };
}
