// The session cache: sessions are served from memory, yet sign-out, deactivation, role and
// password changes and deletion take effect on the very next request; the idle time-out counts
// from the last request, not from the last throttled write.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../tests/support/factories";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { sessions, users } from "../db/schema";
import { openSessionStore, TOUCH_INTERVAL_MS } from "./session-store";
import { createSession } from "./sessions";

let t: TestApp;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp();
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());

const status = async (cookie: string) =>
  (await t.request({ method: "GET", url: "/api/auth/status", cookie })).json() as {
    authenticated: boolean;
    user: { role: string } | null;
  };
const patchUser = (id: number, payload: object) =>
  t.request({ method: "PATCH", url: `/api/users/${id}`, cookie: adminCookie, payload });

describe("session cache", () => {
  it("serves a signed-in session from memory once read", async () => {
    const { user, cookie } = await t.signedInUser();
    expect((await status(cookie)).authenticated).toBe(true);
    expect(t.app.sessions.caching).toBe(true);
    // Removed behind the application's back (no notice): the cached session still answers,
    // which is what the notices below exist for.
    await t.app.db.delete(sessions).where(eq(sessions.userId, user.id));
    expect((await status(cookie)).authenticated).toBe(true);
    t.app.sessions.forget({ userId: user.id });
    expect((await status(cookie)).authenticated).toBe(false);
  });

  it("refuses a cached session at once after sign-out", async () => {
    const { cookie } = await t.signedInUser();
    expect((await status(cookie)).authenticated).toBe(true);
    await t.request({ method: "POST", url: "/api/auth/logout", cookie });
    expect((await status(cookie)).authenticated).toBe(false);
  });

  it("refuses a cached session at once after deactivation, a new password or deletion", async () => {
    for (const change of ["deactivate", "password", "delete"] as const) {
      const { user, cookie } = await t.signedInUser();
      expect((await status(cookie)).authenticated).toBe(true);
      if (change === "deactivate") await patchUser(user.id, { isActive: false });
      if (change === "password") await patchUser(user.id, { password: "another-password" });
      if (change === "delete") {
        await t.request({ method: "DELETE", url: `/api/users/${user.id}`, cookie: adminCookie });
      }
      expect((await status(cookie)).authenticated, change).toBe(false);
    }
  });

  it("applies a role change to a cached session on its next request", async () => {
    const { user, cookie } = await t.signedInUser({ role: "admin" });
    expect((await t.request({ method: "GET", url: "/api/users", cookie })).statusCode).toBe(200);
    await patchUser(user.id, { role: "user" });
    expect((await t.request({ method: "GET", url: "/api/users", cookie })).statusCode).toBe(403);
    expect((await status(cookie)).user?.role).toBe("user");
  });
});

describe("one's own user record", () => {
  const ownRecord = async (id: number, cookie: string) => {
    const response = await t.request({ method: "GET", url: `/api/users/${id}`, cookie });
    expect(response.statusCode).toBe(200);
    return response.json() as Record<string, unknown>;
  };

  it("is answered from the session, the same record an administrator reads", async () => {
    const { user, cookie } = await t.signedInUser({ fullName: "Own Record" });
    const own = await ownRecord(user.id, cookie);
    expect(own).toEqual(await ownRecord(user.id, adminCookie));
    // Changed behind the application's back (no notice): still the cached record, so no query.
    await t.app.db.update(users).set({ fullName: "Behind The Back" }).where(eq(users.id, user.id));
    expect((await ownRecord(user.id, cookie)).fullName).toBe("Own Record");
    t.app.sessions.forget({ userId: user.id });
    expect((await ownRecord(user.id, cookie)).fullName).toBe("Behind The Back");
  });

  it("shows an administrator's change on the very next request", async () => {
    const { user, cookie } = await t.signedInUser({ fullName: "Before" });
    expect((await ownRecord(user.id, cookie)).fullName).toBe("Before");
    await patchUser(user.id, { fullName: "After", department: "Ops" });
    expect(await ownRecord(user.id, cookie)).toMatchObject({
      fullName: "After",
      displayName: "After",
      department: "Ops",
    });
  });
});

describe("idle time-out", () => {
  it("counts from the last request, not the last throttled write, also in another process", async () => {
    const idleMs = 10 * 60_000;
    const policy = { idleMs, absoluteMs: 7 * 86_400_000 };
    const user = await createUser(t.app.db);
    const first = await createSession(t.app.db, user.id, policy, {});
    const second = await createSession(t.app.db, user.id, policy, {});
    const signedInAt = Date.now();
    let now = signedInAt;
    const store = await openSessionStore(t.app.database, policy, undefined, () => now);
    expect(await store.find(first.token)).not.toBeNull();
    expect(await store.find(second.token)).not.toBeNull();
    // Requests 30 s later: inside the write interval, so only the trailing write records them.
    now = signedInAt + TOUCH_INTERVAL_MS / 2;
    expect(await store.find(first.token)).not.toBeNull();
    expect(await store.find(second.token)).not.toBeNull();
    await store.close();

    // Another process, with nothing cached: one second before the limit counted from the last
    // request the session is alive; one second after it, it has ended.
    const before = await openSessionStore(
      t.app.database,
      policy,
      undefined,
      () => now + idleMs - 1_000,
    );
    expect(await before.find(first.token)).not.toBeNull();
    await before.close();
    const after = await openSessionStore(
      t.app.database,
      policy,
      undefined,
      () => now + idleMs + 1_000,
    );
    expect(await after.find(second.token)).toBeNull();
    await after.close();
  });
});
