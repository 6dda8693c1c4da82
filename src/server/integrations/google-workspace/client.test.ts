// The Google Workspace client against the stand-in written from Google's references: the
// JWT-bearer grant (signature verified with the key pair's public key), paging by nextPageToken,
// throttling waited within the bound, and each failure mapped to its IntegrationError.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ALL_SCOPES,
  type GoogleWorkspaceStandIn,
  startGoogleWorkspaceStandIn,
} from "../../../../tests/support/google-workspace-stand-in";
import { IntegrationError } from "../connector";
import { createGoogleWorkspaceClient, type GoogleWorkspaceOptions, lastLoginOf } from "./client";

let standIn: GoogleWorkspaceStandIn;
beforeAll(async () => {
  standIn = await startGoogleWorkspaceStandIn();
});
afterAll(() => standIn.close());
afterEach(() => {
  standIn.heal();
  standIn.setDelegatedScopes(ALL_SCOPES);
  standIn.requests.length = 0;
});

const waits: number[] = [];
const client = (overrides: Partial<GoogleWorkspaceOptions> = {}) =>
  createGoogleWorkspaceClient({
    keyFileJson: standIn.keyFileJson,
    admin: "admin@example.com",
    adminApiUrl: standIn.url,
    licensingApiUrl: standIn.url,
    licenseProducts: ["Google-Apps"],
    timeoutMs: 2000,
    maxRetryWaitMs: 10_000,
    sleep: async (ms) => {
      waits.push(ms);
    },
    ...overrides,
  });

async function failure(promise: Promise<unknown>): Promise<IntegrationError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

describe("lastLoginOf", () => {
  it("reads Google's epoch (never signed in) and nonsense as null", () => {
    expect(lastLoginOf("1970-01-01T00:00:00.000Z")).toBeNull();
    expect(lastLoginOf(undefined)).toBeNull();
    expect(lastLoginOf("soon")).toBeNull();
    expect(lastLoginOf("2026-11-20T09:00:00.000Z")?.toISOString()).toBe("2026-11-20T09:00:00.000Z");
  });
});

describe("the Google Workspace client against the stand-in", () => {
  it("gets a token with a signed assertion naming the administrator and the scopes", async () => {
    const before = standIn.assertions.length;
    await client().getToken();
    const claims = standIn.assertions[before]!;
    expect(claims.sub).toBe("admin@example.com");
    expect(claims.aud).toBe(standIn.tokenUri);
    expect(String(claims.scope).split(" ").sort()).toEqual([...ALL_SCOPES].sort());
  });

  it("reads every page of users and of assignments, and the domains, into one snapshot", async () => {
    const snapshot = await client().read();
    expect(snapshot.customerId).toBe("C03az79cb");
    expect(snapshot.people.map((person) => person.email)).toEqual([
      "ana@example.com",
      "bo@example.com",
      "cy@example.org",
      "dee@example.com",
      "eve@example.com",
    ]);
    const cy = snapshot.people.find((person) => person.email === "cy@example.org")!;
    expect(cy.enabled).toBe(false);
    expect(cy.lastSignInAt?.toISOString()).toBe("2026-10-01T09:00:00.000Z");
    expect(
      snapshot.people.find((person) => person.email === "dee@example.com")!.lastSignInAt,
    ).toBeNull();
    expect(snapshot.domains).toEqual([
      { name: "example.com", primary: true },
      { name: "example.org", primary: false },
    ]);
    expect(snapshot.assignments).toHaveLength(4);
    expect(snapshot.assignments[2]).toMatchObject({
      skuId: "1010020027",
      skuName: "Google Workspace Business Starter",
      email: "cy@example.org",
    });
    // Pages of two: users in three requests, assignments in two, the second with the first's token.
    const userPages = standIn.requests.filter((r) => r.includes("/admin/directory/v1/users"));
    expect(userPages).toHaveLength(3);
    expect(userPages[1]).toContain("pageToken=page-2");
    const licensePages = standIn.requests.filter((r) =>
      r.includes("/apps/licensing/v1/product/Google-Apps/users"),
    );
    expect(licensePages).toHaveLength(2);
    expect(licensePages.every((r) => r.includes("customerId=C03az79cb"))).toBe(true);
  });

  it("waits out 429 and rateLimitExceeded, then goes on", async () => {
    waits.length = 0;
    standIn.fail(
      { kind: "status", status: 429, reason: "rateLimitExceeded", retryAfter: 2 },
      { match: "/users?", times: 1 },
    );
    standIn.fail(
      { kind: "status", status: 403, reason: "userRateLimitExceeded" },
      { match: "/domains", times: 1 },
    );
    const snapshot = await client().read();
    expect(snapshot.people).toHaveLength(5);
    expect(waits).toEqual([2000, 1000]);
  });

  it("answers THROTTLED when throttling outlasts the bound, having waited only within it", async () => {
    waits.length = 0;
    standIn.fail(
      { kind: "status", status: 429, reason: "rateLimitExceeded" },
      { match: "/admin/directory" },
    );
    const error = await failure(client({ maxRetryWaitMs: 3000 }).read());
    expect(error.code).toBe("INTEGRATION_THROTTLED");
    expect(waits.reduce((sum, ms) => sum + ms, 0)).toBeLessThanOrEqual(3000);
    expect(waits.length).toBeGreaterThan(0);
  });

  it("retries a 503 and answers UNREACHABLE when it persists", async () => {
    standIn.fail(
      { kind: "status", status: 503, reason: "backendError" },
      { match: "/domains", times: 1 },
    );
    expect((await client().read()).domains).toHaveLength(2);
    standIn.fail({ kind: "status", status: 503, reason: "backendError" }, { match: "/domains" });
    expect((await failure(client({ maxRetryWaitMs: 0 }).read())).code).toBe(
      "INTEGRATION_UNREACHABLE",
    );
  });

  it("refuses a key whose signature the stand-in cannot verify", async () => {
    const error = await failure(client({ keyFileJson: standIn.wrongKeyFileJson }).read());
    expect(error.code).toBe("INTEGRATION_CREDENTIALS_REFUSED");
    expect(error.message).toContain("GOOGLE_WORKSPACE_CREDENTIALS_FILE");
  });

  it("names the administrator Google does not know", async () => {
    const error = await failure(client({ admin: "nobody@example.com" }).read());
    expect(error.code).toBe("INTEGRATION_CREDENTIALS_REFUSED");
    expect(error.message).toContain("GOOGLE_WORKSPACE_ADMIN (nobody@example.com)");
  });

  it("names the scopes when domain-wide delegation lacks one", async () => {
    standIn.setDelegatedScopes(ALL_SCOPES.slice(0, 2));
    const error = await failure(client().read());
    expect(error.code).toBe("INTEGRATION_PERMISSION_MISSING");
    expect(error.message).toContain("https://www.googleapis.com/auth/apps.licensing");
  });

  it("maps a 403 from an API to PERMISSION_MISSING naming its scope", async () => {
    standIn.fail(
      {
        kind: "status",
        status: 403,
        reason: "forbidden",
        message: "Not Authorized to access this resource/api",
      },
      { match: "/apps/licensing" },
    );
    const error = await failure(client().read());
    expect(error.code).toBe("INTEGRATION_PERMISSION_MISSING");
    expect(error.message).toContain("apps.licensing");
  });

  it("maps an unknown customer to UNKNOWN_TENANT", async () => {
    const error = await failure(client({ customerId: "C0nobody" }).read());
    expect(error.code).toBe("INTEGRATION_UNKNOWN_TENANT");
    expect(error.message).toContain("C0nobody");
  });

  it("maps a malformed or misshapen answer to BAD_ANSWER", async () => {
    standIn.fail({ kind: "malformed" }, { match: "/domains", times: 1 });
    expect((await failure(client().read())).code).toBe("INTEGRATION_BAD_ANSWER");
    standIn.fail({ kind: "wrong-shape" }, { match: "/admin/directory/v1/users", times: 1 });
    expect((await failure(client().read())).code).toBe("INTEGRATION_BAD_ANSWER");
  });

  it("maps a refused token on an API call to CREDENTIALS_REFUSED", async () => {
    standIn.fail(
      { kind: "status", status: 401, reason: "authError", message: "Invalid Credentials" },
      { match: "/admin/directory/v1/users" },
    );
    expect((await failure(client().read())).code).toBe("INTEGRATION_CREDENTIALS_REFUSED");
  });

  it("maps an unreachable host to UNREACHABLE, and a broken key file to CREDENTIALS_REFUSED", async () => {
    const error = await failure(client({ adminApiUrl: "http://127.0.0.1:1" }).read());
    expect(error.code).toBe("INTEGRATION_UNREACHABLE");
    expect(() => client({ keyFileJson: "{" })).toThrow(IntegrationError);
    expect(() => client({ keyFileJson: JSON.stringify({ type: "authorized_user" }) })).toThrow(
      /not a service account key/,
    );
  });

  it("never puts the private key or the token in a message", async () => {
    const error = await failure(client({ keyFileJson: standIn.wrongKeyFileJson }).read());
    expect(error.message).not.toContain("PRIVATE KEY");
    expect(error.message).not.toContain("ya29");
  });
});
