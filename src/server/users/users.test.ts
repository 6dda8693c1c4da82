import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../../../tests/support/test-app";

let t: TestApp;
let adminCookie: string;
let admin: { id: number };
let userCookie: string;
let plainUser: { id: number };

beforeAll(async () => {
  t = await buildTestApp();
  ({ user: admin, cookie: adminCookie } = await t.signedInUser({
    role: "admin",
    username: "root",
  }));
  ({ user: plainUser, cookie: userCookie } = await t.signedInUser({ username: "plain" }));
});
afterAll(() => t.close());

const asAdmin = (method: "GET" | "POST" | "PATCH" | "DELETE", url: string, payload?: object) =>
  t.request({ method, url, payload, cookie: adminCookie });

describe("users API as an administrator", () => {
  it("creates a user with defaults and never returns the password", async () => {
    const response = await asAdmin("POST", "/api/users", {
      username: "newbie",
      password: "secret1",
      fullName: "",
      email: "",
      department: "",
    });
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      username: "newbie",
      fullName: null,
      email: null,
      department: null,
      role: "user",
      isAdmin: false,
      isActive: true,
      displayName: "newbie",
    });
    expect(JSON.stringify(user)).not.toMatch(/password|secret1/i);
    expect((await t.login("newbie", "secret1")).length).toBeGreaterThan(10);
  });

  it("answers the spec's validation messages and creates nothing", async () => {
    const response = await asAdmin("POST", "/api/users", {
      username: "ab",
      password: "12345",
      email: "not-an-email",
      role: "owner",
    });
    expect(response.statusCode).toBe(400);
    const { code, errors, message } = response.json();
    expect(code).toBe("VALIDATION_FAILED");
    expect(message).toBe("Username must be at least 3 characters");
    expect(errors).toEqual(
      expect.arrayContaining([
        { path: "username", message: "Username must be at least 3 characters" },
        { path: "password", message: "Password must be at least 6 characters" },
        { path: "email", message: "Please enter a valid email" },
        { path: "role", message: "Role must be admin or user" },
      ]),
    );
    const list = await asAdmin("GET", "/api/users");
    expect(list.json().map((u: { username: string }) => u.username)).not.toContain("ab");
  });

  it("refuses a duplicate username in any case with 409", async () => {
    const response = await asAdmin("POST", "/api/users", { username: "ROOT", password: "secret1" });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("DUPLICATE_USERNAME");
    expect(response.json().errors).toEqual([
      { path: "username", message: "Username already exists" },
    ]);
  });

  it("edits a user, keeping the password when it is blank", async () => {
    const user = await createUser(t.app.db, { username: "editme" });
    const response = await asAdmin("PATCH", `/api/users/${user.id}`, {
      password: "",
      fullName: "Edited Name",
      department: "Finance",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullName: "Edited Name", department: "Finance" });
    await t.login("editme", TEST_PASSWORD);
  });

  it("ends a user's sessions when the user is deactivated", async () => {
    const { user, cookie } = await t.signedInUser({ username: "leaver" });
    const response = await asAdmin("PATCH", `/api/users/${user.id}`, { isActive: false });
    expect(response.statusCode).toBe(200);
    const status = await t.request({ method: "GET", url: "/api/auth/status", cookie });
    expect(status.json().authenticated).toBe(false);
    const again = await t.request({
      method: "POST",
      url: "/api/auth/login",
      payload: { username: "leaver", password: TEST_PASSWORD },
    });
    expect(again.statusCode).toBe(401);
  });

  it("searches by name, username, e-mail and department", async () => {
    await createUser(t.app.db, { username: "searchable", department: "Logistics" });
    const response = await asAdmin("GET", "/api/users?search=logist");
    expect(response.json().map((u: { username: string }) => u.username)).toEqual(["searchable"]);
  });

  it("answers 404 for a missing user and 400 for a malformed id", async () => {
    expect((await asAdmin("GET", "/api/users/999999")).statusCode).toBe(404);
    expect((await asAdmin("GET", "/api/users/abc")).statusCode).toBe(400);
    expect((await asAdmin("PATCH", "/api/users/0", { fullName: "x" })).statusCode).toBe(400);
    expect((await asAdmin("DELETE", "/api/users/99999999999")).statusCode).toBe(400);
  });

  it("deletes a user", async () => {
    const user = await createUser(t.app.db, { username: "deleteme" });
    expect((await asAdmin("DELETE", `/api/users/${user.id}`)).statusCode).toBe(204);
    expect((await asAdmin("GET", `/api/users/${user.id}`)).statusCode).toBe(404);
  });
});

describe("the last active administrator", () => {
  it("cannot delete their own account", async () => {
    const response = await asAdmin("DELETE", `/api/users/${admin.id}`);
    expect(response.statusCode).toBe(409);
  });

  it("cannot be demoted or deactivated while no other administrator is active", async () => {
    // Other tests may have created admins; demote every other admin first.
    const list = (await asAdmin("GET", "/api/users")).json() as { id: number; isAdmin: boolean }[];
    for (const other of list.filter((u) => u.isAdmin && u.id !== admin.id)) {
      expect((await asAdmin("PATCH", `/api/users/${other.id}`, { role: "user" })).statusCode).toBe(
        200,
      );
    }
    const demote = await asAdmin("PATCH", `/api/users/${admin.id}`, { role: "user" });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().message).toBe("There must be at least one active administrator");
    const deactivate = await asAdmin("PATCH", `/api/users/${admin.id}`, { isActive: false });
    expect(deactivate.statusCode).toBe(409);
  });

  it("can be demoted once another administrator exists", async () => {
    const second = await createUser(t.app.db, { role: "admin", username: "second-admin" });
    const secondCookie = await t.login("second-admin");
    const response = await t.request({
      method: "PATCH",
      url: `/api/users/${admin.id}`,
      cookie: secondCookie,
      payload: { role: "user" },
    });
    expect(response.statusCode).toBe(200);
    // And the second cannot now remove itself as the only admin left.
    const self = await t.request({
      method: "PATCH",
      url: `/api/users/${second.id}`,
      cookie: secondCookie,
      payload: { role: "user" },
    });
    expect(self.statusCode).toBe(409);
  });
});

describe("users API as an ordinary user", () => {
  it("reads only their own record", async () => {
    const own = await t.request({
      method: "GET",
      url: `/api/users/${plainUser.id}`,
      cookie: userCookie,
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().username).toBe("plain");
    const other = await t.request({
      method: "GET",
      url: `/api/users/${admin.id}`,
      cookie: userCookie,
    });
    expect(other.statusCode).toBe(403);
  });

  it("cannot list, create, change or delete users", async () => {
    const calls = [
      { method: "GET" as const, url: "/api/users" },
      {
        method: "POST" as const,
        url: "/api/users",
        payload: { username: "sneaky", password: "secret1" },
      },
      { method: "PATCH" as const, url: `/api/users/${plainUser.id}`, payload: { role: "admin" } },
      { method: "DELETE" as const, url: `/api/users/${admin.id}` },
    ];
    for (const call of calls) {
      const response = await t.request({ ...call, cookie: userCookie });
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(403);
    }
    const me = await t.request({
      method: "GET",
      url: `/api/users/${plainUser.id}`,
      cookie: userCookie,
    });
    expect(me.json().role).toBe("user");
  });
});
