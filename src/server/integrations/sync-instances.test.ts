// One Microsoft 365 sync at a time across two instances on one PostgreSQL database (issue 33):
// while one instance's sync reads Graph (held by the stand-in), the other's is refused with 409,
// and the rows are written once.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type GraphStandIn,
  sampleTenant,
  startGraphStandIn,
} from "../../../tests/support/graph-stand-in";
import { usingPostgres } from "../../../tests/support/test-database";
import { twoInstancesOnOnePostgres } from "../../../tests/support/two-instances";
import { integrationRuns, licenses } from "../db/schema";
import { syncIfDue } from "./scheduler";

describe.skipIf(!usingPostgres())("workspace sync across two instances", () => {
  let standIn: GraphStandIn;
  beforeAll(async () => {
    standIn = await startGraphStandIn({ tenant: sampleTenant() });
  });
  afterAll(() => standIn?.close());
  const both = twoInstancesOnOnePostgres(() => ({
    MICROSOFT_TENANT_ID: standIn.tenantId,
    MICROSOFT_CLIENT_ID: standIn.clientId,
    MICROSOFT_CLIENT_SECRET: standIn.clientSecret,
    MICROSOFT_LOGIN_URL: standIn.url,
    MICROSOFT_GRAPH_URL: standIn.url,
  }));

  it("runs one sync; the other instance's is refused while it runs", async () => {
    const { user, cookie: cookieA } = await both.a.signedInUser({ role: "admin" });
    const cookieB = await both.b.login(user.username);
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    standIn.fail({ kind: "hold", until: gate }, { match: "subscribedSkus", times: 1 });
    const url = "/api/integrations/microsoft-365/sync";
    const first = both.a.request({ method: "POST", url, cookie: cookieA });
    while (!standIn.requests.some((r) => r.includes("subscribedSkus"))) {
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const second = await both.b.request({ method: "POST", url, cookie: cookieB });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: "INTEGRATION_SYNC_RUNNING" });
    release();
    const done = await first;
    expect(done.statusCode, done.body).toBe(200);

    const db = both.a.app.db;
    expect(
      await db.select().from(licenses).where(eq(licenses.syncProvider, "microsoft-365")),
    ).toHaveLength(2);
    expect(await db.select().from(integrationRuns)).toHaveLength(1);
    // Once it has finished, the other instance may sync (and finds nothing to do).
    const after = await both.b.request({ method: "POST", url, cookie: cookieB });
    expect(after.statusCode, after.body).toBe(200);
    expect(after.json().counts).toMatchObject({ created: 0, changed: 0, retired: 0 });
  });

  it("runs the daily sync once when both instances look at once", async () => {
    const db = both.a.app.db;
    await db.delete(integrationRuns);
    const contextOf = (t: typeof both.a) => ({
      db: t.app.db,
      config: t.app.config,
      secrets: t.app.secrets,
    });
    const now = new Date();
    const outcomes = await Promise.all([
      syncIfDue(contextOf(both.a), "microsoft-365", now),
      syncIfDue(contextOf(both.b), "microsoft-365", now),
    ]);
    expect(outcomes.filter((o) => o === "synced")).toHaveLength(1);
    expect(
      outcomes.filter((o) => o !== "synced").every((o) => o === "busy" || o === "not-due"),
    ).toBe(true);
    expect(await db.select().from(integrationRuns)).toEqual([
      expect.objectContaining({ trigger: "scheduled", outcome: "succeeded" }),
    ]);
  });
});
