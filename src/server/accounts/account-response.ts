// Row → response mappers of the Office Accounts area. The list columns leave the password's
// ciphertext out, so it is never even read for a list.
import type {
  AccountAssignmentResponse,
  AccountResponse,
  AccountUser,
} from "../../domain/schemas/accounts";
import { type accountAssignments, accounts } from "../db/schema";

export const accountListColumns = {
  id: accounts.id,
  email: accounts.email,
  provider: accounts.provider,
  status: accounts.status,
  paymentMethod: accounts.paymentMethod,
  paymentDetails: accounts.paymentDetails,
  renewalDate: accounts.renewalDate,
  paymentAmount: accounts.paymentAmount,
  paymentCurrency: accounts.paymentCurrency,
  notes: accounts.notes,
  createdAt: accounts.createdAt,
};

export type AccountListRow = {
  [K in keyof typeof accountListColumns]: (typeof accounts.$inferSelect)[K];
};

export const toAccountResponse = (row: AccountListRow, users: AccountUser[]): AccountResponse => ({
  id: row.id,
  email: row.email,
  provider: row.provider,
  status: row.status,
  paymentMethod: row.paymentMethod,
  paymentDetails: row.paymentDetails,
  renewalDate: row.renewalDate,
  paymentAmount: row.paymentAmount,
  paymentCurrency: row.paymentCurrency,
  notes: row.notes,
  userCount: users.length,
  users,
  createdAt: row.createdAt.toISOString(),
});

type AssignmentRow = typeof accountAssignments.$inferSelect;

export const toAccountAssignmentResponse = (
  row: AssignmentRow,
  account: Pick<typeof accounts.$inferSelect, "email" | "provider" | "status">,
): AccountAssignmentResponse => ({
  id: row.id,
  accountId: row.accountId,
  accountEmail: account.email,
  accountProvider: account.provider,
  accountStatus: account.status,
  deviceName: row.deviceName,
  userId: row.userId,
  assignedTo: row.assignedTo,
  isActive: row.isActive,
  notes: row.notes,
  assignedDate: row.assignedDate,
  createdAt: row.createdAt.toISOString(),
});
