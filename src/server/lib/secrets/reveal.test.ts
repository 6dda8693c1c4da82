// The generic reveal, on a kind of secret the licenses do not use: an office account's password,
// logged to secret_reveal_logs. The open happens only with its log row, in one transaction.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../../tests/support/factories";
import { openTestDatabase } from "../../../../tests/support/test-database";
import type { Database, Executor } from "../../db/client";
import { accounts, secretRevealLogs } from "../../db/schema";
import { notFound } from "../../http/errors";
import type { RevealViewer } from "./index";
import { createSecrets, recordSecretReveal, revealSecret } from "./index";

const secrets = createSecrets(randomBytes(32));
let database: Database;
let viewer: RevealViewer;
let accountId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  const user = await createUser(database.db, { role: "admin" });
  viewer = {
    session: { id: "session-hash-1", user: { id: user.id } },
    ipAddress: "203.0.113.9",
    userAgent: `Mozilla/5.0 ${"x".repeat(600)}`,
  };
  const [account] = await database.db
    .insert(accounts)
    .values({
      email: "office@example.com",
      passwordCiphertext: secrets.seal("Correct-Horse-1").ciphertext,
      provider: "microsoft365",
    })
    .returning();
  accountId = account!.id;
});
afterAll(() => database.close());

const logsOf = (id: number) =>
  database.db.select().from(secretRevealLogs).where(eq(secretRevealLogs.entityId, id));

async function findPassword(tx: Executor, id: number) {
  const [row] = await tx.select().from(accounts).where(eq(accounts.id, id));
  if (!row?.passwordCiphertext) throw notFound("Account");
  return row.passwordCiphertext;
}

describe("revealSecret", () => {
  it("opens the secret and logs who, when, from where, with what, in which session", async () => {
    const before = Date.now();
    const password = await revealSecret(database.db, secrets, {
      find: (tx) => findPassword(tx, accountId),
      record: (tx) => recordSecretReveal(tx, { type: "account", id: accountId }, viewer),
    });
    expect(password).toBe("Correct-Horse-1");
    const [log] = await logsOf(accountId);
    expect(log).toMatchObject({
      entityType: "account",
      entityId: accountId,
      userId: viewer.session.user.id,
      ipAddress: "203.0.113.9",
      sessionId: "session-hash-1",
    });
    expect(log!.userAgent).toHaveLength(512);
    expect(log!.viewedAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it("reveals nothing when the view cannot be recorded", async () => {
    const count = (await logsOf(accountId)).length;
    await expect(
      revealSecret(database.db, secrets, {
        find: (tx) => findPassword(tx, accountId),
        record: async (tx) => {
          await recordSecretReveal(tx, { type: "account", id: accountId }, viewer);
          throw new Error("log storage failed");
        },
      }),
    ).rejects.toThrow("log storage failed");
    // The row written before the failure was rolled back with the transaction.
    expect(await logsOf(accountId)).toHaveLength(count);
  });

  it("logs nothing for a secret the viewer may not see", async () => {
    await expect(
      revealSecret(database.db, secrets, {
        find: (tx) => findPassword(tx, 999_999),
        record: (tx) => recordSecretReveal(tx, { type: "account", id: 999_999 }, viewer),
      }),
    ).rejects.toThrow("Account not found");
    expect(await logsOf(999_999)).toHaveLength(0);
  });

  it("keeps no log of a reveal whose secret cannot be opened", async () => {
    const [broken] = await database.db
      .insert(accounts)
      .values({
        email: "broken@example.com",
        passwordCiphertext: createSecrets(randomBytes(32)).seal("other key").ciphertext,
        provider: "other",
      })
      .returning();
    await expect(
      revealSecret(database.db, secrets, {
        find: (tx) => findPassword(tx, broken!.id),
        record: (tx) => recordSecretReveal(tx, { type: "account", id: broken!.id }, viewer),
      }),
    ).rejects.toThrow();
    expect(await logsOf(broken!.id)).toHaveLength(0);
  });
});
