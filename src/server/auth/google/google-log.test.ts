// The log of Google sign-ins, successful and refused: each refusal is there with its reason, and
// no authorization code, state, ID token or session token ever is.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser } from "../../../../tests/support/factories";
import {
  followToCallback,
  googleEnv,
  type OidcIssuer,
  startOidcIssuer,
} from "../../../../tests/support/oidc-issuer";
import { openTestDatabase } from "../../../../tests/support/test-database";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import { createSecrets } from "../../lib/secrets";
import { GOOGLE_STATE_COOKIE } from "./routes";

const PUBLIC_URL = "http://quartermaster.test";
const REDIRECT_URI = `${PUBLIC_URL}/api/auth/google/callback`;
const lines: string[] = [];
let issuer: OidcIssuer;
let database: Database;
let app: Awaited<ReturnType<typeof buildApp>>;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  issuer.configure(REDIRECT_URI);
  database = await openTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: "info",
    CLIENT_DIR: "/nonexistent",
    DATA_DIR: "/nonexistent",
    ...googleEnv(issuer, PUBLIC_URL),
  });
  app = await buildApp({
    config,
    database,
    secrets: createSecrets(randomBytes(32)),
    logStream: { write: (line) => void lines.push(line) },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  await issuer?.close();
});

async function roundTrip(email: string) {
  issuer.signInAs({ sub: `log-${email}`, email, email_verified: true });
  const started = await app.inject({ method: "GET", url: "/api/auth/google" });
  const state = started.cookies.find((cookie) => cookie.name === GOOGLE_STATE_COOKIE)!.value;
  const callback = await followToCallback(started.headers.location as string, REDIRECT_URI);
  const url = `${callback.pathname}${callback.search}`;
  const cookie = `${GOOGLE_STATE_COOKIE}=${state}`;
  const response = await app.inject({ method: "GET", url, headers: { cookie } });
  return { response, url, cookie, state, code: callback.searchParams.get("code")! };
}

describe("the Google sign-in log", () => {
  it("names each refusal's reason and carries no code, state or token", async () => {
    await createUser(database.db, { email: "logged.in@example.com" });
    const success = await roundTrip("logged.in@example.com");
    const session = success.response.cookies.find((cookie) => cookie.name === "qm_session")!;
    const refused = await roundTrip("stranger@example.com");
    const replay = await app.inject({
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
