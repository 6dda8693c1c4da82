// A secret sealed under another ENCRYPTION_KEY (a row written while the server ran with the wrong
// key, or a restore without its key) answers 409 SECRET_UNREADABLE on every reveal, never a 500,
// and the reveal it refused leaves no log behind.
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAccountViaApi } from "../../../../tests/support/accounts";
import { createLicenseViaApi } from "../../../../tests/support/licenses";
import { buildTestApp, type TestApp } from "../../../../tests/support/test-app";
import {
  accounts,
  gsuiteAccounts,
  licenses,
  licenseViewLogs,
  secretRevealLogs,
} from "../../db/schema";
import { createSecrets } from "./index";

const foreign = createSecrets(randomBytes(32)).seal("Sealed-Elsewhere-1").ciphertext;
let t: TestApp;
let admin: { cookie: string };

beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.signedInUser({ role: "admin" });
});
afterAll(() => t.close());

const post = (url: string, payload?: object) =>
  t.request({ method: "POST", url, payload, cookie: admin.cookie });

function expectUnreadable(response: { statusCode: number; json(): unknown }) {
  expect(response.statusCode).toBe(409);
  expect(response.json()).toMatchObject({
    code: "SECRET_UNREADABLE",
    message: expect.stringContaining("ENCRYPTION_KEY"),
  });
}

describe("revealing a secret sealed under another key", () => {
  it("a license key: 409 SECRET_UNREADABLE, no view logged", async () => {
    const license = await createLicenseViaApi(t, admin.cookie);
    await t.app.db
      .update(licenses)
      .set({ licenseKeyCiphertext: foreign })
      .where(eq(licenses.id, license.id));
    expectUnreadable(await post(`/api/licenses/${license.id}/reveal`));
    const logs = await t.app.db
      .select()
      .from(licenseViewLogs)
      .where(eq(licenseViewLogs.licenseId, license.id));
    expect(logs).toHaveLength(0);
  });

  it("an office account's password: 409 SECRET_UNREADABLE, no reveal logged", async () => {
    const account = await createAccountViaApi(t, admin.cookie);
    await t.app.db
      .update(accounts)
      .set({ passwordCiphertext: foreign })
      .where(eq(accounts.id, account.id));
    expectUnreadable(await post(`/api/accounts/${account.id}/reveal`));
    const logs = await t.app.db
      .select()
      .from(secretRevealLogs)
      .where(eq(secretRevealLogs.entityId, account.id));
    expect(logs.filter((log) => log.entityType === "account")).toHaveLength(0);
  });

  it("G Suite passwords: 409 SECRET_UNREADABLE, no reveal logged", async () => {
    expect(
      (await post("/api/gsuite-organizations", { name: "Acme", domain: "acme.test" })).statusCode,
    ).toBe(201);
    expect((await post("/api/gsuite-plans", { name: "Starter", basePrice: 1 })).statusCode).toBe(
      201,
    );
    const created = await post("/api/gsuite-accounts", {
      email: "kim@acme.test",
      password: "Secret-Kim-1",
      organization: "acme.test",
      planType: "Starter",
    });
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json() as { id: number };
    await t.app.db
      .update(gsuiteAccounts)
      .set({ passwordCiphertext: foreign })
      .where(eq(gsuiteAccounts.id, id));
    expectUnreadable(await post("/api/gsuite-accounts/reveal", { ids: [id] }));
    const logs = await t.app.db
      .select()
      .from(secretRevealLogs)
      .where(eq(secretRevealLogs.entityType, "gsuite_account"));
    expect(logs).toHaveLength(0);
  });
});
