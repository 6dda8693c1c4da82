// What a user holds, and letting it go when they leave: deleting or deactivating a user returns
// their hardware (available again: nobody holds it; its status is left as it was, spec part 2,
// section 4) and ends their office-account assignments, in the caller's transaction. License
// seats: a deleted user's are freed by deleteUser; a deactivated user keeps theirs, as before.
// Offboarding (server/offboarding) lists the same holdings item by item and decides each.
import { and, asc, eq, type SQL, sql } from "drizzle-orm";
import type { PgSelect, PgTable } from "drizzle-orm/pg-core";
import { ownEntry } from "../../domain/own-entry";
import type { HoldingItem, HoldingKind } from "../../domain/schemas/offboarding";
import type { UserHoldingsResponse } from "../../domain/schemas/users";
import type { Executor } from "../db/client";
import {
  accountAssignments,
  accounts,
  gsuiteAccounts,
  hardware,
  hardwareRequests,
  licenseAssignments,
  licenses,
  scimHeldOffboardings,
  trustReviews,
  type users,
} from "../db/schema";
import { lockPersonLeaving } from "./recipient-lock";

const ACCOUNT_PROVIDER_NAMES: Record<string, string> = {
  microsoft365: "Microsoft 365",
  google: "Google",
  gsuite: "G Suite",
  adobe: "Adobe",
  other: "Other",
};

const joinDetail = (...parts: (string | null | undefined)[]) =>
  parts.filter((part) => part?.trim()).join(" · ") || null;

/**
 * Everything the user holds, by kind: active license seats, hardware, active office-account
 * assignments, G Suite accounts, active trust reviews they approved (the review records the
 * approver's username) and their pending hardware requests. With `lock` (inside the offboarding's
 * transaction) every row read is locked, so nothing listed can change hands before the decisions
 * on it are carried out. The statements run in turn: a transaction is one connection.
 */
export async function listHoldings(
  db: Executor,
  person: { id: number; username: string },
  options: { lock?: boolean } = {},
): Promise<HoldingItem[]> {
  // FOR UPDATE OF the row that ties the item to the person (not the joined names).
  const lock = <Q extends PgSelect>(query: Q, of: PgTable): Q =>
    options.lock ? query.for("update", { of }) : query;
  const item = (kind: HoldingKind, id: number, label: string, detail: string | null) => ({
    kind,
    id,
    label,
    detail,
  });

  const seats = (await lock(
    db
      .select({ id: licenseAssignments.id, name: licenses.name, product: licenses.product })
      .from(licenseAssignments)
      .innerJoin(licenses, eq(licenses.id, licenseAssignments.licenseId))
      .where(and(eq(licenseAssignments.userId, person.id), eq(licenseAssignments.isActive, true)))
      .orderBy(sql`lower(${licenses.name})`, asc(licenseAssignments.id))
      .$dynamic(),
    licenseAssignments,
  )) as { id: number; name: string; product: string }[];

  const items = (await lock(
    db
      .select({ id: hardware.id, name: hardware.name, identifier: hardware.identifier })
      .from(hardware)
      .where(eq(hardware.assignedToUserId, person.id))
      .orderBy(sql`lower(${hardware.name})`, asc(hardware.id))
      .$dynamic(),
    hardware,
  )) as { id: number; name: string; identifier: string }[];

  const officeAccounts = (await lock(
    db
      .select({
        id: accountAssignments.id,
        email: accounts.email,
        provider: accounts.provider,
        deviceName: accountAssignments.deviceName,
      })
      .from(accountAssignments)
      .innerJoin(accounts, eq(accounts.id, accountAssignments.accountId))
      .where(and(eq(accountAssignments.userId, person.id), eq(accountAssignments.isActive, true)))
      .orderBy(sql`lower(${accounts.email})`, asc(accountAssignments.id))
      .$dynamic(),
    accountAssignments,
  )) as { id: number; email: string; provider: string; deviceName: string | null }[];

  const workspaceAccounts = (await lock(
    db
      .select({ id: gsuiteAccounts.id, email: gsuiteAccounts.email, plan: gsuiteAccounts.planType })
      .from(gsuiteAccounts)
      .where(eq(gsuiteAccounts.assignedToUserId, person.id))
      .orderBy(sql`lower(${gsuiteAccounts.email})`, asc(gsuiteAccounts.id))
      .$dynamic(),
    gsuiteAccounts,
  )) as { id: number; email: string; plan: string }[];

  const reviews = (await lock(
    db
      .select({ id: trustReviews.id, client: trustReviews.clientName, license: licenses.name })
      .from(trustReviews)
      .innerJoin(licenses, eq(licenses.id, trustReviews.licenseId))
      .where(
        and(
          sql`lower(${trustReviews.approvedBy}) = lower(${person.username})`,
          eq(trustReviews.approvalStatus, "approved"),
          eq(trustReviews.isActive, true),
        ),
      )
      .orderBy(sql`lower(${trustReviews.clientName})`, asc(trustReviews.id))
      .$dynamic(),
    trustReviews,
  )) as { id: number; client: string; license: string }[];

  const requests = (await lock(
    db
      .select({
        id: hardwareRequests.id,
        type: hardwareRequests.type,
        name: hardwareRequests.name,
        itemName: hardware.name,
        reason: hardwareRequests.reason,
      })
      .from(hardwareRequests)
      .leftJoin(hardware, eq(hardware.id, hardwareRequests.hardwareId))
      .where(
        and(
          eq(hardwareRequests.requestedByUserId, person.id),
          eq(hardwareRequests.status, "pending"),
        ),
      )
      .orderBy(asc(hardwareRequests.createdAt), asc(hardwareRequests.id))
      .$dynamic(),
    hardwareRequests,
  )) as {
    id: number;
    type: string;
    name: string | null;
    itemName: string | null;
    reason: string;
  }[];

  return [
    ...seats.map((row) => item("license_seat", row.id, row.name, row.product)),
    ...items.map((row) => item("hardware", row.id, row.name, row.identifier)),
    ...officeAccounts.map((row) =>
      item(
        "office_account",
        row.id,
        row.email,
        joinDetail(ownEntry(ACCOUNT_PROVIDER_NAMES, row.provider) ?? row.provider, row.deviceName),
      ),
    ),
    ...workspaceAccounts.map((row) => item("gsuite_account", row.id, row.email, row.plan)),
    ...reviews.map((row) => item("trust_review", row.id, row.client, row.license)),
    ...requests.map((row) =>
      item(
        "hardware_request",
        row.id,
        row.name ?? row.itemName ?? "Hardware request",
        joinDetail(row.type === "new" ? "New hardware" : "Existing hardware", row.reason),
      ),
    ),
  ];
}

/**
 * listHoldings' rules as counts, one correlated subquery per kind, for lists of people (the
 * dashboard's held offboardings): keep each condition in step with the query above.
 */
export function holdingCountsSql(person: typeof users): Record<HoldingKind, SQL<number>> {
  const counted = (from: SQL) => sql<number>`(select count(*)::int ${from})`;
  return {
    license_seat: counted(
      sql`from ${licenseAssignments} where ${licenseAssignments.userId} = ${person.id} and ${licenseAssignments.isActive}`,
    ),
    hardware: counted(sql`from ${hardware} where ${hardware.assignedToUserId} = ${person.id}`),
    office_account: counted(
      sql`from ${accountAssignments} where ${accountAssignments.userId} = ${person.id} and ${accountAssignments.isActive}`,
    ),
    gsuite_account: counted(
      sql`from ${gsuiteAccounts} where ${gsuiteAccounts.assignedToUserId} = ${person.id}`,
    ),
    trust_review: counted(
      sql`from ${trustReviews} where lower(${trustReviews.approvedBy}) = lower(${person.username})
        and ${trustReviews.approvalStatus} = 'approved' and ${trustReviews.isActive}`,
    ),
    hardware_request: counted(
      sql`from ${hardwareRequests} where ${hardwareRequests.requestedByUserId} = ${person.id}
        and ${hardwareRequests.status} = 'pending'`,
    ),
  };
}

/** The holdings with the counts the delete and deactivate confirmations word. */
export async function describeHoldings(
  db: Executor,
  person: { id: number; username: string },
): Promise<UserHoldingsResponse> {
  // In turn: `db` may be a transaction (one connection).
  const items = await listHoldings(db, person);
  const held = await db
    .select({ userId: scimHeldOffboardings.userId })
    .from(scimHeldOffboardings)
    .where(eq(scimHeldOffboardings.userId, person.id));
  const counted = (kind: HoldingKind) => items.filter((held) => held.kind === kind).length;
  return {
    hardware: counted("hardware"),
    officeAccounts: counted("office_account"),
    licenses: counted("license_seat"),
    items,
    offboardingHeld: held.length > 0,
  };
}

/**
 * Returns the user's hardware and ends their office-account assignments (in `tx`). The user's row
 * is locked first (recipient-lock.ts): a gift being made at the same moment either commits before
 * and is released here, or waits and then finds the user inactive or gone.
 */
export async function releaseHardwareAndAccounts(tx: Executor, userId: number) {
  await lockPersonLeaving(tx, userId);
  const items = await tx
    .update(hardware)
    .set({ assignedToUserId: null })
    .where(eq(hardware.assignedToUserId, userId))
    .returning({ id: hardware.id });
  const accounts = await tx
    .update(accountAssignments)
    .set({ isActive: false })
    .where(and(eq(accountAssignments.userId, userId), eq(accountAssignments.isActive, true)))
    .returning({ id: accountAssignments.id });
  return { hardware: items.length, officeAccounts: accounts.length };
}
