import { sql } from "drizzle-orm";
import type { GsuiteAccountResponse } from "../../domain/schemas/gsuite";
import { isUnused } from "../../domain/unused-seats";
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
  // What `unused` is worked out from (issue 33); not sent as such.
  lastSignInAt: gsuiteAccounts.lastSignInAt,
  holderSuspended: gsuiteAccounts.holderSuspended,
};

/** `unusedAfterDays`: UNUSED_AFTER_DAYS, for `unused`. */
export const toAccountResponse = (
  {
    lastSignInAt,
    holderSuspended,
    ...row
  }: {
    createdAt: Date;
    assignedToName: string | null;
    lastSignInAt: Date | null;
    holderSuspended: boolean | null;
  } & Omit<GsuiteAccountResponse, "createdAt" | "assignedToName" | "unused">,
  unusedAfterDays: number,
): GsuiteAccountResponse => ({
  ...row,
  hasPassword: Boolean(row.hasPassword),
  createdAt: row.createdAt.toISOString(),
  unused: isUnused(lastSignInAt, holderSuspended, new Date(), unusedAfterDays),
});
