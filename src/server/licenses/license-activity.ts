// What the activity log keeps of a license change: the row's fields, and the key only as set or
// changed (its sealed copy differs whenever it was sent again), never its value, mask or index.
import { changesBetween } from "../../domain/activity";
import type { licenses } from "../db/schema";

type LicenseRow = typeof licenses.$inferSelect;

function logged(row: LicenseRow | null) {
  if (!row) return null;
  const {
    licenseKeyCiphertext,
    licenseKeyMasked: _masked,
    licenseKeySearchTokens: _tokens,
    licenseKeyDigest: _digest,
    // Kept by triggers on trust_reviews (migration 0043): a trust review's change, not the license's.
    activeTrustReviews: _lent,
    // Kept by triggers on license_assignments (migration 0055): the seats' state, not an edit.
    lowSeats: _low,
    lowSeatCrossings: _crossings,
    lowSeatAlerted: _alerted,
    ...fields
  } = row;
  return { ...fields, licenseKey: licenseKeyCiphertext };
}

export const licenseChanges = (before: LicenseRow | null, after: LicenseRow | null) =>
  changesBetween(logged(before), logged(after), { secretFields: ["licenseKey"] });
