// Renewals: one transaction records the renewal and moves the license's expiry (and key).
import { desc, eq, sql } from "drizzle-orm";
import { maskSecret } from "../../domain/masking";
import type { CreateRenewalRequest, RenewalResponse } from "../../domain/schemas/licenses";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db } from "../db/client";
import { licenses, renewals } from "../db/schema";
import type { Secrets } from "../lib/secrets";
import { licenseChanges } from "./license-activity";
import { storedLicenseKey } from "./license-key";
import { findLicense } from "./service";

type RenewalRow = typeof renewals.$inferSelect;

function toRenewalResponse(row: RenewalRow, secrets: Secrets): RenewalResponse {
  return {
    id: row.id,
    licenseId: row.licenseId,
    previousExpiryDate: row.previousExpiryDate,
    newExpiryDate: row.newExpiryDate,
    renewalAmount: row.renewalAmount,
    newLicenseKeyMasked: row.newLicenseKeyCiphertext
      ? maskSecret(secrets.open(row.newLicenseKeyCiphertext))
      : null,
    notes: row.notes,
    renewedByUserId: row.renewedByUserId,
    renewedAt: row.renewedAt.toISOString(),
  };
}

/**
 * The previous expiry is taken from the license row as it stood when the renewal locked it, not
 * from the request: the history then records what the date really was, even if two
 * administrators renew at the same time from stale screens.
 */
export async function createRenewal(
  db: Db,
  secrets: Secrets,
  input: CreateRenewalRequest,
  actor: ActivityActor,
): Promise<RenewalResponse> {
  return db.transaction(async (tx) => {
    const license = await findLicense(tx, input.licenseId, { lock: true });
    const [row] = await tx
      .insert(renewals)
      .values({
        licenseId: license.id,
        previousExpiryDate: license.expiryDate,
        newExpiryDate: input.newExpiryDate,
        renewalAmount: input.renewalAmount,
        newLicenseKeyCiphertext: input.newLicenseKey
          ? secrets.seal(input.newLicenseKey).ciphertext
          : null,
        notes: input.notes ?? null,
        renewedByUserId: actor.userId,
        // The clock now, after the lock, not the transaction's start (now()): a renewal that
        // waited for another to finish is dated after it, so the history is in the order applied.
        renewedAt: sql`clock_timestamp()`,
      })
      .returning();
    const [renewed] = await tx
      .update(licenses)
      .set({
        expiryDate: input.newExpiryDate,
        ...(input.newLicenseKey ? storedLicenseKey(secrets, input.newLicenseKey) : {}),
        updatedAt: new Date(),
      })
      .where(eq(licenses.id, license.id))
      .returning();
    await recordActivity(tx, actor, {
      action: "renew",
      area: "licenses",
      itemId: license.id,
      itemLabel: license.name,
      changes: licenseChanges(license, renewed!),
      detail: { renewalId: row!.id, renewalAmount: row!.renewalAmount },
    });
    return toRenewalResponse(row!, secrets);
  });
}

/** A license's renewals, newest first. */
export async function listRenewals(db: Db, secrets: Secrets, licenseId: number) {
  await findLicense(db, licenseId);
  const rows = await db
    .select()
    .from(renewals)
    .where(eq(renewals.licenseId, licenseId))
    .orderBy(desc(renewals.renewedAt), desc(renewals.id));
  return rows.map((row) => toRenewalResponse(row, secrets));
}
