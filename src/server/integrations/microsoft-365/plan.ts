// What a Microsoft 365 sync would do (issue 33, decisions 0054 and 0056), worked out from what
// Graph said (client.ts) and our rows, by a pure function (planMicrosoft365) over rows read here:
//
// - each subscribed SKU is a license (external id: the SKU id); the provider owns its seats
//   (prepaidUnits.enabled) and whether it is still subscribed. Its name, costs, dates and notes
//   are people's: set once when the license is created, never overwritten;
// - each SKU a person holds is a seat on that license, when a user has the person's e-mail
//   (external id: '<graph user id>:<sku id>'); it carries the last sign-in and whether the
//   holder is disabled, which unused seats are judged from;
// - each licensed person is an office account (provider microsoft365, external id: the graph
//   user id), active while the person is enabled; a hand-made account with the same address is
//   adopted (its password, payment and notes kept), and assigned to the matched user;
// - what the provider no longer has is retired (a license 'Inactive', a seat or an account
//   assignment ended, an account 'inactive'), never deleted; it comes back if it reappears;
// - licensed people no user matches are listed, nothing is made for them but their account.
//
// A second plan over the rows the first one's sync wrote is empty.
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { accountAssignments, accounts, licenseAssignments, licenses, users } from "../../db/schema";
import type { PlanItem, PlanOptions, SyncPlan } from "../connector";
import type { GraphPerson, GraphSku, Microsoft365Snapshot } from "./client";

export const PROVIDER = "microsoft-365" as const;

export interface OurLicense {
  id: number;
  externalId: string;
  name: string;
  totalSeats: number;
  status: string;
}
export interface OurSeat {
  id: number;
  externalId: string;
  licenseId: number;
  userId: number | null;
  isActive: boolean;
  lastSignInAt: Date | null;
  holderSuspended: boolean | null;
}
export interface OurAccount {
  id: number;
  email: string;
  /** Null on a hand-made account this sync would adopt. */
  externalId: string | null;
  status: string;
  lastSignInAt: Date | null;
  holderSuspended: boolean | null;
}
export interface OurAccountAssignment {
  id: number;
  externalId: string;
  accountId: number;
  userId: number | null;
  isActive: boolean;
}
export interface OurUser {
  id: number;
  email: string;
  label: string;
}

export interface OurRows {
  licenses: OurLicense[];
  seats: OurSeat[];
  accounts: OurAccount[];
  accountAssignments: OurAccountAssignment[];
  /** Active users with an e-mail, lower-cased. */
  users: OurUser[];
  /** People's addresses (lower-cased) that an account another provider's sync owns already has. */
  emailsOfOtherSyncs: Set<string>;
}

/** One write the sync makes, with what the preview shows of it. */
export type SyncOp =
  | { op: "license-create"; item: PlanItem; sku: GraphSku }
  | {
      op: "license-update";
      item: PlanItem;
      id: number;
      set: Partial<{ totalSeats: number; status: string }>;
    }
  | { op: "seat-create"; item: PlanItem; skuId: string; person: GraphPerson; user: OurUser }
  | {
      op: "seat-update";
      item: PlanItem;
      id: number;
      set: Partial<{
        isActive: boolean;
        lastSignInAt: Date | null;
        holderSuspended: boolean;
        userId: number;
        assignedTo: string;
      }>;
    }
  | { op: "seat-retire"; item: PlanItem; id: number }
  | { op: "account-create"; item: PlanItem; person: GraphPerson }
  | {
      op: "account-update";
      item: PlanItem;
      id: number;
      set: Partial<{
        externalId: string;
        email: string;
        status: string;
        lastSignInAt: Date | null;
        holderSuspended: boolean;
      }>;
    }
  | { op: "account-retire"; item: PlanItem; id: number }
  | {
      op: "account-assign";
      item: PlanItem;
      person: GraphPerson;
      user: OurUser;
      reuse: number | null;
    }
  | { op: "account-unassign"; item: PlanItem; id: number }
  | { op: "user-create"; item: PlanItem; person: GraphPerson; user: OurUser };

export interface DetailedPlan {
  ops: SyncOp[];
  unmatched: { email: string; name: string | null }[];
}

export const seatExternalId = (personId: string, skuId: string) => `${personId}:${skuId}`;

const sameTime = (a: Date | null, b: Date | null) =>
  (a?.getTime() ?? null) === (b?.getTime() ?? null);
const iso = (d: Date | null) => d?.toISOString() ?? null;

/** The plan, from the snapshot and our rows alone. */
export function planMicrosoft365(
  snapshot: Microsoft365Snapshot,
  ours: OurRows,
  options: Pick<PlanOptions, "createUsers"> = { createUsers: false },
): DetailedPlan {
  const ops: SyncOp[] = [];
  // A SKU Microsoft lists as deleted is gone for the sync's purposes.
  const skus = snapshot.skus.filter((sku) => sku.capabilityStatus !== "Deleted");
  const skuById = new Map(skus.map((sku) => [sku.skuId, sku]));
  const skuName = (skuId: string) =>
    ours.licenses.find((l) => l.externalId === skuId)?.name ??
    skuById.get(skuId)?.skuPartNumber ??
    skuId;
  const userByEmail = new Map(ours.users.map((user) => [user.email, user]));
  // INTEGRATIONS_CREATE_USERS: each licensed person no user matches gets one, made first; until
  // then the plan names it by a negative id (apply.ts swaps in the real one).
  if (options.createUsers) {
    const skuIds = new Set(skus.map((sku) => sku.skuId));
    for (const person of snapshot.people) {
      if (userByEmail.has(person.email) || !person.skuIds.some((id) => skuIds.has(id))) continue;
      const user = {
        id: -(ops.length + 1),
        email: person.email,
        label: person.name ?? person.email,
      };
      userByEmail.set(person.email, user);
      ops.push({
        op: "user-create",
        person,
        user,
        item: { kind: "user", externalId: person.externalId, label: person.email },
      });
    }
  }

  // Licenses.
  const licenseBySku = new Map(ours.licenses.map((l) => [l.externalId, l]));
  for (const sku of skus) {
    const ours_ = licenseBySku.get(sku.skuId);
    if (!ours_) {
      ops.push({
        op: "license-create",
        sku,
        item: {
          kind: "license",
          externalId: sku.skuId,
          label: `${sku.skuPartNumber} (${sku.enabledUnits} seats)`,
        },
      });
      continue;
    }
    const set: Partial<{ totalSeats: number; status: string }> = {};
    const changes: Record<string, [unknown, unknown]> = {};
    if (ours_.totalSeats !== sku.enabledUnits) {
      set.totalSeats = sku.enabledUnits;
      changes.totalSeats = [ours_.totalSeats, sku.enabledUnits];
    }
    if (ours_.status === RETIRED_LICENSE_STATUS) {
      set.status = "Active";
      changes.status = [ours_.status, "Active"];
    }
    if (Object.keys(set).length > 0) {
      ops.push({
        op: "license-update",
        id: ours_.id,
        set,
        item: {
          kind: "license",
          externalId: sku.skuId,
          label: ours_.name,
          rowId: ours_.id,
          changes,
        },
      });
    }
  }
  for (const license of ours.licenses) {
    if (!skuById.has(license.externalId) && license.status !== RETIRED_LICENSE_STATUS) {
      ops.push({
        op: "license-update",
        id: license.id,
        set: { status: RETIRED_LICENSE_STATUS },
        item: {
          kind: "license",
          externalId: license.externalId,
          label: license.name,
          rowId: license.id,
          changes: { status: [license.status, RETIRED_LICENSE_STATUS] },
        },
      });
    }
  }

  // Seats: one per matched person and SKU held.
  const seatByExternal = new Map(ours.seats.map((s) => [s.externalId, s]));
  const wantedSeats = new Set<string>();
  const unmatched: { email: string; name: string | null }[] = [];
  for (const person of snapshot.people) {
    const held = person.skuIds.filter((skuId) => skuById.has(skuId));
    if (held.length === 0) continue;
    const user = userByEmail.get(person.email);
    if (!user) {
      unmatched.push({ email: person.email, name: person.name });
      continue;
    }
    for (const skuId of held) {
      const externalId = seatExternalId(person.externalId, skuId);
      wantedSeats.add(externalId);
      const label = `${person.email} on ${skuName(skuId)}`;
      const seat = seatByExternal.get(externalId);
      if (!seat) {
        ops.push({
          op: "seat-create",
          skuId,
          person,
          user,
          item: { kind: "seat", externalId, label },
        });
        continue;
      }
      const set: Extract<SyncOp, { op: "seat-update" }>["set"] = {};
      const changes: Record<string, [unknown, unknown]> = {};
      // The person's address now belongs to another user (renamed at Microsoft): the seat follows.
      if (seat.userId !== user.id) {
        set.userId = user.id;
        set.assignedTo = user.label;
        changes.userId = [seat.userId, user.id];
      }
      if (!seat.isActive) {
        set.isActive = true;
        changes.isActive = [false, true];
      }
      if (person.signInKnown && !sameTime(seat.lastSignInAt, person.lastSignInAt)) {
        set.lastSignInAt = person.lastSignInAt;
        changes.lastSignInAt = [iso(seat.lastSignInAt), iso(person.lastSignInAt)];
      }
      if (seat.holderSuspended !== !person.enabled) {
        set.holderSuspended = !person.enabled;
        changes.holderSuspended = [seat.holderSuspended, !person.enabled];
      }
      if (Object.keys(set).length > 0) {
        ops.push({
          op: "seat-update",
          id: seat.id,
          set,
          item: { kind: "seat", externalId, label, rowId: seat.id, changes },
        });
      }
    }
  }
  for (const seat of ours.seats) {
    if (seat.isActive && !wantedSeats.has(seat.externalId)) {
      const [personId, skuId] = seat.externalId.split(":");
      const person = snapshot.people.find((p) => p.externalId === personId);
      ops.push({
        op: "seat-retire",
        id: seat.id,
        item: {
          kind: "seat",
          externalId: seat.externalId,
          label: `${person?.email ?? "a person no longer in Microsoft 365"} on ${skuName(skuId ?? "")}`,
          rowId: seat.id,
        },
      });
    }
  }

  // Office accounts: one per licensed person; a hand-made one with the address is adopted.
  const accountByExternal = new Map(
    ours.accounts.filter((a) => a.externalId).map((a) => [a.externalId!, a]),
  );
  const accountByEmail = new Map(ours.accounts.map((a) => [a.email.toLowerCase(), a]));
  const assignmentByExternal = new Map(ours.accountAssignments.map((a) => [a.externalId, a]));
  const wantedAccounts = new Set<string>();
  const wantedAccountAssignments = new Set<string>();
  for (const person of snapshot.people) {
    if (!person.skuIds.some((skuId) => skuById.has(skuId))) continue;
    wantedAccounts.add(person.externalId);
    const status = person.enabled ? "active" : "inactive";
    const account =
      accountByExternal.get(person.externalId) ??
      (() => {
        const byEmail = accountByEmail.get(person.email);
        return byEmail && byEmail.externalId === null ? byEmail : undefined;
      })();
    // Addresses are unique among accounts: one another sync owns is left to it, and one still on
    // another person's account (renamed away in this same sync, which updates after it creates)
    // waits for the next sync, by when it is free.
    if (!account && (ours.emailsOfOtherSyncs.has(person.email) || accountByEmail.has(person.email)))
      continue;
    if (!account) {
      ops.push({
        op: "account-create",
        person,
        item: { kind: "office-account", externalId: person.externalId, label: person.email },
      });
    } else {
      const set: Partial<{
        externalId: string;
        email: string;
        status: string;
        lastSignInAt: Date | null;
        holderSuspended: boolean;
      }> = {};
      const changes: Record<string, [unknown, unknown]> = {};
      if (account.externalId === null) {
        set.externalId = person.externalId;
        changes.syncedFrom = [null, "Microsoft 365"];
      }
      // Renamed at Microsoft: the account follows the person's address, unless another account
      // (ours or another sync's) has it, as addresses are unique among accounts; then it keeps
      // its old one until the other lets the address go.
      if (
        account.email.toLowerCase() !== person.email &&
        !accountByEmail.has(person.email) &&
        !ours.emailsOfOtherSyncs.has(person.email)
      ) {
        set.email = person.email;
        changes.email = [account.email, person.email];
      }
      if (account.status !== status) {
        set.status = status;
        changes.status = [account.status, status];
      }
      if (person.signInKnown && !sameTime(account.lastSignInAt, person.lastSignInAt)) {
        set.lastSignInAt = person.lastSignInAt;
        changes.lastSignInAt = [iso(account.lastSignInAt), iso(person.lastSignInAt)];
      }
      if (account.holderSuspended !== !person.enabled) {
        set.holderSuspended = !person.enabled;
        changes.holderSuspended = [account.holderSuspended, !person.enabled];
      }
      if (Object.keys(set).length > 0) {
        ops.push({
          op: "account-update",
          id: account.id,
          set,
          item: {
            kind: "office-account",
            externalId: person.externalId,
            label: person.email,
            rowId: account.id,
            changes,
          },
        });
      }
    }
    const user = userByEmail.get(person.email);
    if (!user) continue;
    const externalId = person.externalId;
    const assignment = assignmentByExternal.get(externalId);
    wantedAccountAssignments.add(externalId);
    if (assignment?.isActive && assignment.userId === user.id) continue;
    ops.push({
      op: "account-assign",
      person,
      user,
      reuse: assignment?.id ?? null,
      item: {
        kind: "office-account",
        externalId,
        label: `${person.email} assigned to ${user.label}`,
        ...(assignment ? { rowId: assignment.id } : {}),
      },
    });
  }
  for (const account of ours.accounts) {
    if (
      account.externalId &&
      !wantedAccounts.has(account.externalId) &&
      account.status !== "inactive"
    ) {
      ops.push({
        op: "account-retire",
        id: account.id,
        item: {
          kind: "office-account",
          externalId: account.externalId,
          label: account.email,
          rowId: account.id,
          changes: { status: [account.status, "inactive"] },
        },
      });
    }
  }
  for (const assignment of ours.accountAssignments) {
    if (assignment.isActive && !wantedAccountAssignments.has(assignment.externalId)) {
      const account = ours.accounts.find((a) => a.id === assignment.accountId);
      ops.push({
        op: "account-unassign",
        id: assignment.id,
        item: {
          kind: "office-account",
          externalId: assignment.externalId,
          label: `${account?.email ?? "office account"} unassigned`,
          rowId: assignment.id,
        },
      });
    }
  }

  return { ops, unmatched };
}

/** What a license Microsoft no longer lists is set to; it is never deleted. */
export const RETIRED_LICENSE_STATUS = "Inactive";

/** The preview's shape of a detailed plan. */
export function toSyncPlan(detailed: DetailedPlan): SyncPlan {
  const creates: PlanItem[] = [];
  const changes: PlanItem[] = [];
  const retirements: PlanItem[] = [];
  for (const op of detailed.ops) {
    if (op.op.endsWith("-create") || (op.op === "account-assign" && op.reuse === null)) {
      creates.push(op.item);
    } else if (
      op.op.endsWith("-retire") ||
      op.op === "account-unassign" ||
      (op.op === "license-update" && op.set.status === RETIRED_LICENSE_STATUS)
    ) {
      retirements.push(op.item);
    } else {
      changes.push(op.item);
    }
  }
  return { provider: PROVIDER, creates, changes, retirements, unmatchedPeople: detailed.unmatched };
}

/** Our rows a Microsoft 365 plan is made against. */
export async function readOurRows(db: Executor, snapshot: Microsoft365Snapshot): Promise<OurRows> {
  const emails = [...new Set(snapshot.people.map((p) => p.email))];
  // One query after another: a transaction's connection answers one at a time.
  const licenseRows = await db
    .select({
      id: licenses.id,
      externalId: licenses.externalId,
      name: licenses.name,
      totalSeats: licenses.totalSeats,
      status: licenses.status,
    })
    .from(licenses)
    .where(eq(licenses.syncProvider, PROVIDER));
  const seatRows = await db
    .select({
      id: licenseAssignments.id,
      externalId: licenseAssignments.externalId,
      licenseId: licenseAssignments.licenseId,
      userId: licenseAssignments.userId,
      isActive: licenseAssignments.isActive,
      lastSignInAt: licenseAssignments.lastSignInAt,
      holderSuspended: licenseAssignments.holderSuspended,
    })
    .from(licenseAssignments)
    .where(eq(licenseAssignments.syncProvider, PROVIDER));
  // The synced accounts, and the hand-made ones a licensed person's address could adopt.
  const accountRows = await db
    .select({
      id: accounts.id,
      email: accounts.email,
      externalId: accounts.externalId,
      status: accounts.status,
      lastSignInAt: accounts.lastSignInAt,
      holderSuspended: accounts.holderSuspended,
    })
    .from(accounts)
    .where(
      emails.length === 0
        ? eq(accounts.syncProvider, PROVIDER)
        : or(
            eq(accounts.syncProvider, PROVIDER),
            and(isNull(accounts.syncProvider), inArray(sql`lower(${accounts.email})`, emails)),
          ),
    );
  const otherSyncs =
    emails.length === 0
      ? []
      : await db
          .select({ email: sql<string>`lower(${accounts.email})` })
          .from(accounts)
          .where(
            and(
              sql`${accounts.syncProvider} <> ${PROVIDER}`,
              inArray(sql`lower(${accounts.email})`, emails),
            ),
          );
  const assignmentRows = await db
    .select({
      id: accountAssignments.id,
      externalId: accountAssignments.externalId,
      accountId: accountAssignments.accountId,
      userId: accountAssignments.userId,
      isActive: accountAssignments.isActive,
    })
    .from(accountAssignments)
    .where(eq(accountAssignments.syncProvider, PROVIDER));
  const userRows = await db
    .select({
      id: users.id,
      email: users.email,
      username: users.username,
      fullName: users.fullName,
    })
    .from(users)
    .where(and(eq(users.isActive, true), sql`${users.email} is not null`));
  const byEmail = new Map<string, OurUser>();
  for (const user of userRows.sort((a, b) => a.id - b.id)) {
    const email = user.email!.trim().toLowerCase();
    // Two users with one address: the first keeps it (the older user).
    if (!byEmail.has(email)) {
      byEmail.set(email, { id: user.id, email, label: user.fullName?.trim() || user.username });
    }
  }
  return {
    licenses: licenseRows.map((l) => ({ ...l, externalId: l.externalId! })),
    seats: seatRows.map((s) => ({ ...s, externalId: s.externalId! })),
    accounts: accountRows.map((a) => ({ ...a, externalId: a.externalId ?? null })),
    accountAssignments: assignmentRows.map((a) => ({ ...a, externalId: a.externalId! })),
    users: [...byEmail.values()],
    emailsOfOtherSyncs: new Set(otherSyncs.map((row) => row.email)),
  };
}
