// An import finds license keys already stored by their keyed digests (license_key_digest, an
// index lookup: storedLicenseKeysAmong) instead of opening every stored key: keys stored as the
// application stores them are found, ignoring case, without opening any; a row stored before the
// digest existed is found by opening that row alone, and the start's indexing gives it a digest;
// an unreadable row is never a duplicate; and the import's preview reports the duplicate.
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import type { Database } from "../db/client";
import { licenses } from "../db/schema";
import { createSecrets, normaliseForSearch, type Secrets } from "../lib/secrets";
import { indexUnindexedLicenseKeys, storedLicenseKey, storedLicenseKeysAmong } from "./license-key";

let database: Database;
const secrets = createSecrets(randomBytes(32));

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The same secrets, counting the keys opened. */
function counting(inner: Secrets) {
  const counter = { opened: 0 };
  const wrapped: Secrets = {
    ...inner,
    open: (ciphertext) => {
      counter.opened++;
      return inner.open(ciphertext);
    },
  };
  return { secrets: wrapped, counter };
}

const store = (name: string, key: string) =>
  database.db
    .insert(licenses)
    .values({ name, ...storedLicenseKey(secrets, key) })
    .returning();

describe("finding stored license keys", () => {
  it("finds keys by their digests, ignoring case, without opening a key", async () => {
    for (let i = 0; i < 30; i++) await store(`Digest ${i}`, `DIGEST-KEY-${i}-abc`);
    const { secrets: watched, counter } = counting(secrets);
    const found = await storedLicenseKeysAmong(
      database.db,
      watched,
      ["digest-key-3-abc", "digest-key-29-ABC", "digest-key-30-abc", "digest-key"].map(
        normaliseForSearch,
      ),
    );
    expect([...found].sort()).toEqual(["digest-key-29-abc", "digest-key-3-abc"]);
    expect(counter.opened).toBe(0);
  });

  it("opens only rows without a digest, skips unreadable ones, and indexing gives them one", async () => {
    const [old] = await store("Before the digest", "OLD-KEY-1");
    await database.db
      .update(licenses)
      .set({ licenseKeyDigest: null })
      .where(eq(licenses.id, old!.id));
    const other = createSecrets(randomBytes(32));
    await database.db.insert(licenses).values({
      name: "Another server's key",
      ...storedLicenseKey(other, "OLD-KEY-2"),
      licenseKeyDigest: null,
    });
    const { secrets: watched, counter } = counting(secrets);
    const found = await storedLicenseKeysAmong(database.db, watched, ["old-key-1", "old-key-2"]);
    expect([...found]).toEqual(["old-key-1"]);
    expect(counter.opened).toBe(2);

    expect(await indexUnindexedLicenseKeys(database.db, secrets)).toEqual({
      indexed: 1,
      unreadable: 1,
    });
    const [row] = await database.db.select().from(licenses).where(eq(licenses.id, old!.id));
    expect(row!.licenseKeyDigest).toBe(secrets.index("license-key").digestOf("old-key-1"));
    const again = counting(secrets);
    expect([...(await storedLicenseKeysAmong(database.db, again.secrets, ["OLD-KEY-1"]))]).toEqual([
      "OLD-KEY-1",
    ]);
    expect(again.counter.opened).toBe(1); // the unreadable row alone
  });

  it("finds thousands of keys in a few lookups", async () => {
    await database.db.execute(sql`delete from licenses where license_key_digest is null`);
    const keys = Array.from({ length: 12_000 }, (_, i) => `bulk-${i}`);
    await database.db
      .insert(licenses)
      .values(
        keys
          .slice(0, 600)
          .map((key, i) => ({ name: `Bulk ${i}`, ...storedLicenseKey(secrets, key) })),
      );
    const found = await storedLicenseKeysAmong(database.db, secrets, keys);
    expect(found.size).toBe(600);
    expect(found.has("bulk-599") && !found.has("bulk-600")).toBe(true);
  });
});
