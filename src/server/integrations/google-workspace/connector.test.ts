// The Google Workspace connector end to end on a real database (PGlite, or PostgreSQL with
// TEST_DATABASE_URL) against the stand-in: configured from the environment as the server is, a
// preview that writes nothing, a sync whose rows and activity are the sync's, a second sync that
// changes nothing, a person leaving (their account made inactive, not deleted), what people typed
// kept, and users created only when asked.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createUser } from "../../../../tests/support/factories";
import {
  type GoogleWorkspaceStandIn,
  sampleTenant,
  startGoogleWorkspaceStandIn,
} from "../../../../tests/support/google-workspace-stand-in";
import { openTestDatabase } from "../../../../tests/support/test-database";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import {
  activityLog,
  gsuiteAccounts,
  gsuiteOrganizations,
  gsuitePlans,
  users,
} from "../../db/schema";
import { IntegrationError } from "../connector";
import { syncActor } from "../sync-actor";
import { applyGoogleWorkspace, googleWorkspaceConnector as connector } from "./connector";

let database: Database;
let standIn: GoogleWorkspaceStandIn;
let dir: string;
let config: ReturnType<typeof loadConfig>;
const now = new Date("2026-11-29T00:00:00Z");

beforeAll(async () => {
  [database, standIn] = await Promise.all([openTestDatabase(), startGoogleWorkspaceStandIn()]);
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "qm-gws-"));
  fs.writeFileSync(path.join(dir, "key.json"), standIn.keyFileJson, { mode: 0o600 });
  config = loadConfig({
    GOOGLE_WORKSPACE_CREDENTIALS_FILE: path.join(dir, "key.json"),
    GOOGLE_WORKSPACE_ADMIN: "admin@example.com",
    GOOGLE_WORKSPACE_ADMIN_API_URL: standIn.url,
    GOOGLE_WORKSPACE_LICENSING_API_URL: standIn.url,
    INTEGRATIONS_MAX_RETRY_WAIT_SECONDS: "0",
  });
});
afterAll(async () => {
  await Promise.all([database.close(), standIn.close()]);
  fs.rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  standIn.heal();
  standIn.setTenant(sampleTenant());
});

const db = () => database.db;
const options = { createUsers: false, now };

// What connector.apply runs (the flow adds the secrets helper to the options; no G Suite write
// needs it).
async function sync(opts = options) {
  const snapshot = await connector.read(config);
  return db().transaction((tx) => applyGoogleWorkspace(tx, snapshot, syncActor(), opts));
}

async function preview(opts = options) {
  return connector.plan(db(), await connector.read(config), opts);
}

const accounts = () => db().select().from(gsuiteAccounts).orderBy(asc(gsuiteAccounts.email));

describe("googleWorkspaceConnector", () => {
  it("says which variables are missing", () => {
    expect(connector.missing(loadConfig({}))).toEqual([
      "GOOGLE_WORKSPACE_CREDENTIALS_FILE",
      "GOOGLE_WORKSPACE_ADMIN",
    ]);
    expect(connector.missing(config)).toEqual([]);
  });

  it("previews without writing, syncs, and a second sync changes nothing", async () => {
    const ana = await createUser(db(), { email: "ana@example.com" });
    const bo = await createUser(db(), { email: "BO@example.com" });
    // A hand-made plan with Google's SKU name and a price: linked, its price kept.
    const [starter] = await db()
      .insert(gsuitePlans)
      .values({
        name: "Google Workspace Business Starter",
        basePrice: 7.2,
        currency: "USD",
        billingCycle: "monthly",
      })
      .returning();

    const planned = await preview();
    expect(planned.creates.map((item) => item.kind).sort()).toEqual([
      "gsuite-account",
      "gsuite-account",
      "gsuite-account",
      "gsuite-account",
      "gsuite-organization",
      "gsuite-organization",
      "gsuite-plan",
    ]);
    expect(planned.changes.map((item) => [item.kind, item.rowId])).toEqual([
      ["gsuite-plan", starter!.id],
    ]);
    expect(planned.unmatchedPeople.map((p) => p.email)).toEqual([
      "cy@example.org",
      "dee@example.com",
    ]);
    expect(await accounts()).toEqual([]);

    const counts = await sync();
    expect(counts).toEqual({ created: 7, changed: 1, retired: 0, unmatched: 2 });
    const rows = await accounts();
    expect(
      rows.map((row) => [
        row.email,
        row.organization,
        row.planType,
        row.assignedToUserId,
        row.status,
        row.holderSuspended,
      ]),
    ).toEqual([
      [
        "ana@example.com",
        "example.com",
        "Google Workspace Business Standard",
        ana.id,
        "active",
        false,
      ],
      [
        "bo@example.com",
        "example.com",
        "Google Workspace Business Standard",
        bo.id,
        "active",
        false,
      ],
      [
        "cy@example.org",
        "example.org",
        "Google Workspace Business Starter",
        null,
        "suspended",
        true,
      ],
      [
        "dee@example.com",
        "example.com",
        "Google Workspace Business Starter",
        null,
        "active",
        false,
      ],
    ]);
    expect(rows.every((row) => row.syncProvider === "google-workspace" && row.externalId)).toBe(
      true,
    );
    expect(rows[0]!.lastSignInAt?.toISOString()).toBe("2026-11-20T09:00:00.000Z");
    expect(rows[3]!.lastSignInAt).toBeNull();
    // An account on the hand-made plan starts at its price.
    expect([rows[2]!.planId, rows[2]!.price, rows[2]!.paymentCurrency]).toEqual([
      starter!.id,
      7.2,
      "USD",
    ]);
    const organizations = await db()
      .select()
      .from(gsuiteOrganizations)
      .orderBy(asc(gsuiteOrganizations.domain));
    expect(organizations.map((row) => [row.domain, row.externalId, row.accountCount])).toEqual([
      ["example.com", "example.com", 3],
      ["example.org", "example.org", 1],
    ]);

    const logged = await db().select().from(activityLog).where(eq(activityLog.via, "sync"));
    expect(logged).toHaveLength(8);
    expect(JSON.stringify(logged)).not.toMatch(/PRIVATE KEY|ya29/);

    const again = await preview();
    expect(again).toEqual({
      provider: "google-workspace",
      creates: [],
      changes: [],
      retirements: [],
      unmatchedPeople: again.unmatchedPeople,
    });
    expect(await sync()).toEqual({ created: 0, changed: 0, retired: 0, unmatched: 2 });
    expect(await db().select().from(activityLog).where(eq(activityLog.via, "sync"))).toHaveLength(
      8,
    );
  });

  it("keeps what people typed, follows Google's changes, and retires a person who left", async () => {
    await db()
      .update(gsuiteAccounts)
      .set({ price: 14, notes: "billed yearly" })
      .where(eq(gsuiteAccounts.email, "ana@example.com"));
    const tenant = sampleTenant();
    tenant.users = tenant.users.filter((user) => user.primaryEmail !== "bo@example.com");
    tenant.assignments = tenant.assignments.filter((item) => item.userId !== "bo@example.com");
    tenant.users[0]!.lastLoginTime = "2026-11-28T08:00:00.000Z";
    standIn.setTenant(tenant);

    const planned = await preview();
    expect(planned.retirements.map((item) => item.label)).toEqual(["bo@example.com"]);
    expect(planned.changes.map((item) => [item.label, Object.keys(item.changes ?? {})])).toEqual([
      ["ana@example.com on Google Workspace Business Standard", ["lastSignInAt"]],
    ]);
    expect(await sync()).toEqual({ created: 0, changed: 1, retired: 1, unmatched: 2 });
    const rows = await accounts();
    const ana = rows.find((row) => row.email === "ana@example.com")!;
    expect([ana.price, ana.notes, ana.lastSignInAt?.toISOString()]).toEqual([
      14,
      "billed yearly",
      "2026-11-28T08:00:00.000Z",
    ]);
    const bo = rows.find((row) => row.email === "bo@example.com")!;
    expect(bo.status).toBe("inactive");
    expect(bo.assignedToUserId).not.toBeNull();
    expect(await preview()).toMatchObject({ creates: [], changes: [], retirements: [] });
  });

  it("creates users for unmatched people only when asked, and holds their accounts to them", async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(users);
    const counts = await sync({ createUsers: true, now });
    expect(counts).toMatchObject({ created: 2, unmatched: 0 });
    const created = await db()
      .select()
      .from(users)
      .where(sql`${users.email} in ('cy@example.org', 'dee@example.com')`)
      .orderBy(asc(users.email));
    expect(
      created.map((user) => [user.username, user.fullName, user.role, user.passwordHash]),
    ).toEqual([
      // A local part under three characters gives way to the whole address (as Google sign-in's).
      ["cy@example.org", "Cy Sales", "user", null],
      ["dee", "Dee New", "user", null],
    ]);
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(users);
    expect(after[0]!.n).toBe(before[0]!.n + 2);
    const rows = await accounts();
    expect(rows.find((row) => row.email === "dee@example.com")!.assignedToUserId).toBe(
      created[1]!.id,
    );
    expect(await preview({ createUsers: true, now })).toMatchObject({
      creates: [],
      changes: [],
      unmatchedPeople: [],
    });
  });

  it("writes nothing when Google fails, and says why", async () => {
    const before = await accounts();
    standIn.fail(
      {
        kind: "status",
        status: 403,
        reason: "forbidden",
        message: "Not Authorized to access this resource/api",
      },
      { match: "/domains" },
    );
    const error = await sync().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(IntegrationError);
    expect((error as IntegrationError).code).toBe("INTEGRATION_PERMISSION_MISSING");
    expect(await accounts()).toEqual(before);
  });

  it("refuses a missing key file with a message naming the variable", async () => {
    const broken = {
      ...config,
      googleWorkspace: { ...config.googleWorkspace, credentialsFile: path.join(dir, "nope.json") },
    };
    const error = await connector.read(broken).catch((caught: unknown) => caught);
    expect((error as IntegrationError).code).toBe("INTEGRATION_CREDENTIALS_REFUSED");
    expect((error as IntegrationError).message).toContain("GOOGLE_WORKSPACE_CREDENTIALS_FILE");
  });
});
