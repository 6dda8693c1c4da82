// Per-user settings toggles. A user without a row has the defaults; the first change writes one.
import { eq, sql } from "drizzle-orm";
import {
  DEFAULT_PREFERENCES,
  type PreferencesResponse,
  type UpdatePreferencesRequest,
} from "../../domain/schemas/preferences";
import type { Executor } from "../db/client";
import { userPreferences } from "../db/schema";

const columns = {
  maskLicenseKeys: userPreferences.maskLicenseKeys,
  licenseExpiryAlerts: userPreferences.licenseExpiryAlerts,
  assignmentChangeAlerts: userPreferences.assignmentChangeAlerts,
};

export async function getPreferences(db: Executor, userId: number): Promise<PreferencesResponse> {
  const [row] = await db
    .select(columns)
    .from(userPreferences)
    .where(eq(userPreferences.userId, userId))
    .limit(1);
  return row ?? DEFAULT_PREFERENCES;
}

/** Changes only the toggles named; one statement, so two tabs saving different toggles both win. */
export async function updatePreferences(
  db: Executor,
  userId: number,
  changes: UpdatePreferencesRequest,
): Promise<PreferencesResponse> {
  const [row] = await db
    .insert(userPreferences)
    .values({ userId, ...DEFAULT_PREFERENCES, ...changes })
    .onConflictDoUpdate({
      target: userPreferences.userId,
      set: { ...changes, updatedAt: sql`now()` },
    })
    .returning(columns);
  return row!;
}
