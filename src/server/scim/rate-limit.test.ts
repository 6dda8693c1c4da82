// /scim/v2 is rate-limited per SCIM token (SCIM_RATE_LIMIT a minute): past it, a 429 in SCIM's
// error schema with a Retry-After, for that token only.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ScimClient, scimErrorSchema } from "../../../tests/support/scim-client";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import { users } from "../db/schema";

const LIMIT = 3;
let t: TestApp;
let baseUrl: string;
let adminCookie: string;

beforeAll(async () => {
  t = await buildTestApp({ SCIM_RATE_LIMIT: String(LIMIT) });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const address = t.app.server.address();
  if (!address || typeof address === "string") throw new Error("no port");
  baseUrl = `http://127.0.0.1:${address.port}`;
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
});
afterAll(() => t.close());

async function client(name: string) {
  const created = await t.request({
    method: "POST",
    url: "/api/scim-tokens",
    payload: { name },
    cookie: adminCookie,
  });
  expect(created.statusCode, created.body).toBe(201);
  const token = created.json().token as string;
  return { token, scim: new ScimClient(baseUrl, token) };
}

describe("SCIM rate limit", () => {
  it("answers 429 in SCIM's error schema with a Retry-After once a token has used its minute", async () => {
    const entra = await client("Entra ID");
    const okta = await client("Okta");
    for (let n = 0; n < LIMIT; n += 1) {
      expect((await entra.scim.send("GET", "/Users")).status).toBe(200);
    }
    const response = await fetch(`${baseUrl}/scim/v2/Users?filter=userName%20eq%20%22x%22`, {
      headers: { authorization: `Bearer ${entra.token}`, accept: "application/scim+json" },
    });
    expect(response.status).toBe(429);
    expect(response.headers.get("content-type")).toMatch(/^application\/scim\+json/);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    const error = scimErrorSchema.parse(await response.json());
    expect(error.status).toBe("429");
    expect(error.detail).toMatch(/too many requests/i);
    // A create refused by the limit changes nothing.
    const refused = await entra.scim.createUser({ userName: "limited@example.com", active: true });
    expect(refused.status).toBe(429);
    expect(
      await t.app.db.select().from(users).where(eq(users.username, "limited@example.com")),
    ).toHaveLength(0);

    // Another token has its own count.
    expect((await okta.scim.send("GET", "/ServiceProviderConfig")).status).toBe(200);
  });

  it("still answers 401 (not 429) to a request without a valid token", async () => {
    const response = await fetch(`${baseUrl}/scim/v2/Users`, {
      headers: { authorization: "Bearer qms_not-a-real-token" },
    });
    expect(response.status).toBe(401);
  });
});
