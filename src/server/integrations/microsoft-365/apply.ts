// Carries a Microsoft 365 plan out in the caller's transaction (the caller holds the provider's
// lease): every write is one activity record as the sync's (via 'sync'), in that transaction, so
// the rows and their history commit together or not at all. The plan is worked out again here,
// from the rows as the transaction sees them, so that what is written matches them exactly.
import { and, eq, isNull, sql } from "drizzle-orm";
import { todayIso } from "../../../domain/dates";
import { type ActivityActor, recordActivity } from "../../activity/record";
import type { Executor } from "../../db/client";
import { accountAssignments, accounts, licenseAssignments, licenses, users } from "../../db/schema";
import type { Secrets } from "../../lib/secrets";
import { storedLicenseKey } from "../../licenses/license-key";
import type { PlanOptions, SyncCounts } from "../connector";
import { usernameFor } from "../sync-users";
import type { Microsoft365Snapshot } from "./client";
import { PROVIDER, planMicrosoft365, readOurRows, seatExternalId, toSyncPlan } from "./plan";

export async function applyMicrosoft365(
  tx: Executor,
  snapshot: Microsoft365Snapshot,
  actor: ActivityActor,
  secrets: Secrets,
  now: Date,
  options: Pick<PlanOptions, "createUsers"> = { createUsers: false },
): Promise<SyncCounts> {
  const ours = await readOurRows(tx, snapshot);
  const detailed = planMicrosoft365(snapshot, ours, options);
  // Users made here, by the negative id the plan gave them.
  const madeUsers = new Map<number, number>();
  const userIdOf = (id: number) => (id < 0 ? madeUsers.get(id)! : id);
  let takenNames: Set<string> | null = null;
  const today = todayIso(undefined, now);
  const licenseIdBySku = new Map(ours.licenses.map((l) => [l.externalId, l.id]));
  const licenseNameById = new Map(ours.licenses.map((l) => [l.id, l.name]));
  const accountIdByPerson = new Map(
    ours.accounts.filter((a) => a.externalId).map((a) => [a.externalId!, a.id]),
  );
  const detail = (externalId: string) => ({ provider: PROVIDER, externalId });

  // Licenses first (seats need their ids), then accounts (assignments need theirs), then the rest.
  // What ends goes before what starts: when a person's address goes to a newcomer in the same
  // sync, the newcomer's seat is made for the user of that address, whose old seat of the same
  // license (one active seat per user and license) must have ended first.
  const order = [
    "user-create",
    "license-create",
    "license-update",
    "account-create",
    "account-update",
    "account-retire",
    "seat-retire",
    "seat-update",
    "seat-create",
    "account-unassign",
    "account-assign",
  ];
  const ops = [...detailed.ops].sort((a, b) => order.indexOf(a.op) - order.indexOf(b.op));

  for (const op of ops) {
    switch (op.op) {
      case "user-create": {
        takenNames ??= new Set(
          (await tx.select({ name: sql<string>`lower(${users.username})` }).from(users)).map(
            (row) => row.name,
          ),
        );
        // No password: the person signs in with Google or a passkey, or an administrator sets one.
        const [row] = await tx
          .insert(users)
          .values({
            username: usernameFor(op.person.email, takenNames),
            passwordHash: null,
            fullName: op.person.name,
            email: op.person.email,
            role: "user",
          })
          .returning({ id: users.id, username: users.username });
        madeUsers.set(op.user.id, row!.id);
        await recordActivity(tx, actor, {
          action: "create",
          area: "users",
          itemId: row!.id,
          itemLabel: row!.username,
          detail: detail(op.person.externalId),
        });
        break;
      }
      case "license-create": {
        const [row] = await tx
          .insert(licenses)
          .values({
            name: op.sku.skuPartNumber,
            product: "Microsoft 365",
            licenseType: "multi-user",
            status: "Active",
            totalSeats: op.sku.enabledUnits,
            // A subscription has no key: its SKU id stands in (sealed, as every key is).
            ...storedLicenseKey(secrets, op.sku.skuId),
            notes: "Found by the Microsoft 365 sync.",
            syncProvider: PROVIDER,
            externalId: op.sku.skuId,
          })
          .returning({ id: licenses.id, name: licenses.name });
        licenseIdBySku.set(op.sku.skuId, row!.id);
        licenseNameById.set(row!.id, row!.name);
        await recordActivity(tx, actor, {
          action: "create",
          area: "licenses",
          itemId: row!.id,
          itemLabel: row!.name,
          detail: detail(op.sku.skuId),
        });
        break;
      }
      case "license-update": {
        await tx.update(licenses).set(op.set).where(eq(licenses.id, op.id));
        await recordActivity(tx, actor, {
          action: "update",
          area: "licenses",
          itemId: op.id,
          itemLabel: op.item.label,
          changes: changesOf(op.item.changes),
          detail: detail(op.item.externalId),
        });
        break;
      }
      case "seat-create": {
        const licenseId = licenseIdBySku.get(op.skuId)!;
        const values = {
          syncProvider: PROVIDER,
          externalId: seatExternalId(op.person.externalId, op.skuId),
          lastSignInAt: op.person.lastSignInAt,
          holderSuspended: !op.person.enabled,
        };
        // A seat someone typed by hand for the same person is adopted, not doubled.
        const [handMade] = await tx
          .update(licenseAssignments)
          .set(values)
          .where(
            and(
              eq(licenseAssignments.licenseId, licenseId),
              eq(licenseAssignments.userId, userIdOf(op.user.id)),
              eq(licenseAssignments.isActive, true),
              isNull(licenseAssignments.syncProvider),
            ),
          )
          .returning({ id: licenseAssignments.id });
        if (!handMade) {
          await tx.insert(licenseAssignments).values({
            licenseId,
            userId: userIdOf(op.user.id),
            assignedTo: op.user.label,
            assignedDate: today,
            isActive: true,
            ...values,
          });
        }
        await recordActivity(tx, actor, {
          action: "assign",
          area: "licenses",
          itemId: licenseId,
          itemLabel: licenseNameById.get(licenseId) ?? null,
          detail: {
            ...detail(values.externalId),
            userId: userIdOf(op.user.id),
            assignedTo: op.user.label,
          },
        });
        break;
      }
      case "seat-update":
      case "seat-retire": {
        const set =
          op.op === "seat-retire"
            ? { isActive: false, deactivatedAt: now }
            : {
                ...op.set,
                ...(op.set.userId !== undefined ? { userId: userIdOf(op.set.userId) } : {}),
                ...(op.set.isActive ? { deactivatedAt: null } : {}),
              };
        const [row] = await tx
          .update(licenseAssignments)
          .set(set)
          .where(eq(licenseAssignments.id, op.id))
          .returning({
            licenseId: licenseAssignments.licenseId,
            userId: licenseAssignments.userId,
          });
        const reactivated = op.op === "seat-update" && op.set.isActive === true;
        await recordActivity(tx, actor, {
          action: op.op === "seat-retire" ? "unassign" : reactivated ? "assign" : "update",
          area: "licenses",
          itemId: row!.licenseId,
          itemLabel: licenseNameById.get(row!.licenseId) ?? null,
          changes: changesOf(op.item.changes),
          detail: { ...detail(op.item.externalId), userId: row!.userId, seat: op.item.label },
        });
        break;
      }
      case "account-create": {
        const [row] = await tx
          .insert(accounts)
          .values({
            email: op.person.email,
            passwordCiphertext: null,
            provider: "microsoft365",
            status: op.person.enabled ? "active" : "inactive",
            notes: "Found by the Microsoft 365 sync.",
            syncProvider: PROVIDER,
            externalId: op.person.externalId,
            lastSignInAt: op.person.lastSignInAt,
            holderSuspended: !op.person.enabled,
          })
          .returning({ id: accounts.id });
        accountIdByPerson.set(op.person.externalId, row!.id);
        await recordActivity(tx, actor, {
          action: "create",
          area: "office_accounts",
          itemId: row!.id,
          itemLabel: op.person.email,
          detail: detail(op.person.externalId),
        });
        break;
      }
      case "account-update":
      case "account-retire": {
        const set =
          op.op === "account-retire"
            ? { status: "inactive" as const }
            : {
                ...op.set,
                status: op.set.status as "active" | "inactive" | undefined,
                ...(op.set.externalId ? { syncProvider: PROVIDER } : {}),
              };
        await tx.update(accounts).set(set).where(eq(accounts.id, op.id));
        if (op.op === "account-update" && op.set.externalId) {
          accountIdByPerson.set(op.set.externalId, op.id);
        }
        await recordActivity(tx, actor, {
          action: "update",
          area: "office_accounts",
          itemId: op.id,
          itemLabel: op.item.label,
          changes: changesOf(op.item.changes),
          detail: detail(op.item.externalId),
        });
        break;
      }
      case "account-assign": {
        const accountId = accountIdByPerson.get(op.person.externalId)!;
        const values = {
          accountId,
          userId: userIdOf(op.user.id),
          assignedTo: op.user.label,
          isActive: true,
        };
        if (op.reuse !== null) {
          await tx
            .update(accountAssignments)
            .set(values)
            .where(eq(accountAssignments.id, op.reuse));
        } else {
          await tx.insert(accountAssignments).values({
            ...values,
            assignedDate: today,
            syncProvider: PROVIDER,
            externalId: op.person.externalId,
          });
        }
        await recordActivity(tx, actor, {
          action: "assign",
          area: "office_accounts",
          itemId: accountId,
          itemLabel: op.person.email,
          detail: { ...detail(op.person.externalId), userId: userIdOf(op.user.id) },
        });
        break;
      }
      case "account-unassign": {
        const [row] = await tx
          .update(accountAssignments)
          .set({ isActive: false })
          .where(eq(accountAssignments.id, op.id))
          .returning({
            accountId: accountAssignments.accountId,
            userId: accountAssignments.userId,
          });
        await recordActivity(tx, actor, {
          action: "unassign",
          area: "office_accounts",
          itemId: row!.accountId,
          itemLabel: op.item.label,
          detail: { ...detail(op.item.externalId), userId: row!.userId },
        });
        break;
      }
    }
  }
  const plan = toSyncPlan(detailed);
  return {
    created: plan.creates.length,
    changed: plan.changes.length,
    retired: plan.retirements.length,
    unmatched: plan.unmatchedPeople.length,
  };
}

/** A plan item's changes in the activity log's shape. */
function changesOf(changes: Record<string, [unknown, unknown]> | undefined) {
  if (!changes) return null;
  return Object.fromEntries(
    Object.entries(changes).map(([field, [before, after]]) => [field, { before, after }]),
  );
}
