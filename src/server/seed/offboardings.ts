// Demo offboarding: Tom Becker (inactive in the demo) left with his seats and his desk PC's
// office account released and his G Suite account kept for forwarding, so the Offboard
// checklist has a real record to print. Built from the rows the other seeds wrote for him.
import { and, eq } from "drizzle-orm";
import type { OffboardOutcome } from "../../domain/schemas/offboarding";
import {
  accountAssignments,
  accounts,
  gsuiteAccounts,
  licenseAssignments,
  licenses,
  offboardings,
} from "../db/schema";
import { ago, type SeedContext } from "./context";

export async function seedOffboardings(context: SeedContext) {
  const { tx } = context;
  const tom = context.person("tom");
  const admin = context.person("admin");
  const released = { action: "release" as const, toUserId: null, toUserName: null };
  const seats = await tx
    .select({ id: licenseAssignments.id, name: licenses.name, product: licenses.product })
    .from(licenseAssignments)
    .innerJoin(licenses, eq(licenses.id, licenseAssignments.licenseId))
    .where(and(eq(licenseAssignments.userId, tom.id), eq(licenseAssignments.isActive, false)))
    .orderBy(licenseAssignments.id);
  const office = await tx
    .select({
      id: accountAssignments.id,
      email: accounts.email,
      device: accountAssignments.deviceName,
    })
    .from(accountAssignments)
    .innerJoin(accounts, eq(accounts.id, accountAssignments.accountId))
    .where(and(eq(accountAssignments.userId, tom.id), eq(accountAssignments.isActive, false)))
    .orderBy(accountAssignments.id);
  const workspace = await tx
    .select({ id: gsuiteAccounts.id, email: gsuiteAccounts.email, plan: gsuiteAccounts.planType })
    .from(gsuiteAccounts)
    .where(eq(gsuiteAccounts.assignedToUserId, tom.id))
    .orderBy(gsuiteAccounts.id);
  const outcomes: OffboardOutcome[] = [
    ...seats.map((seat) => ({
      kind: "license_seat" as const,
      id: seat.id,
      label: seat.name,
      detail: seat.product,
      ...released,
    })),
    ...office.map((row) => ({
      kind: "office_account" as const,
      id: row.id,
      label: row.email,
      detail: row.device,
      ...released,
    })),
    ...workspace.map((row) => ({
      kind: "gsuite_account" as const,
      id: row.id,
      label: row.email,
      detail: row.plan,
      action: "keep" as const,
      toUserId: null,
      toUserName: null,
    })),
  ];
  await tx.insert(offboardings).values({
    userId: tom.id,
    userName: `${tom.fullName} (${tom.username})`,
    performedByUserId: admin.id,
    performedByName: `${admin.fullName} (${admin.username})`,
    outcomes,
    // When he left: his laptop came back the same day (the activity seed records both).
    createdAt: ago(context, 33, 2),
  });
}
