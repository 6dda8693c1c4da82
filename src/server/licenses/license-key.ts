// A license key at rest and in search, through the secrets helper: sealed (AES-256-GCM), masked
// for lists, and blind-indexed so the list's key-fragment search runs in SQL instead of
// decrypting every visible key.
import { and, asc, eq, gt, isNull, type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../db/client";
import { idIn } from "../db/id-list";
import { licenses } from "../db/schema";
import { normaliseForSearch, type Secrets } from "../lib/secrets";

/** The columns that store a license key. */
export function storedLicenseKey(secrets: Secrets, licenseKey: string) {
  const sealed = secrets.seal(licenseKey);
  return {
    licenseKeyCiphertext: sealed.ciphertext,
    licenseKeyMasked: sealed.masked,
    licenseKeySearchTokens: secrets.index("license-key").tokensOf(licenseKey),
  };
}

/**
 * Licenses (among those `visible` allows) whose key contains `fragment`, ignoring case: the
 * answer the list gave when it decrypted every visible key, from the index. Fragments longer
 * than the indexed pieces can over-match, so those candidates alone are opened and compared, in
 * memory; the keys never leave this function. Undefined when no key matches.
 */
export async function keyContains(
  db: Executor,
  secrets: Secrets,
  visible: { where: SQL | undefined; values: Record<string, unknown> },
  fragment: string,
): Promise<SQL | undefined> {
  const query = secrets.index("license-key").queryOf(fragment);
  const holdsPieces = sql`${licenses.licenseKeySearchTokens} @> ${sql.param(query.tokens)}::text[]`;
  if (query.exact) return holdsPieces;

  const needle = normaliseForSearch(fragment);
  const candidates = await db
    .select({ id: licenses.id, ciphertext: licenses.licenseKeyCiphertext })
    .from(licenses)
    .where(and(visible.where, holdsPieces))
    .execute(visible.values);
  const ids = candidates
    .filter((row) => normaliseForSearch(secrets.open(row.ciphertext)).includes(needle))
    .map((row) => row.id);
  if (ids.length === 0) return undefined;
  // One array parameter, not one per id: PostgreSQL refuses more than 65,535 parameters.
  return idIn(licenses.id, ids);
}

/**
 * Indexes the keys of licenses stored before the blind index existed (run at start). A key
 * that cannot be opened (a different ENCRYPTION_KEY) is left unindexed and counted, not fatal:
 * the server still starts, and that key is simply not found by search.
 */
export async function indexUnindexedLicenseKeys(db: Db, secrets: Secrets, batchSize = 500) {
  const index = secrets.index("license-key");
  let indexed = 0;
  let unreadable = 0;
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ id: licenses.id, ciphertext: licenses.licenseKeyCiphertext })
      .from(licenses)
      .where(and(isNull(licenses.licenseKeySearchTokens), gt(licenses.id, afterId)))
      .orderBy(asc(licenses.id))
      .limit(batchSize);
    if (rows.length === 0) return { indexed, unreadable };
    for (const row of rows) {
      afterId = row.id;
      let tokens: string[];
      try {
        tokens = index.tokensOf(secrets.open(row.ciphertext));
      } catch {
        unreadable++;
        continue;
      }
      await db
        .update(licenses)
        .set({ licenseKeySearchTokens: tokens })
        .where(and(eq(licenses.id, row.id), isNull(licenses.licenseKeySearchTokens)));
      indexed++;
    }
  }
}
