// What a user holds, and letting it go when they leave: deleting or deactivating a user returns
// their hardware (available again: nobody holds it; its status is left as it was, spec part 2,
// section 4) and ends their office-account assignments, in the caller's transaction. License
// seats: a deleted user's are freed by deleteUser; a deactivated user keeps theirs, as before.
// Offboarding (server/offboarding) lists the same holdings item by item and decides each.
import { type AnyColumn, and, asc, eq, type SQL, sql } from "drizzle-orm";
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

/** Whose a holding is: a person's id and username, as values or as the columns of a list of people. */
interface Holder {
  id: number | AnyColumn;
  username: string | AnyColumn;
}

/**
 * What ties each kind of item to the person holding it: the one place these rules are written,
 * for the list of one person's holdings and for the counts of a list of people.
 */
const heldBy = (person: Holder): Record<HoldingKind, SQL | undefined> => ({
  license_seat: and(
    eq(licenseAssignments.userId, person.id),
    eq(licenseAssignments.isActive, true),
  ),
  hardware: eq(hardware.assignedToUserId, person.id),
  office_account: and(
    eq(accountAssignments.userId, person.id),
    eq(accountAssignments.isActive, true),
  ),
  gsuite_account: eq(gsuiteAccounts.assignedToUserId, person.id),
  trust_review: and(
    sql`lower(${trustReviews.approvedBy}) = lower(${person.username})`,
    eq(trustReviews.approvalStatus, "approved"),
    eq(trustReviews.isActive, true),
  ),
  hardware_request: and(
    eq(hardwareRequests.requestedByUserId, person.id),
    eq(hardwareRequests.status, "pending"),
  ),
});

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
  const held = heldBy(person);
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
      .where(held.license_seat)
      .orderBy(sql`lower(${licenses.name})`, asc(licenseAssignments.id))
      .$dynamic(),
    licenseAssignments,
  )) as { id: number; name: string; product: string }[];

  const items = (await lock(
    db
      .select({ id: hardware.id, name: hardware.name, identifier: hardware.identifier })
      .from(hardware)
      .where(held.hardware)
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
      .where(held.office_account)
      .orderBy(sql`lower(${accounts.email})`, asc(accountAssignments.id))
      .$dynamic(),
    accountAssignments,
  )) as { id: number; email: string; provider: string; deviceName: string | null }[];

  const workspaceAccounts = (await lock(
    db
      .select({ id: gsuiteAccounts.id, email: gsuiteAccounts.email, plan: gsuiteAccounts.planType })
      .from(gsuiteAccounts)
      .where(held.gsuite_account)
      .orderBy(sql`lower(${gsuiteAccounts.email})`, asc(gsuiteAccounts.id))
      .$dynamic(),
    gsuiteAccounts,
  )) as { id: number; email: string; plan: string }[];

  const reviews = (await lock(
    db
      .select({ id: trustReviews.id, client: trustReviews.clientName, license: licenses.name })
      .from(trustReviews)
      .innerJoin(licenses, eq(licenses.id, trustReviews.licenseId))
      .where(held.trust_review)
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
      .where(held.hardware_request)
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

/** listHoldings' rules as counts, one correlated subquery per kind, for lists of people. */
export function holdingCountsSql(person: typeof users): Record<HoldingKind, SQL<number>> {
  const held = heldBy(person);
  const counted = (table: PgTable, where: SQL | undefined) =>
    sql<number>`(select count(*)::int from ${table} where ${where})`;
  return {
    license_seat: counted(licenseAssignments, held.license_seat),
    hardware: counted(hardware, held.hardware),
    office_account: counted(accountAssignments, held.office_account),
    gsuite_account: counted(gsuiteAccounts, held.gsuite_account),
    trust_review: counted(trustReviews, held.trust_review),
    hardware_request: counted(hardwareRequests, held.hardware_request),
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
