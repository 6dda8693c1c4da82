// The encryption key check on both databases: stored on a new database, verified on every start
// after, and on an install from before the check, decided by the secrets it already holds.
import { randomBytes } from "node:crypto";
import { getTableColumns, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../tests/support/test-database";
import type { Database } from "../../db/client";
import * as schema from "../../db/schema";
import { accounts, encryptionKeyCheck } from "../../db/schema";
import { createSecrets } from "./index";
import { EncryptionKeyMismatchError } from "./key";
import { ensureKeyCheck, SEALED_COLUMNS, verifyStoredKeyCheck } from "./key-check";

const keyA = { key: randomBytes(32), source: "ENCRYPTION_KEY" };
const keyB = { key: randomBytes(32), source: "ENCRYPTION_KEY" };
const secretsA = createSecrets(keyA.key);
const secretsB = createSecrets(keyB.key);
const REFUSAL =
  "ENCRYPTION_KEY does not open the data in this database (it was set up with another key). " +
  "Start with the key it was set up with; see docs/backup-and-restore.md.";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const storedCheck = () => database.db.select().from(encryptionKeyCheck);

describe("the list of sealed columns", () => {
  it("names every *_ciphertext column of the schema, so a new kind of secret is not forgotten", () => {
    const inSchema = Object.values(schema)
      .filter((value: unknown): value is PgTable => is(value, PgTable))
      .flatMap((table) => Object.values(getTableColumns(table)))
      .filter((column) => column.name.endsWith("_ciphertext"));
    expect(inSchema.length).toBeGreaterThanOrEqual(5);
    expect(new Set(SEALED_COLUMNS.map((entry) => entry.sealed))).toEqual(new Set(inSchema));
  });
});

describe("a new database", () => {
  it("stores the check at the first start, and verifies it with the same key after", async () => {
    expect(await storedCheck()).toEqual([]);
    expect(await ensureKeyCheck(database.db, secretsA, keyA)).toBe("stored");
    const [check] = await storedCheck();
    expect(check!.sealed).toMatch(/^v1:/);
    expect(await ensureKeyCheck(database.db, secretsA, keyA)).toBe("verified");
    await verifyStoredKeyCheck(database.db, secretsA, keyA);
  });

  it("refuses another key, before and after the migrations, and keeps the check as it was", async () => {
    const before = await storedCheck();
    await expect(verifyStoredKeyCheck(database.db, secretsB, keyB)).rejects.toThrow(
      new EncryptionKeyMismatchError(REFUSAL),
    );
    await expect(ensureKeyCheck(database.db, secretsB, keyB)).rejects.toThrow(
      new EncryptionKeyMismatchError(REFUSAL),
    );
    expect(await storedCheck()).toEqual(before);
  });

  it("names the key file when the key comes from one", async () => {
    await expect(
      ensureKeyCheck(database.db, secretsB, { key: keyB.key, source: "/srv/qm/encryption.key" }),
    ).rejects.toThrow(/^\/srv\/qm\/encryption\.key does not open the data in this database/);
  });
});

describe("an install from before the check", () => {
  beforeAll(async () => {
    await database.db.delete(encryptionKeyCheck);
    await database.db.insert(accounts).values({
      email: "old-install@example.com",
      passwordCiphertext: secretsA.seal("Sealed-Under-A").ciphertext,
      provider: "microsoft365",
    });
  });

  it("refuses a key that opens none of its secrets, and stores no check", async () => {
    await expect(ensureKeyCheck(database.db, secretsB, keyB)).rejects.toThrow(
      new EncryptionKeyMismatchError(REFUSAL),
    );
    expect(await storedCheck()).toEqual([]);
  });

  it("stores the check for a key that opens one of them", async () => {
    expect(await ensureKeyCheck(database.db, secretsA, keyA)).toBe("stored");
    expect(await ensureKeyCheck(database.db, secretsA, keyA)).toBe("verified");
  });

  it("before the migrations that add the check, there is nothing to verify yet", async () => {
    await database.db.execute(sql`drop table encryption_key_check`);
    await expect(verifyStoredKeyCheck(database.db, secretsB, keyB)).resolves.toBeUndefined();
  });
});
