// A license key at rest and in search, through the secrets helper: sealed (AES-256-GCM), masked
// for lists, and blind-indexed so the list's key-fragment search runs in SQL instead of
// decrypting every visible key.
import { and, asc, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
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
    licenseKeyDigest: secrets.index("license-key").digestOf(licenseKey),
  };
}

/**
 * Which of `keys` (normalised: normaliseForSearch) a stored license already has: by their digests
 * (the index on license_key_digest), and among the rows without one (stored before it existed
 * and not yet indexed at start, or sealed under another key) by opening those alone. An import's
 * duplicate check: it opened every stored key, about 1 s per 10,000.
 */
export async function storedLicenseKeysAmong(
  db: Executor,
  secrets: Secrets,
  keys: readonly string[],
): Promise<Set<string>> {
  const index = secrets.index("license-key");
  const byDigest = new Map(keys.map((key) => [index.digestOf(key), key]));
  const found = new Set<string>();
  const digests = [...byDigest.keys()];
  for (let start = 0; start < digests.length; start += DIGEST_BATCH) {
    const batch = digests.slice(start, start + DIGEST_BATCH);
    const rows = await db
      .selectDistinct({ digest: licenses.licenseKeyDigest })
      .from(licenses)
      .where(sql`${licenses.licenseKeyDigest} = any(${sql.param(batch)}::text[])`);
    for (const row of rows) found.add(byDigest.get(row.digest!)!);
  }
  const wanted = new Set(keys);
  let afterId = 0;
  for (;;) {
    const rows = await db
      .select({ id: licenses.id, ciphertext: licenses.licenseKeyCiphertext })
      .from(licenses)
      .where(and(isNull(licenses.licenseKeyDigest), gt(licenses.id, afterId)))
      .orderBy(asc(licenses.id))
      .limit(2000);
    if (rows.length === 0) return found;
    for (const row of rows) {
      let key: string;
      try {
        key = normaliseForSearch(secrets.open(row.ciphertext));
      } catch {
        continue; // sealed with another ENCRYPTION_KEY: unreadable, so never a duplicate
      }
      if (wanted.has(key)) found.add(key);
    }
    afterId = rows[rows.length - 1]!.id;
  }
}
/** Digests per lookup: one array parameter each, a few index probes per row. */
const DIGEST_BATCH = 5_000;

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
 * Indexes the keys of licenses stored before the blind index or the digest existed (run at
 * start). A key
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
      .where(
        and(
          or(isNull(licenses.licenseKeySearchTokens), isNull(licenses.licenseKeyDigest)),
          gt(licenses.id, afterId),
        ),
      )
      .orderBy(asc(licenses.id))
      .limit(batchSize);
    if (rows.length === 0) return { indexed, unreadable };
    for (const row of rows) {
      afterId = row.id;
      let key: string;
      try {
        key = secrets.open(row.ciphertext);
      } catch {
        unreadable++;
        continue;
      }
      await db
        .update(licenses)
        .set({ licenseKeySearchTokens: index.tokensOf(key), licenseKeyDigest: index.digestOf(key) })
        // The key as read: a key changed meanwhile was indexed by the change itself.
        .where(and(eq(licenses.id, row.id), eq(licenses.licenseKeyCiphertext, row.ciphertext)));
      indexed++;
    }
  }
}
