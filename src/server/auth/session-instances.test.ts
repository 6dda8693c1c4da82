// Two application instances on one PostgreSQL, as behind a load balancer: a session cached on
// one is refused there as soon as another instance signs it out or deactivates its user.
// Runs with TEST_DATABASE_URL only (PGlite lives inside one process).
import { describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import type { TestApp } from "../../../tests/support/test-app";
import { usingPostgres } from "../../../tests/support/test-database";
import { twoInstancesOnOnePostgres } from "../../../tests/support/two-instances";

describe.skipIf(!usingPostgres())("two instances on one PostgreSQL", () => {
  const instances = twoInstancesOnOnePostgres();

  const authenticated = async (instance: TestApp, cookie: string) =>
    (await instance.request({ method: "GET", url: "/api/auth/status", cookie })).json()
      .authenticated as boolean;

  it("refuses on B a session signed out on A", async () => {
    const { a, b } = instances;
    const { cookie } = await a.signedInUser();
    expect(await authenticated(b, cookie)).toBe(true);
    expect(b.app.sessions.caching).toBe(true);
    const logout = await a.request({ method: "POST", url: "/api/auth/logout", cookie });
    expect(logout.statusCode).toBe(200);
    expect(await authenticated(b, cookie)).toBe(false);
  });

  it("refuses on B the session of a user deactivated on A", async () => {
    const { a, b } = instances;
    const admin = await a.signedInUser({ role: "admin" });
    const user = await createUser(a.app.db);
    const cookie = await b.login(user.username);
    expect(await authenticated(b, cookie)).toBe(true);
    const patch = await a.request({
      method: "PATCH",
      url: `/api/users/${user.id}`,
      cookie: admin.cookie,
      payload: { isActive: false },
    });
    expect(patch.statusCode).toBe(200);
    expect(await authenticated(b, cookie)).toBe(false);
  });
});
