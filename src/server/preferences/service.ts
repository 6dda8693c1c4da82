// Per-user settings toggles. A user without a row has the defaults; the first change writes one.
import { eq, sql } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import {
  DEFAULT_PREFERENCES,
  type PreferencesResponse,
  type UpdatePreferencesRequest,
} from "../../domain/schemas/preferences";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db, Executor } from "../db/client";
import { userPreferences } from "../db/schema";

const columns = {
  maskLicenseKeys: userPreferences.maskLicenseKeys,
  licenseExpiryAlerts: userPreferences.licenseExpiryAlerts,
  assignmentChangeAlerts: userPreferences.assignmentChangeAlerts,
  hardwareWarrantyAlerts: userPreferences.hardwareWarrantyAlerts,
  accountRenewalAlerts: userPreferences.accountRenewalAlerts,
  paymentAlerts: userPreferences.paymentAlerts,
  reminderDigest: userPreferences.reminderDigest,
};

export async function getPreferences(db: Executor, userId: number): Promise<PreferencesResponse> {
  const [row] = await db
    .select(columns)
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return row ?? DEFAULT_PREFERENCES;
}

/**
 * Changes only the toggles named; one upsert, so two tabs saving different toggles both win. The
 * activity log gets what changed, in the same transaction.
 */
export async function updatePreferences(
  db: Db,
  actor: ActivityActor,
  userId: number,
  changes: UpdatePreferencesRequest,
): Promise<PreferencesResponse> {
  return db.transaction(async (tx) => {
    const before = await getPreferences(tx, userId);
    const [row] = await tx
      .insert(userPreferences)
      .values({ userId, ...DEFAULT_PREFERENCES, ...changes })
      .onConflictDoUpdate({
        target: userPreferences.userId,
        set: { ...changes, updatedAt: sql`now()` },
      })
      .returning(columns);
    const changed = changesBetween(before, row);
    if (changed) {
      await recordActivity(tx, actor, {
        action: "settings_change",
        area: "settings",
        itemId: userId,
        itemLabel: "Notification and security preferences",
        changes: changed,
      });
    }
    return row!;
  });
}
