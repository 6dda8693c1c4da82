// The log of a run that drives the error paths carrying secrets (a database that fails under
// sign-in, session lookup, password change, key storage and key search) holds none of them.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggedApp, loggedPgliteApp } from "../../../tests/support/logged-app";

const PASSWORD = "correct-horse-battery";
const NEW_PASSWORD = "another-secret-passphrase";
const LICENSE_KEY = "SECRET-KEY-7Q2W-9XZ4";
const SEARCH = "7Q2W-9XZ4";

let t: LoggedApp;
beforeAll(async () => {
  t = await loggedPgliteApp("info");
}, 90_000);
afterAll(() => t.close());

describe("logs", () => {
  it("carry no password, hash, session token, key or search text, whatever fails", async () => {
    const { user: admin, cookie } = await t.signedInUser({
      username: "log-admin",
      role: "admin",
      password: PASSWORD,
    });
    const token = cookie.slice("qm_session=".length);
    const created = await t.request({
      method: "POST",
      url: "/api/licenses",
      cookie,
      payload: { name: "Logged", licenseKey: LICENSE_KEY },
    });
    expect(created.statusCode).toBe(201);

    // Every query from here fails: each error path logs the failed statement's error.
    await t.database.close();
    const calls = [
      {
        method: "POST",
        url: "/api/auth/login",
        payload: { username: "log-admin", password: PASSWORD },
      },
      { method: "GET", url: `/api/licenses?search=${SEARCH}` },
      { method: "POST", url: "/api/licenses", payload: { name: "Again", licenseKey: LICENSE_KEY } },
      { method: "PATCH", url: `/api/users/${admin.id}`, payload: { password: NEW_PASSWORD } },
      {
        method: "POST",
        url: "/api/users",
        payload: { username: "newbie", password: NEW_PASSWORD },
      },
      { method: "GET", url: "/api/health" },
    ] as const;
    for (const call of calls) {
      const response = await t.request({ ...call, cookie });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(503);
    }

    const log = t.log();
    expect(log).toContain("database"); // the failures were logged
    const hashedToken = createHash("sha256").update(token).digest("hex");
    for (const secret of [
      PASSWORD,
      NEW_PASSWORD,
      LICENSE_KEY,
      SEARCH,
      token,
      hashedToken,
      "$argon2id$",
      "v1:",
    ]) {
      expect(log.includes(secret), `log contains ${secret}`).toBe(false);
    }
  });
});
