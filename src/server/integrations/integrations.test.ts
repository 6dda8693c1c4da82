// The workspace sync API (issue 33) with Microsoft 365 against the Graph stand-in: the list,
// a preview that writes nothing, a sync and a second sync that changes nothing, a person leaving
// (seat and account retired, never deleted), a refused secret (502, nothing written, the run kept
// as failed, the secret nowhere), two syncs at once (one runs), and users refused.
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  type GraphStandIn,
  sampleTenant,
  startGraphStandIn,
} from "../../../tests/support/graph-stand-in";
import { buildTestApp, type TestApp } from "../../../tests/support/test-app";
import type {
  IntegrationPreviewResponse,
  IntegrationSyncResponse,
  IntegrationsResponse,
} from "../../domain/schemas/integrations";
import {
  accountAssignments,
  accounts,
  activityLog,
  integrationRuns,
  licenseAssignments,
  licenses,
  users,
} from "../db/schema";
import { DAILY_EVERY_MS } from "../lib/daily-due";
import { syncIfDue } from "./scheduler";

let standIn: GraphStandIn;
let t: TestApp;
let adminCookie: string;
let userCookie: string;
let ana: { id: number };
let ben: { id: number };
let cleo: { id: number };

const env = (s: GraphStandIn) => ({
  MICROSOFT_TENANT_ID: s.tenantId,
  MICROSOFT_CLIENT_ID: s.clientId,
  MICROSOFT_CLIENT_SECRET: s.clientSecret,
  MICROSOFT_LOGIN_URL: s.url,
  MICROSOFT_GRAPH_URL: s.url,
  INTEGRATIONS_TIMEOUT_SECONDS: "5",
  INTEGRATIONS_MAX_RETRY_WAIT_SECONDS: "3",
});

beforeAll(async () => {
  standIn = await startGraphStandIn({ tenant: sampleTenant() });
  t = await buildTestApp(env(standIn));
  ({ cookie: adminCookie } = await t.signedInUser({ role: "admin", username: "sync-admin" }));
  ({ cookie: userCookie } = await t.signedInUser({ username: "sync-user" }));
  // Ana's address differs in case from Graph's; Dev has no user (unmatched).
  ({ user: ana } = await t.signedInUser({ email: "ana@EXAMPLE.com", fullName: "Ana Silva" }));
  ({ user: ben } = await t.signedInUser({ email: "ben@example.com", fullName: "Ben Okafor" }));
  ({ user: cleo } = await t.signedInUser({ email: "cleo@example.com", fullName: "Cleo Park" }));
});
afterAll(async () => {
  await t.close();
  await standIn.close();
});
beforeEach(() => {
  standIn.heal();
  standIn.setTenant(sampleTenant());
});

const db = () => t.app.db;
const post = (url: string, cookie = adminCookie) => t.request({ method: "POST", url, cookie });
const preview = async () => {
  const response = await post("/api/integrations/microsoft-365/preview");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as IntegrationPreviewResponse;
};
const sync = async () => {
  const response = await post("/api/integrations/microsoft-365/sync");
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as IntegrationSyncResponse;
};

/** The synced rows, to compare before and after. */
async function syncedRows() {
  return {
    licenses: await db()
      .select({
        id: licenses.id,
        name: licenses.name,
        seats: licenses.totalSeats,
        status: licenses.status,
      })
      .from(licenses)
      .where(eq(licenses.syncProvider, "microsoft-365"))
      .orderBy(licenses.id),
    seats: await db()
      .select({
        id: licenseAssignments.id,
        licenseId: licenseAssignments.licenseId,
        userId: licenseAssignments.userId,
        isActive: licenseAssignments.isActive,
        lastSignInAt: licenseAssignments.lastSignInAt,
        holderSuspended: licenseAssignments.holderSuspended,
      })
      .from(licenseAssignments)
      .where(eq(licenseAssignments.syncProvider, "microsoft-365"))
      .orderBy(licenseAssignments.id),
    accounts: await db()
      .select({ id: accounts.id, email: accounts.email, status: accounts.status })
      .from(accounts)
      .where(eq(accounts.syncProvider, "microsoft-365"))
      .orderBy(accounts.id),
    accountAssignments: await db()
      .select({
        accountId: accountAssignments.accountId,
        userId: accountAssignments.userId,
        isActive: accountAssignments.isActive,
      })
      .from(accountAssignments)
      .where(eq(accountAssignments.syncProvider, "microsoft-365"))
      .orderBy(accountAssignments.id),
  };
}

describe("workspace sync: Microsoft 365", () => {
  it("is for administrators only", async () => {
    for (const [method, url] of [
      ["GET", "/api/integrations"],
      ["POST", "/api/integrations/microsoft-365/preview"],
      ["POST", "/api/integrations/microsoft-365/sync"],
    ] as const) {
      const response = await t.request({ method, url, cookie: userCookie });
      expect(response.statusCode, url).toBe(403);
    }
    expect(standIn.requests).toHaveLength(0);
  });

  it("refuses an unknown provider with 400", async () => {
    const response = await post("/api/integrations/dropbox/preview");
    expect(response.statusCode).toBe(400);
  });

  it("lists Microsoft 365 as configured, with no run yet", async () => {
    const response = await t.request({
      method: "GET",
      url: "/api/integrations",
      cookie: adminCookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as IntegrationsResponse;
    const microsoft = body.providers.find((p) => p.provider === "microsoft-365")!;
    expect(microsoft).toMatchObject({
      configured: true,
      missing: [],
      running: false,
      last_run: null,
    });
  });

  it("previews what a sync would do, writing nothing", async () => {
    const before = await syncedRows();
    const runsBefore = await db().select().from(integrationRuns);
    const plan = await preview();
    // Two licenses; seats: Ana 2, Ben 1, Cleo 1 (Dev unmatched); accounts: the 4 licensed
    // people; account assignments: the 3 matched.
    expect(plan.creates.filter((i) => i.kind === "license").map((i) => i.label)).toEqual([
      "SPE_E3 (10 seats)",
      "VISIOCLIENT (2 seats)",
    ]);
    expect(plan.creates.filter((i) => i.kind === "seat")).toHaveLength(4);
    expect(plan.counts).toEqual({ created: 2 + 4 + 4 + 3, changed: 0, retired: 0, unmatched: 1 });
    expect(plan.unmatched_people).toEqual([{ email: "dev@example.com", name: "Dev Unknown" }]);
    expect(await syncedRows()).toEqual(before);
    expect(await db().select().from(integrationRuns)).toEqual(runsBefore);
  });

  it("syncs, then a second sync changes nothing", async () => {
    const first = await sync();
    expect(first.counts).toEqual({ created: 13, changed: 0, retired: 0, unmatched: 1 });
    const rows = await syncedRows();
    expect(rows.licenses.map(({ name, seats, status }) => ({ name, seats, status }))).toEqual([
      { name: "SPE_E3", seats: 10, status: "Active" },
      { name: "VISIOCLIENT", seats: 2, status: "Active" },
    ]);
    const e3 = rows.licenses[0]!.id;
    const anaE3 = rows.seats.find((s) => s.userId === ana.id && s.licenseId === e3)!;
    expect(anaE3.lastSignInAt?.toISOString()).toBe("2026-11-20T09:00:00.000Z");
    const cleoSeat = rows.seats.find((s) => s.userId === cleo.id)!;
    expect(cleoSeat.holderSuspended).toBe(true);
    expect(cleoSeat.isActive).toBe(true);
    expect(rows.accounts.map((a) => [a.email, a.status])).toEqual([
      ["ana@example.com", "active"],
      ["ben@example.com", "active"],
      ["cleo@example.com", "inactive"],
      ["dev@example.com", "active"],
    ]);
    expect(rows.accountAssignments.map((a) => a.userId).sort()).toEqual(
      [ana.id, ben.id, cleo.id].sort(),
    );
    // Every change is the sync's in the activity log.
    const entries = await db().select().from(activityLog).where(eq(activityLog.via, "sync"));
    expect(entries).toHaveLength(13);

    const again = await preview();
    expect(again.counts).toEqual({ created: 0, changed: 0, retired: 0, unmatched: 1 });
    const second = await sync();
    expect(second.counts).toEqual({ created: 0, changed: 0, retired: 0, unmatched: 1 });
    expect(await syncedRows()).toEqual(rows);
    expect(await db().select().from(activityLog).where(eq(activityLog.via, "sync"))).toHaveLength(
      13,
    );

    const list = (await t
      .request({ method: "GET", url: "/api/integrations", cookie: adminCookie })
      .then((r) => r.json())) as IntegrationsResponse;
    expect(list.providers.find((p) => p.provider === "microsoft-365")!.last_run).toMatchObject({
      outcome: "succeeded",
      trigger: "manual",
      counts: { created: 0, changed: 0, retired: 0, unmatched: 1 },
    });
  });

  it("retires the seats and account of a person who left, deleting nothing", async () => {
    await sync();
    const before = await syncedRows();
    const tenant = sampleTenant();
    tenant.users = tenant.users.filter((u) => u.mail !== "ben@example.com");
    tenant.skus[0]!.enabled = 12;
    standIn.setTenant(tenant);

    const plan = await preview();
    expect(plan.retirements.map((i) => i.kind).sort()).toEqual([
      "office-account",
      "office-account",
      "seat",
    ]);
    expect(plan.changes).toEqual([
      expect.objectContaining({
        kind: "license",
        label: "SPE_E3",
        changes: { totalSeats: [10, 12] },
      }),
    ]);

    const result = await sync();
    expect(result.counts).toEqual({ created: 0, changed: 1, retired: 3, unmatched: 1 });
    const after = await syncedRows();
    expect(after.seats).toHaveLength(before.seats.length);
    expect(after.seats.find((s) => s.userId === ben.id)!.isActive).toBe(false);
    expect(after.accounts.find((a) => a.email === "ben@example.com")!.status).toBe("inactive");
    expect(after.accountAssignments.find((a) => a.userId === ben.id)!.isActive).toBe(false);
    expect(after.licenses[0]!.seats).toBe(12);

    // Ben comes back: his seat and account are the same rows, active again.
    standIn.setTenant(sampleTenant());
    const back = await sync();
    expect(back.counts.retired).toBe(0);
    const restored = await syncedRows();
    expect(restored.seats.find((s) => s.userId === ben.id)).toMatchObject({
      id: before.seats.find((s) => s.userId === ben.id)!.id,
      isActive: true,
    });
    expect(restored.accounts.find((a) => a.email === "ben@example.com")!.status).toBe("active");
  });

  it("moves a seat to the user who now has the person's address", async () => {
    await sync();
    const before = await syncedRows();
    const { user: bea } = await t.signedInUser({
      email: "bea@example.com",
      fullName: "Bea Okafor",
    });
    const tenant = sampleTenant();
    tenant.users.find((u) => u.mail === "ben@example.com")!.mail = "bea@example.com";
    standIn.setTenant(tenant);
    const result = await sync();
    // The seat and the account's assignment move to Bea; the account takes the new address.
    expect(result.counts).toMatchObject({ created: 0, changed: 3, retired: 0 });
    const after = await syncedRows();
    const benSeat = before.seats.find((s) => s.userId === ben.id)!;
    expect(after.seats.find((s) => s.id === benSeat.id)).toMatchObject({
      userId: bea.id,
      isActive: true,
    });
    expect(after.accountAssignments.find((a) => a.userId === bea.id)?.isActive).toBe(true);
    expect(after.accountAssignments.some((a) => a.userId === ben.id)).toBe(false);
    const benAccount = before.accounts.find((a) => a.email === "ben@example.com")!;
    expect(after.accounts.find((a) => a.id === benAccount.id)!.email).toBe("bea@example.com");
    // Back as it was, for the tests after this one.
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.id, bea.id));
    standIn.setTenant(sampleTenant());
    await sync();
    expect((await syncedRows()).accounts.find((a) => a.id === benAccount.id)!.email).toBe(
      "ben@example.com",
    );
  });

  it("gives a renamed person's old address to a newcomer at the next sync, never failing", async () => {
    await sync();
    const before = await syncedRows();
    const benAccount = before.accounts.find((a) => a.email === "ben@example.com")!;
    const tenant = sampleTenant();
    tenant.users.find((u) => u.mail === "ben@example.com")!.mail = "ben.okafor@example.com";
    tenant.users.push({
      id: "3c0b7d8e-1f2a-4b5c-8d9e-0f1a2b3c4d5e",
      displayName: "Benedict New",
      mail: "ben@example.com",
      userPrincipalName: "ben@example.com",
      accountEnabled: true,
      licenses: [tenant.skus[0]!.skuId],
      lastSignInDateTime: null,
    });
    standIn.setTenant(tenant);
    // The old account is renamed first; the newcomer's account waits for the address.
    await sync();
    let accountsNow = (await syncedRows()).accounts;
    expect(accountsNow.find((a) => a.id === benAccount.id)!.email).toBe("ben.okafor@example.com");
    expect(accountsNow.filter((a) => a.email === "ben@example.com")).toEqual([]);
    await sync();
    accountsNow = (await syncedRows()).accounts;
    expect(accountsNow.filter((a) => a.email === "ben@example.com")).toHaveLength(1);
    // Back as it was, for the tests after this one. The newcomer leaves: their account is retired
    // and keeps the address (so Ben's cannot take it back) until it is deleted by hand.
    standIn.setTenant(sampleTenant());
    await sync();
    const newcomer = (await syncedRows()).accounts.find((a) => a.email === "ben@example.com")!;
    expect(newcomer.status).toBe("inactive");
    await db().delete(accountAssignments).where(eq(accountAssignments.accountId, newcomer.id));
    await db().delete(accounts).where(eq(accounts.id, newcomer.id));
    await sync();
    accountsNow = (await syncedRows()).accounts;
    expect(accountsNow.find((a) => a.id === benAccount.id)!.email).toBe("ben@example.com");
  });

  it("keeps an account's address when the new one is another account's", async () => {
    await sync();
    const before = await syncedRows();
    const benAccount = before.accounts.find((a) => a.email === "ben@example.com")!;
    const [handMade] = await db()
      .insert(accounts)
      .values({
        email: "ben.okafor@example.com",
        provider: "microsoft365",
        passwordCiphertext: null,
      })
      .returning({ id: accounts.id });
    const tenant = sampleTenant();
    tenant.users.find((u) => u.mail === "ben@example.com")!.mail = "ben.okafor@example.com";
    standIn.setTenant(tenant);
    const plan = await preview();
    expect(
      [...plan.changes, ...plan.creates].some(
        (item) => item.kind === "office-account" && item.changes && "email" in item.changes,
      ),
    ).toBe(false);
    await sync();
    const after = await syncedRows();
    expect(after.accounts.find((a) => a.id === benAccount.id)!.email).toBe("ben@example.com");
    await db().delete(accounts).where(eq(accounts.id, handMade!.id));
    standIn.setTenant(sampleTenant());
    await sync();
  });

  it("keeps what people typed on a synced license", async () => {
    await sync();
    const [e3] = await db()
      .select()
      .from(licenses)
      .where(and(eq(licenses.syncProvider, "microsoft-365"), eq(licenses.name, "SPE_E3")));
    await db()
      .update(licenses)
      .set({ name: "Microsoft 365 E3", notes: "Paid yearly", paymentAmount: 36 })
      .where(eq(licenses.id, e3!.id));
    const tenant = sampleTenant();
    tenant.skus[0]!.enabled = 15;
    standIn.setTenant(tenant);
    await sync();
    const [after] = await db().select().from(licenses).where(eq(licenses.id, e3!.id));
    expect(after).toMatchObject({
      name: "Microsoft 365 E3",
      notes: "Paid yearly",
      paymentAmount: 36,
      totalSeats: 15,
    });
  });

  it("lists the unused seats: a disabled holder, or no sign-in for UNUSED_AFTER_DAYS", async () => {
    const tenant = sampleTenant();
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    for (const user of tenant.users) {
      if (user.mail === "Ana@example.com") user.lastSignInDateTime = daysAgo(1);
      if (user.mail === "ben@example.com") user.lastSignInDateTime = daysAgo(61);
      if (user.userPrincipalName === "cleo@example.com") user.lastSignInDateTime = daysAgo(2);
    }
    standIn.setTenant(tenant);
    await sync();
    const response = await t.request({
      method: "GET",
      url: "/api/assignments?unused=true",
      cookie: adminCookie,
    });
    expect(response.statusCode, response.body).toBe(200);
    const unused = response.json() as { userId: number | null; isActive: boolean }[];
    // Ben has not signed in for 61 days; Cleo is disabled; Ana signed in yesterday.
    expect(unused.map((a) => a.userId).sort()).toEqual([ben.id, cleo.id].sort());
    expect(unused.every((a) => a.isActive)).toBe(true);
    const all = await t.request({
      method: "GET",
      url: "/api/assignments?unused=false",
      cookie: adminCookie,
    });
    expect((all.json() as unknown[]).length).toBeGreaterThan(unused.length);
    const bad = await t.request({
      method: "GET",
      url: "/api/assignments?unused=maybe",
      cookie: adminCookie,
    });
    expect(bad.statusCode).toBe(400);
    // A license is listed when any of its seats is unused: E3 (Ben, Cleo), not Visio (Ana).
    const [e3] = await db()
      .select({ id: licenses.id })
      .from(licenses)
      .where(eq(licenses.externalId, tenant.skus[0]!.skuId));
    const withUnused = await t.request({
      method: "GET",
      url: "/api/licenses?unused=true",
      cookie: adminCookie,
    });
    expect(withUnused.statusCode, withUnused.body).toBe(200);
    expect((withUnused.json() as { id: number }[]).map((l) => l.id)).toEqual([e3!.id]);
  });

  it("answers a refused secret with 502, writing nothing, the run kept as failed", async () => {
    await sync();
    const before = await syncedRows();
    const wrong = await buildTestApp({
      ...env(standIn),
      MICROSOFT_CLIENT_SECRET: "not-the-secret-0",
    });
    try {
      const { cookie } = await wrong.signedInUser({ role: "admin" });
      const response = await wrong.request({
        method: "POST",
        url: "/api/integrations/microsoft-365/sync",
        cookie,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json()).toMatchObject({ code: "INTEGRATION_CREDENTIALS_REFUSED" });
      expect(response.body).not.toContain("not-the-secret-0");
      const runs = await wrong.app.db.select().from(integrationRuns);
      expect(runs).toEqual([
        expect.objectContaining({
          outcome: "failed",
          errorCode: "INTEGRATION_CREDENTIALS_REFUSED",
        }),
      ]);
      expect(JSON.stringify(runs)).not.toContain("not-the-secret-0");
      const list = await wrong.request({ method: "GET", url: "/api/integrations", cookie });
      const providers = (list.json() as IntegrationsResponse).providers;
      expect(providers.find((p) => p.provider === "microsoft-365")!.last_run).toMatchObject({
        outcome: "failed",
        error_code: "INTEGRATION_CREDENTIALS_REFUSED",
      });
    } finally {
      await wrong.close();
    }
    expect(await syncedRows()).toEqual(before);
  });

  it("fails a throttled sync past the bound with 502 INTEGRATION_THROTTLED, keeping the data", async () => {
    await sync();
    const before = await syncedRows();
    standIn.fail({ kind: "status", status: 429, retryAfter: 10 }, { match: "/v1.0/users" });
    const response = await post("/api/integrations/microsoft-365/sync");
    expect(response.statusCode).toBe(502);
    expect(response.json()).toMatchObject({ code: "INTEGRATION_THROTTLED" });
    expect(await syncedRows()).toEqual(before);
  });

  it("runs one sync at a time: a second one at once is refused with 409", async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    standIn.requests.length = 0;
    standIn.fail({ kind: "hold", until: gate }, { match: "subscribedSkus", times: 1 });
    const first = post("/api/integrations/microsoft-365/sync");
    // Wait until the first sync is reading (it holds the lease by then).
    while (!standIn.requests.some((r) => r.includes("subscribedSkus"))) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const listed = (await t
      .request({ method: "GET", url: "/api/integrations", cookie: adminCookie })
      .then((r) => r.json())) as IntegrationsResponse;
    expect(listed.providers.find((p) => p.provider === "microsoft-365")!.running).toBe(true);
    const second = await post("/api/integrations/microsoft-365/sync");
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "INTEGRATION_SYNC_RUNNING" });
    release();
    expect((await first).statusCode).toBe(200);
  });
});

describe("workspace sync without configuration", () => {
  it("lists the missing variables and refuses a preview with 409", async () => {
    const bare = await buildTestApp();
    try {
      const { cookie } = await bare.signedInUser({ role: "admin" });
      const list = (await bare
        .request({ method: "GET", url: "/api/integrations", cookie })
        .then((r) => r.json())) as IntegrationsResponse;
      expect(list.providers.find((p) => p.provider === "microsoft-365")).toMatchObject({
        configured: false,
        missing: ["MICROSOFT_TENANT_ID", "MICROSOFT_CLIENT_ID", "MICROSOFT_CLIENT_SECRET"],
      });
      const response = await bare.request({
        method: "POST",
        url: "/api/integrations/microsoft-365/preview",
        cookie,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json()).toMatchObject({ code: "INTEGRATION_NOT_CONFIGURED" });
    } finally {
      await bare.close();
    }
  });
});

describe("the daily sync", () => {
  it("syncs once when due, as the sync with no user, then is not due", async () => {
    const context = { db: t.app.db, config: t.app.config, secrets: t.app.secrets };
    await t.app.db.delete(integrationRuns);
    const now = new Date();
    expect(await syncIfDue(context, "microsoft-365", now)).toBe("synced");
    expect(await syncIfDue(context, "microsoft-365", now)).toBe("not-due");
    const runs = await t.app.db.select().from(integrationRuns);
    expect(runs).toEqual([
      expect.objectContaining({ trigger: "scheduled", outcome: "succeeded", userId: null }),
    ]);
    const list = (await t
      .request({ method: "GET", url: "/api/integrations", cookie: adminCookie })
      .then((r) => r.json())) as IntegrationsResponse;
    const microsoft = list.providers.find((p) => p.provider === "microsoft-365")!;
    expect(new Date(microsoft.next_run_at!).getTime()).toBe(
      runs[0]!.finishedAt!.getTime() + DAILY_EVERY_MS,
    );
  });

  it("does nothing for a provider that is not configured", async () => {
    const bare = await buildTestApp({ INTEGRATIONS_DAILY_SYNC: "false" });
    try {
      const context = { db: bare.app.db, config: bare.app.config, secrets: bare.app.secrets };
      expect(await syncIfDue(context, "microsoft-365", new Date())).toBe("not-configured");
      const { cookie } = await bare.signedInUser({ role: "admin" });
      const list = (await bare
        .request({ method: "GET", url: "/api/integrations", cookie })
        .then((r) => r.json())) as IntegrationsResponse;
      expect(list.providers.every((p) => p.next_run_at === null)).toBe(true);
    } finally {
      await bare.close();
    }
  });
});

describe("workspace sync with INTEGRATIONS_CREATE_USERS", () => {
  it("makes a user for each licensed person no user matches, and gives them their seats", async () => {
    const withUsers = await buildTestApp({ ...env(standIn), INTEGRATIONS_CREATE_USERS: "true" });
    try {
      const { cookie } = await withUsers.signedInUser({ role: "admin", username: "dev" });
      const { user: ana2 } = await withUsers.signedInUser({ email: "ana@example.com" });
      const previewed = await withUsers.request({
        method: "POST",
        url: "/api/integrations/microsoft-365/preview",
        cookie,
      });
      const plan = previewed.json() as IntegrationPreviewResponse;
      // Ben, Cleo and Dev have no user here (Ana has); the meeting room holds no license.
      expect(plan.creates.filter((i) => i.kind === "user").map((i) => i.label)).toEqual([
        "ben@example.com",
        "cleo@example.com",
        "dev@example.com",
      ]);
      expect(plan.unmatched_people).toEqual([]);
      expect(
        await withUsers.app.db.select().from(users).where(eq(users.email, "dev@example.com")),
      ).toEqual([]);

      const synced = await withUsers.request({
        method: "POST",
        url: "/api/integrations/microsoft-365/sync",
        cookie,
      });
      expect(synced.statusCode, synced.body).toBe(200);
      expect(synced.json().counts).toEqual({
        created: plan.counts.created,
        changed: 0,
        retired: 0,
        unmatched: 0,
      });
      const [dev] = await withUsers.app.db
        .select()
        .from(users)
        .where(eq(users.email, "dev@example.com"));
      // 'dev' was taken by the administrator: the next free name.
      expect(dev).toMatchObject({
        username: "dev2",
        fullName: "Dev Unknown",
        passwordHash: null,
        role: "user",
      });
      const devSeats = await withUsers.app.db
        .select()
        .from(licenseAssignments)
        .where(eq(licenseAssignments.userId, dev!.id));
      expect(devSeats).toHaveLength(1);
      const anaSeats = await withUsers.app.db
        .select()
        .from(licenseAssignments)
        .where(eq(licenseAssignments.userId, ana2.id));
      expect(anaSeats).toHaveLength(2);
      const again = await withUsers.request({
        method: "POST",
        url: "/api/integrations/microsoft-365/sync",
        cookie,
      });
      expect(again.json().counts).toEqual({ created: 0, changed: 0, retired: 0, unmatched: 0 });
    } finally {
      await withUsers.close();
    }
  });
});

describe("workspace sync and the office accounts already there", () => {
  it("adopts a hand-made account with the address, and leaves one another sync owns", async () => {
    const other = await buildTestApp(env(standIn));
    try {
      const { cookie } = await other.signedInUser({ role: "admin" });
      const sealed = other.app.secrets.seal("typed-by-hand");
      const [handMade] = await other.app.db
        .insert(accounts)
        .values({
          email: "Ana@Example.com",
          passwordCiphertext: sealed.ciphertext,
          provider: "microsoft365",
          notes: "Ana's mailbox",
          paymentAmount: 12,
        })
        .returning();
      const [google] = await other.app.db
        .insert(accounts)
        .values({
          email: "ben@example.com",
          provider: "gsuite",
          syncProvider: "google-workspace",
          externalId: "google-ben",
        })
        .returning();
      const response = await other.request({
        method: "POST",
        url: "/api/integrations/microsoft-365/sync",
        cookie,
      });
      expect(response.statusCode, response.body).toBe(200);
      const [adopted] = await other.app.db
        .select()
        .from(accounts)
        .where(eq(accounts.id, handMade!.id));
      expect(adopted).toMatchObject({
        email: "Ana@Example.com",
        passwordCiphertext: sealed.ciphertext,
        notes: "Ana's mailbox",
        paymentAmount: 12,
        syncProvider: "microsoft-365",
        externalId: "6e7b768e-07e2-4810-8459-485f84f8f204",
        status: "active",
      });
      const [untouched] = await other.app.db
        .select()
        .from(accounts)
        .where(eq(accounts.id, google!.id));
      expect(untouched).toEqual(google);
      const microsoftAccounts = await other.app.db
        .select({ email: accounts.email })
        .from(accounts)
        .where(eq(accounts.syncProvider, "microsoft-365"));
      expect(microsoftAccounts.map((a) => a.email.toLowerCase()).sort()).toEqual([
        "ana@example.com",
        "cleo@example.com",
        "dev@example.com",
      ]);
      const again = await other.request({
        method: "POST",
        url: "/api/integrations/microsoft-365/preview",
        cookie,
      });
      expect(again.json().counts).toMatchObject({ created: 0, changed: 0, retired: 0 });
    } finally {
      await other.close();
    }
  });
});
