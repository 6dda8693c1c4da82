// The activity log of the Users area: create, update (deactivation and a new password included,
// the password also as a password change) and delete recorded, the password never; nothing
// recorded for a refused request.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityCount, activityOf, lastActivity } from "../../../tests/support/activity";
import { appWithAdminAndUser, type SignedIn, type TestApp } from "../../../tests/support/test-app";
import { SECRET_PLACEHOLDER } from "../../domain/activity";

let t: TestApp;
let admin: SignedIn;
let user: SignedIn;

beforeAll(async () => {
  ({ t, admin, user } = await appWithAdminAndUser());
});
afterAll(() => t.close());

const call = (method: "POST" | "PATCH" | "DELETE", url: string, cookie: string, payload?: object) =>
  t.request({ method, url, cookie, payload });

describe("user activity", () => {
  it("records create, update, deactivation, a new password and delete", async () => {
    const created = await call("POST", "/api/users", admin.cookie, {
      username: "audited.person",
      password: "Sup3r-secret-pass",
      fullName: "Audited Person",
      role: "user",
      isActive: true,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = (created.json() as { id: number }).id;
    const renamed = await call("PATCH", `/api/users/${id}`, admin.cookie, {
      fullName: "Audited P.",
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    await call("PATCH", `/api/users/${id}`, admin.cookie, { password: "An0ther-secret-pass" });
    await call("PATCH", `/api/users/${id}`, admin.cookie, { isActive: false });
    expect((await call("DELETE", `/api/users/${id}`, admin.cookie)).statusCode).toBe(204);

    const rows = await activityOf(t.app.db, { area: "users", itemId: id });
    expect(rows.map((row) => row.action)).toEqual([
      "create",
      "update",
      "update",
      "password_change",
      "update",
      "delete",
    ]);
    expect(rows.every((row) => row.userId === admin.user.id)).toBe(true);
    expect(rows[0]!.changes).toMatchObject({
      username: { before: null, after: "audited.person" },
      passwordHash: { before: null, after: SECRET_PLACEHOLDER },
    });
    expect(rows[1]!.changes).toEqual({
      fullName: { before: "Audited Person", after: "Audited P." },
    });
    expect(rows[2]!.changes).toEqual({
      passwordHash: { before: SECRET_PLACEHOLDER, after: SECRET_PLACEHOLDER },
    });
    expect(rows[3]).toMatchObject({
      action: "password_change",
      area: "users",
      itemLabel: "audited.person",
      userId: admin.user.id,
      changes: null,
      detail: null,
    });
    expect(rows[4]!.changes).toEqual({ isActive: { before: true, after: false } });
    expect(rows[5]!.itemLabel).toBe("audited.person");
    const text = JSON.stringify(rows);
    expect(text).not.toContain("secret-pass");
    expect(text).not.toContain("$argon2");
  });

  it("records nothing for a refused request", async () => {
    const before = await activityCount(t.app.db);
    const refused = [
      await call("POST", "/api/users", user.cookie, {
        username: "nope",
        password: "Sup3r-secret-pass",
        role: "admin",
        isActive: true,
      }),
      await call("PATCH", `/api/users/${admin.user.id}`, user.cookie, { role: "user" }),
      await call("POST", "/api/users", admin.cookie, { username: "", password: "x" }),
      await call("PATCH", "/api/users/999999", admin.cookie, { fullName: "x" }),
      await call("DELETE", `/api/users/${admin.user.id}`, admin.cookie),
      // The last active administrator cannot step down.
      await call("PATCH", `/api/users/${admin.user.id}`, admin.cookie, { role: "user" }),
    ];
    expect(refused.map((response) => response.statusCode)).toEqual([403, 403, 400, 404, 409, 409]);
    expect(await activityCount(t.app.db)).toBe(before);
    expect(await lastActivity(t.app.db, { area: "users", itemId: admin.user.id })).toBeUndefined();
  });
});
