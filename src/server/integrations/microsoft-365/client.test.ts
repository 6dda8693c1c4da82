// The Microsoft 365 client against the Graph stand-in (tests/support/graph-stand-in.ts, written
// from Microsoft's reference): the client-credentials token, paging by @odata.nextLink, 429/503
// waited out within the bound, and each refusal mapped to its IntegrationError.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type GraphStandIn,
  sampleTenant,
  startGraphStandIn,
} from "../../../../tests/support/graph-stand-in";
import { IntegrationError } from "../connector";
import { createMicrosoft365Client, type Microsoft365Options } from "./client";

let standIn: GraphStandIn;
beforeAll(async () => {
  standIn = await startGraphStandIn({ tenant: sampleTenant() });
});
afterAll(() => standIn.close());
beforeEach(() => {
  standIn.heal();
  standIn.permissions = new Set(["Organization.Read.All", "User.Read.All", "AuditLog.Read.All"]);
  standIn.premium = true;
  standIn.requests.length = 0;
  standIn.seen.length = 0;
});

const waits: number[] = [];
const client = (overrides: Partial<Microsoft365Options> = {}) =>
  createMicrosoft365Client({
    tenantId: standIn.tenantId,
    clientId: standIn.clientId,
    clientSecret: standIn.clientSecret,
    loginUrl: standIn.url,
    graphUrl: standIn.url,
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
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(IntegrationError);
  return error as IntegrationError;
}

describe("Microsoft 365 client", () => {
  it("reads the SKUs and every page of users with their licenses and sign-ins", async () => {
    const snapshot = await client().read();
    expect(snapshot.skus).toEqual([
      expect.objectContaining({ skuPartNumber: "SPE_E3", enabledUnits: 10, consumedUnits: 4 }),
      expect.objectContaining({ skuPartNumber: "VISIOCLIENT", enabledUnits: 2, consumedUnits: 1 }),
    ]);
    expect(snapshot.signInKnown).toBe(true);
    expect(snapshot.people.map((p) => p.email)).toEqual([
      "ana@example.com",
      "ben@example.com",
      "cleo@example.com",
      "dev@example.com",
      "room@example.com",
    ]);
    const cleo = snapshot.people.find((p) => p.email === "cleo@example.com")!;
    expect(cleo.enabled).toBe(false);
    expect(snapshot.people[0]!.skuIds).toHaveLength(2);
    expect(snapshot.people[0]!.lastSignInAt?.toISOString()).toBe("2026-11-20T09:00:00.000Z");
    // Five users at two a page: three pages, the later two by the link's $skiptoken.
    const userPages = standIn.requests.filter((r) => r.startsWith("GET /v1.0/users"));
    expect(userPages).toHaveLength(3);
    expect(userPages.slice(1).every((r) => r.includes("%24skiptoken="))).toBe(true);
    // One token for the whole read, the secret only in the token request's body.
    expect(standIn.requests.filter((r) => r.startsWith("POST"))).toHaveLength(1);
    const withSecret = standIn.seen.filter((s) => s.includes(standIn.clientSecret));
    expect(withSecret).toHaveLength(1);
    expect(withSecret[0]).toMatch(/^POST \/.+\/oauth2\/v2\.0\/token/);
  });

  it("reads the users without sign-ins when the tenant has no premium license", async () => {
    standIn.premium = false;
    const snapshot = await client().read();
    expect(snapshot.signInKnown).toBe(false);
    expect(snapshot.people.every((p) => p.lastSignInAt === null && !p.signInKnown)).toBe(true);
    expect(snapshot.people).toHaveLength(5);
  });

  it("waits out 429 and 503 by Retry-After, then reads on", async () => {
    waits.length = 0;
    standIn.fail(
      { kind: "status", status: 429, retryAfter: 2 },
      { match: "/v1.0/users", times: 2 },
    );
    standIn.fail(
      { kind: "status", status: 503, retryAfter: 1 },
      { match: "subscribedSkus", times: 1 },
    );
    const snapshot = await client().read();
    expect(snapshot.people).toHaveLength(5);
    expect(waits).toEqual([1000, 2000, 2000]);
  });

  it("gives up on throttling past the bound with INTEGRATION_THROTTLED", async () => {
    standIn.fail({ kind: "status", status: 429, retryAfter: 30 }, { match: "/v1.0/users" });
    const error = await failure(client({ maxRetryWaitMs: 5000 }).read());
    expect(error.code).toBe("INTEGRATION_THROTTLED");
    expect(error.statusCode).toBe(502);
  });

  it("maps a wrong secret, an unknown client and an unknown tenant", async () => {
    const secret = await failure(client({ clientSecret: "wrong-secret-value" }).read());
    expect(secret.code).toBe("INTEGRATION_CREDENTIALS_REFUSED");
    expect(secret.message).toContain("MICROSOFT_CLIENT_SECRET");
    expect(secret.message).toContain("AADSTS7000215");
    expect(secret.message).not.toContain("wrong-secret-value");

    const app = await failure(client({ clientId: "00000000-0000-0000-0000-000000000000" }).read());
    expect(app.code).toBe("INTEGRATION_CREDENTIALS_REFUSED");
    expect(app.message).toContain("MICROSOFT_CLIENT_ID");

    const tenant = await failure(client({ tenantId: "no-such-tenant.example" }).read());
    expect(tenant.code).toBe("INTEGRATION_UNKNOWN_TENANT");
    expect(tenant.message).toContain("MICROSOFT_TENANT_ID");
  });

  it("names the Graph permission a 403 lacks", async () => {
    standIn.permissions = new Set(["User.Read.All"]);
    const skus = await failure(client().read());
    expect(skus.code).toBe("INTEGRATION_PERMISSION_MISSING");
    expect(skus.message).toContain("Organization.Read.All");

    standIn.permissions = new Set(["Organization.Read.All"]);
    const users = await failure(client().read());
    expect(users.code).toBe("INTEGRATION_PERMISSION_MISSING");
    expect(users.message).toContain("User.Read.All");
  });

  it("calls a malformed or wrong-shaped answer INTEGRATION_BAD_ANSWER, a 500 UNREACHABLE", async () => {
    standIn.fail({ kind: "malformed" }, { match: "subscribedSkus", times: 1 });
    expect((await failure(client().read())).code).toBe("INTEGRATION_BAD_ANSWER");
    standIn.fail({ kind: "wrong-shape" }, { match: "/v1.0/users", times: 1 });
    expect((await failure(client().read())).code).toBe("INTEGRATION_BAD_ANSWER");
    standIn.fail({ kind: "status", status: 500 }, { match: "/v1.0/users", times: 1 });
    expect((await failure(client().read())).code).toBe("INTEGRATION_UNREACHABLE");
  });

  it("says UNREACHABLE when nothing answers", async () => {
    const error = await failure(
      client({ loginUrl: "http://127.0.0.1:9", graphUrl: "http://127.0.0.1:9" }).read(),
    );
    expect(error.code).toBe("INTEGRATION_UNREACHABLE");
  });
});
