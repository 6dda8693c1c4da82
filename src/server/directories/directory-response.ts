// A listing row as the API answers it, with its derived status.
import { directoryStatus } from "../../domain/directories";
import type { DirectoryResponse } from "../../domain/schemas/directories";
import { directories } from "../db/schema";

/** The columns a response needs (not deletedAt). */
export const directoryColumns = {
  id: directories.id,
  name: directories.name,
  url: directories.url,
  location: directories.location,
  paymentFrequencyMonths: directories.paymentFrequencyMonths,
  paymentAmount: directories.paymentAmount,
  paymentCurrency: directories.paymentCurrency,
  isOneTime: directories.isOneTime,
  isCancelled: directories.isCancelled,
  lastPaymentDate: directories.lastPaymentDate,
  nextPaymentDate: directories.nextPaymentDate,
  notes: directories.notes,
  createdAt: directories.createdAt,
};

export type DirectoryRow = {
  [K in keyof typeof directoryColumns]: (typeof directories.$inferSelect)[K];
};

export function toDirectoryResponse(row: DirectoryRow): DirectoryResponse {
  return { ...row, status: directoryStatus(row), createdAt: row.createdAt.toISOString() };
}
