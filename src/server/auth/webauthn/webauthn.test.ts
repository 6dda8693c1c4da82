// Passkey routes on a real database, with a software authenticator signing real assertions, and
// what they record in the activity log.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityMark, activitySince } from "../../../../tests/support/activity";
import { createUser } from "../../../../tests/support/factories";
import { SoftAuthenticator } from "../../../../tests/support/soft-authenticator";
import { buildTestApp, type TestApp } from "../../../../tests/support/test-app";
import { BIOMETRIC_USERNAME_REQUIRED } from "../../../domain/schemas/webauthn-messages";
import {
  loginThrottle,
  users,
  userTwoFactor,
  webauthnChallenges,
  webauthnCredentials,
} from "../../db/schema";

// inject() requests come to http://localhost, a loopback host: the unconfigured default serves it.
const ORIGIN = "http://localhost";
const RP_ID = "localhost";

let t: TestApp;
beforeAll(async () => {
  // Many refusals on purpose from one address; the limit itself is tested on its own app below.
  t = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: "10000" });
});
afterAll(() => t.close());

// biome-ignore lint/suspicious/noExplicitAny: what response.json() gives; the tests read answers freely.
type Json = Record<string, any>;

const post = (url: string, payload: unknown, cookie?: string) =>
  t.request({ method: "POST", url, payload: payload as Json, cookie });

async function loginOptions(username: string) {
  const response = await post("/api/auth/webauthn/login/options", { username });
  expect(response.statusCode).toBe(200);
  return response.json().options as Json;
}

/** A signed-in user with one passkey registered through the API. */
async function userWithPasskey(credentialName?: string) {
  const { user, cookie } = await t.signedInUser();
  const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
  const options = (
    await post("/api/auth/webauthn/register/options", { username: user.username }, cookie)
  ).json().options;
  const response = await post(
    "/api/auth/webauthn/register/verify",
    { attestationResponse: authenticator.register(options), credentialName },
    cookie,
  );
  expect(response.statusCode, response.body).toBe(201);
  return { user, cookie, authenticator, credential: response.json().credential as Json };
}

async function passkeyLogin(
  authenticator: SoftAuthenticator,
  username: string,
  sign: Parameters<SoftAuthenticator["authenticate"]>[1] = {},
  cookie?: string,
) {
  const options = await loginOptions(username);
  return post(
    "/api/auth/webauthn/login/verify",
    { authenticationResponse: authenticator.authenticate(options as never, sign) },
    cookie,
  );
}

describe("POST /api/auth/webauthn/login/options", () => {
  it("offers the user's passkeys, with user verification required", async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await loginOptions(user.username.toUpperCase());
    expect(options.rpId).toBe(RP_ID);
    expect(options.userVerification).toBe("required");
    expect(options.allowCredentials).toEqual([
      {
        id: authenticator.credentials[0]!.id && expect.any(String),
        type: "public-key",
        transports: ["internal"],
      },
    ]);
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{32,}$/);
  });

  it("answers unknown, passkey-less and deactivated usernames in the same shape, with no credentials", async () => {
    const { user: withPasskey } = await userWithPasskey();
    const plain = await createUser(t.app.db);
    const { user: gone } = await userWithPasskey();
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, gone.id));

    const known = await post("/api/auth/webauthn/login/options", {
      username: withPasskey.username,
    });
    const shape = (body: Json) => ({
      keys: Object.keys(body).sort(),
      optionKeys: Object.keys(body.options).sort(),
    });
    for (const username of ["nobody-at-all", plain.username, gone.username]) {
      const response = await post("/api/auth/webauthn/login/options", { username });
      expect(response.statusCode).toBe(200);
      expect(response.json().success).toBe(true);
      expect(response.json().options.allowCredentials).toEqual([]);
      expect(shape(response.json())).toEqual(shape(known.json()));
    }
  });

  it("needs a username, with the spec's message", async () => {
    for (const payload of [{}, { username: "   " }]) {
      const response = await post("/api/auth/webauthn/login/options", payload);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: "VALIDATION_FAILED",
        message: BIOMETRIC_USERNAME_REQUIRED,
      });
    }
  });
});

describe("POST /api/auth/webauthn/login/verify", () => {
  it("signs in as a password sign-in does: new session, cookie, user; stores counter and last use", async () => {
    const { user, authenticator, cookie: oldCookie } = await userWithPasskey();
    const response = await passkeyLogin(authenticator, user.username, {}, oldCookie);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      user: expect.objectContaining({ id: user.id, username: user.username, isAdmin: false }),
    });
    const session = response.cookies.find((c) => c.name === "qm_session")!;
    expect(session.httpOnly).toBe(true);
    expect(session.sameSite).toBe("Lax");
    const status = await t.request({
      method: "GET",
      url: "/api/auth/status",
      cookie: `qm_session=${session.value}`,
    });
    expect(status.json()).toMatchObject({ authenticated: true, user: { id: user.id } });
    // The session the request carried is replaced, as on a password sign-in.
    const old = await t.request({ method: "GET", url: "/api/auth/status", cookie: oldCookie });
    expect(old.json().authenticated).toBe(false);

    const [row] = await t.app.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.userId, user.id));
    expect(row!.counter).toBe(1);
    expect(row!.lastUsed).toBeInstanceOf(Date);
  });

  it("counts as both factors: a user with two-factor on gets a session, not a code step", async () => {
    const { user, authenticator } = await userWithPasskey();
    await t.app.db
      .insert(userTwoFactor)
      .values({ userId: user.id, secretCiphertext: "sealed", enabledAt: new Date() });
    expect(
      (await post("/api/auth/login", { username: user.username, password: "password123" })).json(),
    ).not.toHaveProperty("user");
    const response = await passkeyLogin(authenticator, user.username);
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name === "qm_session")!;
    const status = await t.request({
      method: "GET",
      url: "/api/auth/status",
      cookie: `qm_session=${session.value}`,
    });
    expect(status.json()).toMatchObject({ authenticated: true, user: { id: user.id } });
  });

  it("uses a challenge once: a replayed assertion is refused", async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await loginOptions(user.username);
    const assertion = authenticator.authenticate(options as never);
    const first = await post("/api/auth/webauthn/login/verify", {
      authenticationResponse: assertion,
    });
    expect(first.statusCode).toBe(200);
    const replay = await post("/api/auth/webauthn/login/verify", {
      authenticationResponse: assertion,
    });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().code).toBe("PASSKEY_NOT_VERIFIED");
    expect(replay.cookies.find((c) => c.name === "qm_session")).toBeUndefined();
  });

  it("refuses an expired challenge", async () => {
    const { user, authenticator } = await userWithPasskey();
    const options = await loginOptions(user.username);
    await t.app.db
      .update(webauthnChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(webauthnChallenges.id, options.challenge));
    const response = await post("/api/auth/webauthn/login/verify", {
      authenticationResponse: authenticator.authenticate(options as never),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("PASSKEY_NOT_VERIFIED");
  });

  it("refuses a cloned authenticator: a counter that does not move forward", async () => {
    const { user, authenticator } = await userWithPasskey();
    expect((await passkeyLogin(authenticator, user.username)).statusCode).toBe(200); // counter 1
    expect((await passkeyLogin(authenticator, user.username)).statusCode).toBe(200); // counter 2
    // A copy of the key that last signed at 2 (equal) or 1 (lower).
    for (const counter of [2, 1]) {
      const response = await passkeyLogin(authenticator, user.username, { counter });
      expect(response.statusCode, `counter ${counter}`).toBe(401);
      expect(response.json().code).toBe("PASSKEY_COUNTER_REPLAYED");
    }
    // The server holds a higher count than this authenticator knows (the clone signed first).
    await t.app.db
      .update(webauthnCredentials)
      .set({ counter: 4_000_000_000 })
      .where(eq(webauthnCredentials.userId, user.id));
    const behind = await passkeyLogin(authenticator, user.username);
    expect(behind.json().code).toBe("PASSKEY_COUNTER_REPLAYED");
    // Counters up to 2^32 - 1 are stored (beyond a signed 32-bit integer).
    const ahead = await passkeyLogin(authenticator, user.username, { counter: 4_294_967_295 });
    expect(ahead.statusCode).toBe(200);
  });

  it("refuses parallel uses of one counter value: only one wins", async () => {
    const { user, authenticator } = await userWithPasskey();
    const [a, b] = [await loginOptions(user.username), await loginOptions(user.username)];
    const answers = await Promise.all(
      [a, b].map((options) =>
        post("/api/auth/webauthn/login/verify", {
          authenticationResponse: authenticator.authenticate(options as never, { counter: 7 }),
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it("requires user verification, the right origin and a live user", async () => {
    const { user, authenticator } = await userWithPasskey();
    const noUv = await passkeyLogin(authenticator, user.username, { userVerified: false });
    expect(noUv.statusCode).toBe(401);
    const phished = await passkeyLogin(authenticator, user.username, {
      origin: "https://evil.example",
    });
    expect(phished.statusCode).toBe(401);
    expect(phished.json().code).toBe("PASSKEY_NOT_VERIFIED");

    const options = await loginOptions(user.username);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, user.id));
    const inactive = await post("/api/auth/webauthn/login/verify", {
      authenticationResponse: authenticator.authenticate(options as never),
    });
    expect(inactive.statusCode).toBe(401);
  });

  it("refuses another user's passkey answering this user's challenge", async () => {
    const alice = await userWithPasskey();
    const mallory = await userWithPasskey();
    const options = await loginOptions(alice.user.username);
    const response = await post("/api/auth/webauthn/login/verify", {
      authenticationResponse: mallory.authenticator.authenticate(options as never),
    });
    expect(response.statusCode).toBe(401);
  });

  it("answers garbage with 400 or 401, never 500", async () => {
    const bodies = [
      {},
      { authenticationResponse: {} },
      {
        authenticationResponse: {
          id: "abc",
          rawId: "abc",
          type: "public-key",
          clientExtensionResults: {},
          response: { authenticatorData: "AA", clientDataJSON: "not-json", signature: "AA" },
        },
      },
    ];
    for (const body of bodies) {
      const response = await post("/api/auth/webauthn/login/verify", body);
      expect([400, 401]).toContain(response.statusCode);
    }
  });
});

describe("registration", () => {
  it("needs a session", async () => {
    expect((await post("/api/auth/webauthn/register/options", {})).statusCode).toBe(401);
    expect((await post("/api/auth/webauthn/register/verify", {})).statusCode).toBe(401);
  });

  it("offers options for the signed-in user, excluding passkeys already registered", async () => {
    const { user, cookie, authenticator } = await userWithPasskey();
    const response = await post("/api/auth/webauthn/register/options", {}, cookie);
    expect(response.statusCode).toBe(200);
    const { options } = response.json();
    expect(options.rp).toEqual({ name: "Quartermaster", id: RP_ID });
    expect(options.user.name).toBe(user.username);
    expect(options.authenticatorSelection.userVerification).toBe("required");
    expect(options.excludeCredentials).toHaveLength(authenticator.credentials.length);
  });

  it("names a passkey 'My Device' by default, or as given", async () => {
    const unnamed = await userWithPasskey();
    expect(unnamed.credential).toEqual({
      id: expect.any(Number),
      credentialName: "My Device",
      lastUsed: null,
      createdAt: expect.any(String),
    });
    const named = await userWithPasskey("  Work laptop  ");
    expect(named.credential.credentialName).toBe("Work laptop");
  });

  it("refuses a used challenge, someone else's challenge, a wrong origin and no user verification", async () => {
    const a = await t.signedInUser();
    const b = await t.signedInUser();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    const optionsFor = async (cookie: string) =>
      (await post("/api/auth/webauthn/register/options", {}, cookie)).json().options;
    const verify = (attestationResponse: unknown, cookie: string) =>
      post("/api/auth/webauthn/register/verify", { attestationResponse }, cookie);

    const once = authenticator.register(await optionsFor(a.cookie));
    expect((await verify(once, a.cookie)).statusCode).toBe(201);
    expect((await verify(once, a.cookie)).json().code).toBe("PASSKEY_NOT_VERIFIED");

    const stolen = authenticator.register(await optionsFor(a.cookie));
    expect((await verify(stolen, b.cookie)).statusCode).toBe(401);

    const wrongOrigin = authenticator.register(await optionsFor(a.cookie), {
      origin: "https://evil.example",
    });
    expect((await verify(wrongOrigin, a.cookie)).statusCode).toBe(401);
    const noUv = authenticator.register(await optionsFor(a.cookie), { userVerified: false });
    expect((await verify(noUv, a.cookie)).statusCode).toBe(401);
  });

  it("refuses the same authenticator credential twice with 409", async () => {
    const { cookie, authenticator } = await userWithPasskey();
    const options = (await post("/api/auth/webauthn/register/options", {}, cookie)).json().options;
    const again = authenticator.register(options, { sameIdAs: authenticator.credentials[0] });
    const response = await post(
      "/api/auth/webauthn/register/verify",
      { attestationResponse: again },
      cookie,
    );
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("PASSKEY_ALREADY_REGISTERED");
  });

  it("refuses a name over 100 characters", async () => {
    const { cookie } = await t.signedInUser();
    const response = await post(
      "/api/auth/webauthn/register/verify",
      {
        attestationResponse: new SoftAuthenticator(ORIGIN, RP_ID).register({ challenge: "x" }),
        credentialName: "x".repeat(101),
      },
      cookie,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().errors[0].path).toBe("credentialName");
  });
});

describe("credentials", () => {
  it("lists only the caller's own passkeys, with last use", async () => {
    const alice = await userWithPasskey("Alice phone");
    await userWithPasskey("Bob phone");
    expect((await passkeyLogin(alice.authenticator, alice.user.username)).statusCode).toBe(200);
    const response = await t.request({
      method: "GET",
      url: "/api/auth/webauthn/credentials",
      cookie: await t.login(alice.user.username),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([
      {
        id: alice.credential.id,
        credentialName: "Alice phone",
        lastUsed: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        createdAt: expect.any(String),
      },
    ]);
    expect(response.body).not.toContain("PublicKey");
  });

  it("deletes one's own passkey; anyone else's, even an administrator's attempt, is not found", async () => {
    const alice = await userWithPasskey();
    const bob = await t.signedInUser();
    const admin = await t.signedInUser({ role: "admin" });
    const remove = (cookie: string) =>
      t.request({
        method: "DELETE",
        url: `/api/auth/webauthn/credentials/${alice.credential.id}`,
        cookie,
      });
    for (const other of [bob.cookie, admin.cookie]) {
      const response = await remove(other);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("NOT_FOUND");
    }
    expect((await remove(alice.cookie)).statusCode).toBe(204);
    expect((await remove(alice.cookie)).statusCode).toBe(404);
    expect((await loginOptions(alice.user.username)).allowCredentials).toEqual([]);
    // The deleted passkey no longer signs in, even with a challenge issued before.
  });
});

describe("relying party", () => {
  it("refuses a non-loopback host when nothing is configured", async () => {
    const response = await t.request({
      method: "POST",
      url: "/api/auth/webauthn/login/options",
      payload: { username: "anyone" },
      headers: { host: "assets.example.com" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe("PASSKEYS_NOT_CONFIGURED");
  });

  it("uses PUBLIC_URL's host and origin when set, whatever the Host header", async () => {
    const configured = await buildTestApp({ PUBLIC_URL: "https://assets.example.com/" });
    try {
      const { user, cookie } = await configured.signedInUser();
      const options = (
        await configured.request({
          method: "POST",
          url: "/api/auth/webauthn/register/options",
          payload: {},
          cookie,
        })
      ).json().options;
      expect(options.rp.id).toBe("assets.example.com");
      const good = new SoftAuthenticator("https://assets.example.com", "assets.example.com");
      const ok = await configured.request({
        method: "POST",
        url: "/api/auth/webauthn/register/verify",
        payload: { attestationResponse: good.register(options) },
        cookie,
      });
      expect(ok.statusCode).toBe(201);
      // Loopback is not special once configured: an assertion made for localhost is refused.
      const local = new SoftAuthenticator(ORIGIN, RP_ID);
      const login = (
        await configured.request({
          method: "POST",
          url: "/api/auth/webauthn/login/options",
          payload: { username: user.username },
        })
      ).json().options;
      const refused = await configured.request({
        method: "POST",
        url: "/api/auth/webauthn/login/verify",
        payload: {
          authenticationResponse: local.authenticate(login, { credential: good.credentials[0] }),
        },
      });
      expect(refused.statusCode).toBe(401);
    } finally {
      await configured.close();
    }
  });
});

describe("failed passkey sign-ins", () => {
  it("count against the address like wrong passwords, never against the account", async () => {
    const limited = await buildTestApp({ LOGIN_MAX_FAILURES_PER_ADDRESS: "3" });
    try {
      const send = (payload: unknown) =>
        limited.request({
          method: "POST",
          url: "/api/auth/webauthn/login/verify",
          payload: payload as Json,
        });
      const options = async (username: string) =>
        (
          await limited.request({
            method: "POST",
            url: "/api/auth/webauthn/login/options",
            payload: { username },
          })
        ).json().options;
      const { user, cookie } = await limited.signedInUser();
      const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
      const registration = (
        await limited.request({
          method: "POST",
          url: "/api/auth/webauthn/register/options",
          payload: {},
          cookie,
        })
      ).json().options;
      await limited.request({
        method: "POST",
        url: "/api/auth/webauthn/register/verify",
        payload: { attestationResponse: authenticator.register(registration) },
        cookie,
      });
      // Successes hand their reservation back: more of them than the limit all pass.
      for (let i = 0; i < 4; i++) {
        const ok = await send({
          authenticationResponse: authenticator.authenticate(await options(user.username)),
        });
        expect(ok.statusCode).toBe(200);
      }
      for (let i = 0; i < 3; i++) {
        const bad = await send({
          authenticationResponse: authenticator.authenticate(await options(user.username), {
            userVerified: false,
          }),
        });
        expect(bad.statusCode).toBe(401);
      }
      const lockedMark = await activityMark(limited.app.db);
      const locked = await send({
        authenticationResponse: authenticator.authenticate(await options(user.username)),
      });
      expect(locked.statusCode).toBe(429);
      // The failures that started the lock are recorded; a refusal while it lasts is not.
      expect(await activitySince(limited.app.db, lockedMark)).toEqual([]);
      expect(locked.json().code).toBe("RATE_LIMITED");
      expect(Number(locked.headers["retry-after"])).toBeGreaterThan(0);
      const keys = (await limited.app.db.select().from(loginThrottle)).map((row) => row.key);
      expect(keys).not.toContain(`user:${user.username.toLowerCase()}`);
    } finally {
      await limited.close();
    }
  });
});

describe("the activity log", () => {
  /** A passkey sign-in failure as recorded: nobody signed in, the account whose challenge it was. */
  const failure = (
    user: { id: number; username: string } | null,
    reason: "PASSKEY_NOT_VERIFIED" | "PASSKEY_COUNTER_REPLAYED",
  ) => ({
    action: "sign_in_failed",
    area: "auth",
    itemId: user?.id ?? null,
    itemLabel: user?.username ?? null,
    userId: null,
    ipAddress: "127.0.0.1",
    changes: null,
    detail: { method: "passkey", reason },
  });

  it("records a passkey registered and removed by its owner, with its name; no key material", async () => {
    const { user, cookie } = await t.signedInUser();
    const authenticator = new SoftAuthenticator(ORIGIN, RP_ID);
    const options = (await post("/api/auth/webauthn/register/options", {}, cookie)).json().options;
    const mark = await activityMark(t.app.db);
    const unverified = await post(
      "/api/auth/webauthn/register/verify",
      { attestationResponse: authenticator.register(options, { userVerified: false }) },
      cookie,
    );
    expect(unverified.statusCode).toBe(401);
    expect(await activitySince(t.app.db, mark)).toEqual([]);

    const fresh = (await post("/api/auth/webauthn/register/options", {}, cookie)).json().options;
    const added = await post(
      "/api/auth/webauthn/register/verify",
      { attestationResponse: authenticator.register(fresh), credentialName: "Work laptop" },
      cookie,
    );
    expect(added.statusCode).toBe(201);
    const passkeyId = added.json().credential.id as number;
    const account = {
      area: "auth",
      itemId: user.id,
      itemLabel: user.username,
      userId: user.id,
      ipAddress: "127.0.0.1",
      changes: null,
      detail: { passkeyId, passkeyName: "Work laptop" },
    };
    const records = await activitySince(t.app.db, mark);
    expect(records).toEqual([{ action: "passkey_add", ...account }]);
    const [stored] = await t.app.db
      .select()
      .from(webauthnCredentials)
      .where(eq(webauthnCredentials.id, passkeyId));
    expect(JSON.stringify(records)).not.toContain(stored!.credentialPublicKey);
    expect(JSON.stringify(records)).not.toContain(stored!.credentialId);

    const someoneElse = await t.signedInUser({ role: "admin" });
    const removeMark = await activityMark(t.app.db);
    const remove = (as: string) =>
      t.request({
        method: "DELETE",
        url: `/api/auth/webauthn/credentials/${passkeyId}`,
        cookie: as,
      });
    expect((await remove(someoneElse.cookie)).statusCode).toBe(404);
    expect(await activitySince(t.app.db, removeMark)).toEqual([]);
    expect((await remove(cookie)).statusCode).toBe(204);
    expect(await activitySince(t.app.db, removeMark)).toEqual([
      { action: "passkey_remove", ...account },
    ]);
  });

  it("records a passkey sign-in as the user, by its method", async () => {
    const { user, authenticator } = await userWithPasskey();
    const mark = await activityMark(t.app.db);
    expect((await passkeyLogin(authenticator, user.username)).statusCode).toBe(200);
    expect(await activitySince(t.app.db, mark)).toEqual([
      {
        action: "sign_in",
        area: "auth",
        itemId: user.id,
        itemLabel: null,
        userId: user.id,
        ipAddress: "127.0.0.1",
        changes: null,
        detail: { method: "passkey" },
      },
    ]);
  });

  it("records a failed passkey sign-in against the account whose challenge it answered", async () => {
    const { user, authenticator } = await userWithPasskey();
    let mark = await activityMark(t.app.db);
    const noUv = await passkeyLogin(authenticator, user.username, { userVerified: false });
    expect(noUv.statusCode).toBe(401);
    expect(await activitySince(t.app.db, mark)).toEqual([failure(user, "PASSKEY_NOT_VERIFIED")]);

    expect((await passkeyLogin(authenticator, user.username)).statusCode).toBe(200);
    mark = await activityMark(t.app.db);
    const cloned = await passkeyLogin(authenticator, user.username, { counter: 1 });
    expect(cloned.json().code).toBe("PASSKEY_COUNTER_REPLAYED");
    expect(await activitySince(t.app.db, mark)).toEqual([
      failure(user, "PASSKEY_COUNTER_REPLAYED"),
    ]);

    // A challenge nobody was given (made up, expired, used): no account to name.
    const options = await loginOptions(user.username);
    mark = await activityMark(t.app.db);
    const madeUp = await post("/api/auth/webauthn/login/verify", {
      authenticationResponse: authenticator.authenticate({
        ...options,
        challenge: "bWFkZS11cC1jaGFsbGVuZ2U",
      } as never),
    });
    expect(madeUp.statusCode).toBe(401);
    expect(await activitySince(t.app.db, mark)).toEqual([failure(null, "PASSKEY_NOT_VERIFIED")]);
  });

  it("records nothing for a malformed passkey sign-in", async () => {
    const mark = await activityMark(t.app.db);
    const malformed = await post("/api/auth/webauthn/login/verify", { authenticationResponse: {} });
    expect(malformed.statusCode).toBe(400);
    expect(await activitySince(t.app.db, mark)).toEqual([]);
  });
});
