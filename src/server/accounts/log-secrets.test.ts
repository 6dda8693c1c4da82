// The log of a run that creates, edits, searches for and reveals office-account passwords, then
// does it again while the database fails, holds none of the passwords.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LoggedApp, loggedPgliteApp } from "../../../tests/support/logged-app";

const PASSWORD = "Office-Secret-4Q7Z";
const NEW_PASSWORD = "Changed-Secret-8K2M";
const FAILED_PASSWORD = "Never-Stored-3J9P";

let t: LoggedApp;
beforeAll(async () => {
  t = await loggedPgliteApp("debug");
}, 90_000);
afterAll(() => t.close());

describe("logs of the office accounts area", () => {
  it("carry no account password, whatever is done or fails", async () => {
    const { cookie } = await t.signedInUser({ role: "admin" });
    const send = (method: "GET" | "POST" | "PATCH", url: string, payload?: object) =>
      t.request({ method, url, cookie, payload });

    const created = await send("POST", "/api/accounts", {
      email: "logged@example.com",
      password: PASSWORD,
      provider: "adobe",
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await send("POST", `/api/accounts/${id}/reveal`)).json()).toEqual({
      password: PASSWORD,
    });
    expect(
      (await send("PATCH", `/api/accounts/${id}`, { password: NEW_PASSWORD })).statusCode,
    ).toBe(200);
    // A refused write (duplicate e-mail) and a search for the password text.
    const duplicate = await send("POST", "/api/accounts", {
      email: "LOGGED@example.com",
      password: PASSWORD,
      provider: "adobe",
    });
    expect(duplicate.statusCode).toBe(409);
    expect((await send("GET", `/api/accounts?search=${PASSWORD}`)).json()).toEqual([]);

    // Every query from here fails: each error path logs the failed statement's error.
    await t.database.close();
    const failed = await send("POST", "/api/accounts", {
      email: "failing@example.com",
      password: FAILED_PASSWORD,
      provider: "other",
    });
    expect(failed.statusCode).toBe(503);
    expect((await send("POST", `/api/accounts/${id}/reveal`)).statusCode).toBe(503);
    expect(
      (await send("PATCH", `/api/accounts/${id}`, { password: FAILED_PASSWORD })).statusCode,
    ).toBe(503);

    const log = t.log();
    expect(log).toContain("/api/accounts"); // the requests were logged
    for (const secret of [PASSWORD, NEW_PASSWORD, FAILED_PASSWORD]) {
      expect(log.includes(secret), `log contains ${secret}`).toBe(false);
    }
  });
});
