// TOTP enrolment, the sign-in's second step, recovery codes, turning it off and the administrator's
// reset, and their records in the activity log, with the clock fixed (only Date is faked: timers
// and the database run normally).
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { activityMark, activitySince } from "../../../../tests/support/activity";
import { createUser } from "../../../../tests/support/factories";
import { buildTestApp, TEST_PASSWORD, type TestApp } from "../../../../tests/support/test-app";
import { PENDING_SIGN_IN_COOKIE, PENDING_SIGN_IN_MS } from "../sign-in";
import { totpCode } from "./totp";

const MAX_FAILURES = 3;
let t: TestApp;
let adminCookie: string;
let adminId: number;
let now: number;

beforeAll(async () => {
  t = await buildTestApp({
    LOGIN_MAX_FAILURES_PER_ACCOUNT: String(MAX_FAILURES),
    LOGIN_MAX_FAILURES_PER_ADDRESS: "1000",
  });
  const admin = await t.signedInUser({ role: "admin" });
  adminCookie = admin.cookie;
  adminId = admin.user.id;
});
afterAll(() => t.close());

beforeEach(() => {
  // 5 s into a 30-second step of the real time (sessions' last-seen times come from the database).
  now = Math.floor(Date.now() / 30_000) * 30_000 + 5_000;
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(now);
});
afterEach(() => vi.useRealTimers());

const advance = (ms: number) => {
  now += ms;
  vi.setSystemTime(now);
};

const cookieOf = (response: { cookies: { name: string; value: string }[] }, name: string) => {
  const cookie = response.cookies.find((c) => c.name === name);
  return cookie?.value ? `${name}=${cookie.value}` : undefined;
};

let counter = 0;
/** A user with TOTP on: their secret, recovery codes and a session cookie. */
async function enrolledUser() {
  const { user, cookie } = await t.signedInUser({ username: `totp${++counter}` });
  const setup = await t.request({
    method: "POST",
    url: "/api/auth/two-factor/setup",
    cookie,
    payload: {},
  });
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirm = await t.request({
    method: "POST",
    url: "/api/auth/two-factor/confirm",
    cookie,
    payload: { code: totpCode(secret, now) },
  });
  expect(confirm.statusCode).toBe(200);
  // The confirming code is used up: sign-ins need the next step's code.
  advance(30_000);
  return {
    user,
    cookie,
    secret: secret as string,
    recoveryCodes: confirm.json().recoveryCodes as string[],
  };
}

const passwordStep = async (username: string, password = TEST_PASSWORD) => {
  const response = await t.request({
    method: "POST",
    url: "/api/auth/login",
    payload: { username, password },
  });
  return { response, pending: cookieOf(response, PENDING_SIGN_IN_COOKIE) };
};

const verify = (pending: string | undefined, code: string) =>
  t.request({
    method: "POST",
    url: "/api/auth/two-factor/verify",
    payload: { code },
    ...(pending ? { cookie: pending } : {}),
  });

const statusWith = async (cookie: string | undefined) =>
  (
    await t.request({ method: "GET", url: "/api/auth/status", ...(cookie ? { cookie } : {}) })
  ).json();

describe("enrolment", () => {
  it("sets up with a QR code and manual key, and is on only once a code confirms it", async () => {
    const { cookie } = await t.signedInUser({ username: "enrol" });
    const setup = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/setup",
      cookie,
      payload: {},
    });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toContain("otpauth://totp/Quartermaster:enrol?");
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(qrCode).toMatch(/^data:image\/svg\+xml;base64,/);

    const off = await t.request({ method: "GET", url: "/api/auth/two-factor", cookie });
    expect(off.json()).toEqual({ enabled: false, enabledAt: null, recoveryCodesLeft: 0 });
    // Not on yet: the password alone still signs in.
    expect((await passwordStep("enrol")).response.json().success).toBe(true);

    const wrong = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/confirm",
      cookie,
      payload: { code: totpCode(secret, now + 5 * 60_000) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("INVALID_TWO_FACTOR_CODE");

    const confirm = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/confirm",
      cookie,
      payload: { code: totpCode(secret, now) },
    });
    expect(confirm.statusCode).toBe(200);
    const { recoveryCodes } = confirm.json();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);

    const on = await t.request({ method: "GET", url: "/api/auth/two-factor", cookie });
    expect(on.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const again = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/setup",
      cookie,
      payload: {},
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("TWO_FACTOR_ALREADY_ENABLED");
  });

  it("stores the secret sealed and the recovery codes hashed", async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    const rows = await t.app.db.execute(
      sql`select secret_ciphertext from user_two_factor where user_id = ${user.id}`,
    );
    const dump = JSON.stringify(rows);
    expect(dump).not.toContain(secret);
    const codes = JSON.stringify(
      await t.app.db.execute(
        sql`select code_hash from two_factor_recovery_codes where user_id = ${user.id}`,
      ),
    );
    for (const code of recoveryCodes) {
      expect(codes).not.toContain(code);
      expect(codes).not.toContain(code.replace("-", ""));
    }
  });

  it("refuses to confirm a setup that was never started", async () => {
    const { cookie } = await t.signedInUser();
    const response = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/confirm",
      cookie,
      payload: { code: "123456" },
    });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("TWO_FACTOR_NOT_ENABLED");
  });

  it("checks the code's format with the form's message", async () => {
    const { cookie } = await t.signedInUser();
    const response = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/confirm",
      cookie,
      payload: { code: "12ab" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ path: "code", message: "The code is 6 digits" }]);
  });

  it("is refused to anonymous callers", async () => {
    for (const url of ["/api/auth/two-factor/setup", "/api/auth/two-factor/confirm"]) {
      const response = await t.request({ method: "POST", url, payload: { code: "123456" } });
      expect(response.statusCode).toBe(401);
    }
    expect((await t.request({ method: "GET", url: "/api/auth/two-factor" })).statusCode).toBe(401);
  });
});

describe("signing in with the second factor", () => {
  it("gives a pending sign-in, not a session, until the code is right", async () => {
    const { user, secret } = await enrolledUser();
    const { response, pending } = await passwordStep(user.username);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: false, secondFactorRequired: true });
    expect(cookieOf(response, "qm_session")).toBeUndefined();
    expect(pending).toBeDefined();
    // The pending cookie is no session.
    expect(await statusWith(pending)).toEqual({ authenticated: false, user: null });
    const listed = await t.request({ method: "GET", url: "/api/licenses", cookie: pending });
    expect(listed.statusCode).toBe(401);

    const signedIn = await verify(pending, totpCode(secret, now));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({
      success: true,
      user: expect.objectContaining({ id: user.id, username: user.username }),
    });
    const session = cookieOf(signedIn, "qm_session");
    expect(session).toBeDefined();
    expect((await statusWith(session)).authenticated).toBe(true);
    // The pending cookie is cleared with the sign-in.
    expect(signedIn.cookies.find((c) => c.name === PENDING_SIGN_IN_COOKIE)?.value).toBe("");
  });

  it("accepts a code from the step before or after (clock drift), not further", async () => {
    const { user, secret } = await enrolledUser();
    const { pending } = await passwordStep(user.username);
    expect((await verify(pending, totpCode(secret, now - 60_000))).statusCode).toBe(401);
    expect((await verify(pending, totpCode(secret, now + 30_000))).statusCode).toBe(200);
  });

  it("refuses a code used once already, even in a new sign-in within its window", async () => {
    const { user, secret } = await enrolledUser();
    const code = totpCode(secret, now);
    const first = await passwordStep(user.username);
    expect((await verify(first.pending, code)).statusCode).toBe(200);

    advance(5_000); // same 30-second step
    const second = await passwordStep(user.username);
    const reused = await verify(second.pending, code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toMatchObject({ success: false, code: "INVALID_SECOND_FACTOR" });

    advance(30_000);
    expect((await verify(second.pending, totpCode(secret, now))).statusCode).toBe(200);
  });

  it("uses a pending sign-in once only", async () => {
    const { user, secret } = await enrolledUser();
    const { pending } = await passwordStep(user.username);
    expect((await verify(pending, totpCode(secret, now))).statusCode).toBe(200);
    advance(30_000);
    const replay = await verify(pending, totpCode(secret, now));
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("SECOND_FACTOR_EXPIRED");
  });

  it("lets a pending sign-in expire", async () => {
    const { user, secret } = await enrolledUser();
    const { pending } = await passwordStep(user.username);
    advance(PENDING_SIGN_IN_MS + 1_000);
    const late = await verify(pending, totpCode(secret, now));
    expect(late.statusCode).toBe(401);
    expect(late.json().code).toBe("SECOND_FACTOR_EXPIRED");
  });

  it("refuses a code without a pending sign-in", async () => {
    const { secret } = await enrolledUser();
    const response = await verify(undefined, totpCode(secret, now));
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("SECOND_FACTOR_EXPIRED");
  });

  it("throttles wrong codes like passwords, and signing in again does not reset the count", async () => {
    const { user, secret } = await enrolledUser();
    let { pending } = await passwordStep(user.username);
    for (let i = 0; i < MAX_FAILURES - 1; i++) {
      expect((await verify(pending, "000000")).statusCode).toBe(401);
    }
    // The right password again: a new pending sign-in, the same count of wrong codes.
    ({ pending } = await passwordStep(user.username));
    expect((await verify(pending, "000000")).statusCode).toBe(401);
    const locked = await verify(pending, totpCode(secret, now));
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ success: false, code: "RATE_LIMITED" });
    expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
  });

  it("accepts each recovery code once, typed in any case with or without the hyphen", async () => {
    const { user, cookie, recoveryCodes } = await enrolledUser();
    const [first, second] = recoveryCodes;
    let { pending } = await passwordStep(user.username);
    expect((await verify(pending, first!)).statusCode).toBe(200);

    ({ pending } = await passwordStep(user.username));
    const reused = await verify(pending, first!);
    expect(reused.statusCode).toBe(401);
    expect(reused.json().code).toBe("INVALID_SECOND_FACTOR");
    expect((await verify(pending, second!.replace("-", "").toUpperCase())).statusCode).toBe(200);

    const status = await t.request({ method: "GET", url: "/api/auth/two-factor", cookie });
    expect(status.json().recoveryCodesLeft).toBe(8);
  });

  it("gives up a pending sign-in on cancel", async () => {
    const { user, secret } = await enrolledUser();
    const { pending } = await passwordStep(user.username);
    const cancel = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/cancel",
      cookie: pending,
      payload: {},
    });
    expect(cancel.statusCode).toBe(204);
    expect((await verify(pending, totpCode(secret, now))).json().code).toBe(
      "SECOND_FACTOR_EXPIRED",
    );
  });

  it("does not sign in a user deactivated meanwhile", async () => {
    const { user, secret } = await enrolledUser();
    const { pending } = await passwordStep(user.username);
    const patch = await t.request({
      method: "PATCH",
      url: `/api/users/${user.id}`,
      cookie: adminCookie,
      payload: { isActive: false },
    });
    expect(patch.statusCode).toBe(200);
    const response = await verify(pending, totpCode(secret, now));
    expect(response.statusCode).toBe(401);
    expect(cookieOf(response, "qm_session")).toBeUndefined();
  });
});

describe("turning it off", () => {
  it("takes a current code", async () => {
    const { user, cookie, secret } = await enrolledUser();
    const wrong = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/disable",
      cookie,
      payload: { code: "000000" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("INVALID_TWO_FACTOR_CODE");
    const off = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/disable",
      cookie,
      payload: { code: totpCode(secret, now) },
    });
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    expect((await passwordStep(user.username)).response.json().success).toBe(true);
  });

  it("takes the password instead, and refuses a wrong one", async () => {
    const { cookie } = await enrolledUser();
    const wrong = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/disable",
      cookie,
      payload: { password: "not-it" },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe("INVALID_CURRENT_PASSWORD");
    const off = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/disable",
      cookie,
      payload: { password: TEST_PASSWORD },
    });
    expect(off.json().enabled).toBe(false);
  });

  it("needs one of the two", async () => {
    const { cookie } = await enrolledUser();
    const response = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/disable",
      cookie,
      payload: {},
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("VALIDATION_FAILED");
  });
});

describe("new recovery codes", () => {
  it("replace the old ones, for a current code", async () => {
    const { user, cookie, secret, recoveryCodes } = await enrolledUser();
    const response = await t.request({
      method: "POST",
      url: "/api/auth/two-factor/recovery-codes",
      cookie,
      payload: { code: totpCode(secret, now) },
    });
    expect(response.statusCode).toBe(200);
    const fresh = response.json().recoveryCodes as string[];
    expect(fresh).toHaveLength(10);
    const status = await t.request({ method: "GET", url: "/api/auth/two-factor", cookie });
    expect(status.json().recoveryCodesLeft).toBe(10);
    const { pending } = await passwordStep(user.username);
    expect((await verify(pending, recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await verify(pending, fresh[0]!)).statusCode).toBe(200);
  });
});

describe("administrator reset", () => {
  it("turns a user's second factor off, so the password alone signs in", async () => {
    const { user } = await enrolledUser();
    const before = await t.request({
      method: "GET",
      url: `/api/users/${user.id}/two-factor`,
      cookie: adminCookie,
    });
    expect(before.json()).toEqual({ enabled: true });
    const reset = await t.request({
      method: "DELETE",
      url: `/api/users/${user.id}/two-factor`,
      cookie: adminCookie,
    });
    expect(reset.statusCode).toBe(204);
    const after = await t.request({
      method: "GET",
      url: `/api/users/${user.id}/two-factor`,
      cookie: adminCookie,
    });
    expect(after.json()).toEqual({ enabled: false });
    expect((await passwordStep(user.username)).response.json().success).toBe(true);
  });

  it("answers 404 for an unknown user", async () => {
    for (const method of ["GET", "DELETE"] as const) {
      const response = await t.request({
        method,
        url: "/api/users/999999/two-factor",
        cookie: adminCookie,
      });
      expect(response.statusCode).toBe(404);
    }
  });

  it("is refused to other roles, even on their own record", async () => {
    const { user, cookie } = await enrolledUser();
    const other = await createUser(t.app.db, { username: "not-admin-target" });
    for (const id of [user.id, other.id]) {
      for (const method of ["GET", "DELETE"] as const) {
        const response = await t.request({ method, url: `/api/users/${id}/two-factor`, cookie });
        expect(response.statusCode).toBe(403);
      }
    }
    const anonymous = await t.request({
      method: "DELETE",
      url: `/api/users/${user.id}/two-factor`,
    });
    expect(anonymous.statusCode).toBe(401);
    const status = await t.request({ method: "GET", url: "/api/auth/two-factor", cookie });
    expect(status.json().enabled).toBe(true);
  });
});

describe("the activity log", () => {
  const post = (url: string, cookie: string, payload: object) =>
    t.request({ method: "POST", url, cookie, payload });
  /** What one account-security record of `user` looks like, done by `by` (the user by default). */
  const record = (
    action: string,
    user: { id: number; username: string },
    { area = "auth", by = user.id, detail = null as unknown } = {},
  ) => ({
    action,
    area,
    itemId: user.id,
    itemLabel: user.username,
    userId: by,
    ipAddress: "127.0.0.1",
    changes: null,
    detail,
  });

  it("records turning it on with the confirming code, not the setup or a wrong code", async () => {
    const { user, cookie } = await t.signedInUser({ username: "logged-enrol" });
    const mark = await activityMark(t.app.db);
    const { secret } = (await post("/api/auth/two-factor/setup", cookie, {})).json();
    const wrong = await post("/api/auth/two-factor/confirm", cookie, {
      code: totpCode(secret, now + 5 * 60_000),
    });
    expect(wrong.statusCode).toBe(400);
    expect(await activitySince(t.app.db, mark)).toEqual([]);
    const right = await post("/api/auth/two-factor/confirm", cookie, {
      code: totpCode(secret, now),
    });
    expect(right.statusCode).toBe(200);
    const added = await activitySince(t.app.db, mark);
    expect(added).toEqual([record("two_factor_enable", user)]);
    expect(JSON.stringify(added)).not.toContain(secret);
  });

  it("records a recovery code used at sign-in beside the sign-in; a TOTP code only the sign-in", async () => {
    const { user, secret, recoveryCodes } = await enrolledUser();
    let { pending } = await passwordStep(user.username);
    let mark = await activityMark(t.app.db);
    expect((await verify(pending, recoveryCodes[0]!)).statusCode).toBe(200);
    const added = await activitySince(t.app.db, mark);
    expect(added).toEqual([
      record("recovery_code_use", user, { detail: { recoveryCodesLeft: 9 } }),
      {
        ...record("sign_in", user, { detail: { method: "password", secondFactor: "recovery" } }),
        itemLabel: null,
      },
    ]);
    expect(JSON.stringify(added)).not.toContain(recoveryCodes[0]!);

    // A spent code again is a failed sign-in, and no code is used.
    ({ pending } = await passwordStep(user.username));
    mark = await activityMark(t.app.db);
    expect((await verify(pending, recoveryCodes[0]!)).statusCode).toBe(401);
    expect((await activitySince(t.app.db, mark)).map((row) => row.action)).toEqual([
      "sign_in_failed",
    ]);

    mark = await activityMark(t.app.db);
    expect((await verify(pending, totpCode(secret, now))).statusCode).toBe(200);
    expect(await activitySince(t.app.db, mark)).toEqual([
      {
        ...record("sign_in", user, { detail: { method: "password", secondFactor: "totp" } }),
        itemLabel: null,
      },
    ]);
  });

  it("records turning it off, with a recovery code as spent too; nothing for a refusal", async () => {
    const { user, cookie, recoveryCodes } = await enrolledUser();
    let mark = await activityMark(t.app.db);
    const disable = (payload: object) => post("/api/auth/two-factor/disable", cookie, payload);
    expect((await disable({ code: "000000" })).statusCode).toBe(400);
    expect((await disable({ password: "not-it" })).statusCode).toBe(400);
    expect(await activitySince(t.app.db, mark)).toEqual([]);
    expect((await disable({ code: recoveryCodes[3]! })).statusCode).toBe(200);
    expect(await activitySince(t.app.db, mark)).toEqual([
      record("recovery_code_use", user, { detail: { recoveryCodesLeft: 9 } }),
      record("two_factor_disable", user),
    ]);
    // Already off: the password is right, but nothing changes, so nothing is recorded.
    mark = await activityMark(t.app.db);
    expect((await disable({ password: TEST_PASSWORD })).statusCode).toBe(200);
    expect(await activitySince(t.app.db, mark)).toEqual([]);

    const other = await enrolledUser();
    mark = await activityMark(t.app.db);
    const off = await post("/api/auth/two-factor/disable", other.cookie, {
      password: TEST_PASSWORD,
    });
    expect(off.statusCode).toBe(200);
    expect(await activitySince(t.app.db, mark)).toEqual([record("two_factor_disable", other.user)]);
  });

  it("records new recovery codes once, with how many and never the codes; nothing for a wrong code", async () => {
    const { user, cookie, secret, recoveryCodes } = await enrolledUser();
    const regenerate = (code: string) =>
      post("/api/auth/two-factor/recovery-codes", cookie, { code });
    let mark = await activityMark(t.app.db);
    expect((await regenerate(totpCode(secret, now + 5 * 60_000))).statusCode).toBe(400);
    expect(await activitySince(t.app.db, mark)).toEqual([]);

    const response = await regenerate(totpCode(secret, now));
    expect(response.statusCode).toBe(200);
    const fresh = response.json().recoveryCodes as string[];
    const added = await activitySince(t.app.db, mark);
    expect(added).toEqual([
      record("recovery_codes_regenerate", user, { detail: { codes: fresh.length } }),
    ]);
    for (const code of [...fresh, ...recoveryCodes])
      expect(JSON.stringify(added)).not.toContain(code);

    // The same code again is used up: refused, and nothing more is recorded.
    mark = await activityMark(t.app.db);
    expect((await regenerate(totpCode(secret, now))).statusCode).toBe(400);
    expect(await activitySince(t.app.db, mark)).toEqual([]);
  });

  it("records an administrator's reset in the user's history, once there was one to reset", async () => {
    const { user, cookie } = await enrolledUser();
    const reset = (as: string) =>
      t.request({ method: "DELETE", url: `/api/users/${user.id}/two-factor`, cookie: as });
    const mark = await activityMark(t.app.db);
    expect((await reset(cookie)).statusCode).toBe(403);
    expect(await activitySince(t.app.db, mark)).toEqual([]);
    expect((await reset(adminCookie)).statusCode).toBe(204);
    expect(await activitySince(t.app.db, mark)).toEqual([
      record("two_factor_reset", user, { area: "users", by: adminId }),
    ]);
    // Nothing left to reset: 204 as before, no record.
    const again = await activityMark(t.app.db);
    expect((await reset(adminCookie)).statusCode).toBe(204);
    expect(await activitySince(t.app.db, again)).toEqual([]);
  });
});
