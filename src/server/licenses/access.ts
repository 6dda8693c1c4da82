// Who may see a license: administrators all of them, anyone else only a license they hold an
// active seat of (matched by user id, never by name).
import { and, eq } from "drizzle-orm";
import type { ActiveSession } from "../auth/sessions";
import type { Executor } from "../db/client";
import { licenseAssignments } from "../db/schema";

export async function holdsActiveSeat(db: Executor, licenseId: number, userId: number) {
  const [row] = await db
    .select({ id: licenseAssignments.id })
    .from(licenseAssignments)
    .where(
      and(
        eq(licenseAssignments.licenseId, licenseId),
        eq(licenseAssignments.userId, userId),
        eq(licenseAssignments.isActive, true),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function canSeeLicense(db: Executor, session: ActiveSession, licenseId: number) {
  return session.user.role === "admin" || holdsActiveSeat(db, licenseId, session.user.id);
}
