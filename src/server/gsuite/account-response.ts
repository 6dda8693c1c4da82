import { sql } from "drizzle-orm";
import type { GsuiteAccountResponse } from "../../domain/schemas/gsuite";
import { gsuiteAccounts, users } from "../db/schema";

/**
 * What lists and writes select of an account: every column but the password's ciphertext (only
 * whether there is one), and the holder's display name from a join on users.
 */
export const accountColumns = {
  id: gsuiteAccounts.id,
  email: gsuiteAccounts.email,
  hasPassword: sql<boolean>`(${gsuiteAccounts.passwordCiphertext} is not null)`.mapWith(Boolean),
  organization: gsuiteAccounts.organization,
  organizationId: gsuiteAccounts.organizationId,
  planType: gsuiteAccounts.planType,
  planId: gsuiteAccounts.planId,
  price: gsuiteAccounts.price,
  paymentCurrency: gsuiteAccounts.paymentCurrency,
  paymentFrequency: gsuiteAccounts.paymentFrequency,
  assignedToUserId: gsuiteAccounts.assignedToUserId,
  assignedToName: sql<
    string | null
  >`coalesce(nullif(trim(${users.fullName}), ''), ${users.username})`,
  notes: gsuiteAccounts.notes,
  status: gsuiteAccounts.status,
  createdAt: gsuiteAccounts.createdAt,
};

export const toAccountResponse = (
  row: {
    createdAt: Date;
    assignedToName: string | null;
  } & Omit<GsuiteAccountResponse, "createdAt" | "assignedToName">,
): GsuiteAccountResponse => ({
  ...row,
  hasPassword: Boolean(row.hasPassword),
  createdAt: row.createdAt.toISOString(),
});
