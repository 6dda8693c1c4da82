// The log of Google sign-ins, successful and refused: each refusal is there with its reason, and
// no authorization code, state, ID token or session token ever is.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../../tests/support/factories";
import {
  followToCallback,
  googleEnv,
  type OidcIssuer,
  startOidcIssuer,
} from "../../../../tests/support/oidc-issuer";
import { buildTestApp, type TestApp } from "../../../../tests/support/test-app";
import { GOOGLE_STATE_COOKIE } from "./routes";

const PUBLIC_URL = "http://quartermaster.test";
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;
const lines: string[] = [];
let issuer: OidcIssuer;
let t: TestApp;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  issuer.configure(REDIRECT_URI);
  t = await buildTestApp(
    { LOG_LEVEL: "info", ...googleEnv(issuer, PUBLIC_URL) },
    { logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(async () => {
  await t?.close();
  await issuer?.close();
});

async function roundTrip(email: string) {
  issuer.signInAs({ sub: `log-${email}`, email, email_verified: true });
  const started = await t.app.inject({ method: "GET", url: "/api/auth/google" });
  const state = started.cookies.find((cookie) => cookie.name === GOOGLE_STATE_COOKIE)!.value;
  const callback = await followToCallback(started.headers.location as string, REDIRECT_URI);
  const url = `${callback.pathname}${callback.search}`;
  const cookie = `${GOOGLE_STATE_COOKIE}=${state}`;
  const response = await t.app.inject({ method: "GET", url, headers: { cookie } });
  return { response, url, cookie, state, code: callback.searchParams.get("code")! };
}

describe("the Google sign-in log", () => {
  it("names each refusal's reason and carries no code, state or token", async () => {
    await createUser(t.app.db, { email: "logged.in@example.com" });
    const success = await roundTrip("logged.in@example.com");
    const session = success.response.cookies.find((cookie) => cookie.name === "qm_session")!;
    const refused = await roundTrip("stranger@example.com");
    const replay = await t.app.inject({
      method: "GET",
      url: success.url,
      headers: { cookie: success.cookie },
    });
    expect(replay.headers.location).toBe("/login?error=google_expired");

    const log = lines.join("");
    expect(log).toContain('"reason":"google_unknown"');
    expect(log).toContain('"reason":"google_expired"');
    expect(log).toContain("Google sign-in refused");
    expect(log).toContain("/api/auth/google/callback?code=[redacted]");
    for (const secret of [
      success.code,
      success.state,
      refused.code,
      refused.state,
      session.value,
    ]) {
      expect(log).not.toContain(secret);
    }
    // No JSON Web Token (an ID token) anywhere.
    expect(log).not.toMatch(/eyJ[\w-]+\.eyJ/);
  });
});
