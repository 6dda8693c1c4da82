import { randomBytes } from "node:crypto";
import { and, count, eq, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../../tests/support/test-database";
import { todayIso } from "../../../domain/dates";
import { getLicenseStatus } from "../../../domain/license-status";
import { maskSecret } from "../../../domain/masking";
import { buildApp } from "../../app";
import { verifyPassword } from "../../auth/passwords";
import { loadConfig } from "../../config";
import { createSecrets } from "../../lib/secrets";
import type { Database, Db } from "../client";
import * as schema from "../schema";
import { DEMO_GSUITE_ACCOUNTS } from "./gsuite";
import { DEMO_LICENSES } from "./licenses";
import { DEMO_ACCOUNTS } from "./office-accounts";
import { seedDemoDataIfEmpty } from "./seed-demo";

// Tables that hold what the running app creates (sign-ins, throttling, passkeys); demo data for
// them would be fake sessions and credentials; and currency_rates, which holds only the rates an
// administrator changed (empty: the spec's defaults). Every other table must get demo rows.
const RUNTIME_TABLES = new Set([
  "sessions",
  "login_throttle",
  "webauthn_credentials",
  "webauthn_challenges",
  "currency_rates",
  // The log of hosting imports: what ran against DigitalOcean, never demo data.
  "hosting_imports",
  // A user's own second factor, recovery codes, pending sign-ins and settings: what each person
  // sets up for themselves (no row is the default), never demo secrets.
  "user_two_factor",
  "two_factor_recovery_codes",
  "pending_sign_ins",
  "user_preferences",
  // Google sign-ins under way (state, nonce and PKCE verifier for ten minutes).
  "google_sign_in_states",
  // The activity log: what people did in the running app.
  "activity_log",
  // The log of CSV imports (and the claim of a running one): what administrators uploaded.
  "csv_imports",
  // Private calendar feed tokens: each person makes their own; a demo one would be a fake secret.
  "calendar_feeds",
  // Personal API tokens: credentials an administrator creates; demo ones would be fake secrets.
  "api_tokens",
  // E-mail reminders: the administrators' offsets (no row = the defaults), the pass's state and
  // lease, and the send ledger: what the server does once mail is configured, never demo data.
  "reminder_offsets",
  "reminder_pass_state",
  "reminder_deliveries",
]);
const ALL_TABLES = (Object.values(schema) as unknown[]).filter((value): value is PgTable =>
  is(value, PgTable),
);

async function countRows(db: Db) {
  const counts: Record<string, number> = {};
  for (const table of ALL_TABLES) {
    const [row] = await db.select({ value: count() }).from(table);
    counts[getTableName(table)] = row!.value;
  }
  return counts;
}

describe("demo seed", () => {
  const secrets = createSecrets(randomBytes(32));
  let database: Database;
  let db: Db;
  let seeded: boolean;

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    seeded = await seedDemoDataIfEmpty(db, secrets);
  });
  afterAll(async () => {
    await database?.close();
  });

  it("fills every data table and leaves runtime state empty", async () => {
    expect(seeded).toBe(true);
    const counts = await countRows(db);
    expect(Object.keys(counts).length).toBeGreaterThanOrEqual(21);
    for (const [table, rows] of Object.entries(counts)) {
      if (RUNTIME_TABLES.has(table)) expect(rows, table).toBe(0);
      else expect(rows, table).toBeGreaterThan(0);
    }
    expect(counts.users).toBeGreaterThanOrEqual(24);
    expect(counts.licenses).toBeGreaterThanOrEqual(15);
    expect(counts.hardware).toBeGreaterThanOrEqual(30);
  });

  it("creates the demo sign-ins with the right roles, another admin and an inactive user", async () => {
    const rows = await db.select().from(schema.users);
    const byName = new Map(rows.map((row) => [row.username, row]));
    expect(byName.get("admin")).toMatchObject({ role: "admin", isActive: true });
    expect(byName.get("jane")).toMatchObject({
      role: "user",
      isActive: true,
      fullName: "Jane Cooper",
    });
    const admins = rows.filter((row) => row.role === "admin" && row.isActive);
    expect(admins.map((row) => row.username).sort()).toEqual(["admin", "priya"]);
    expect(rows.filter((row) => !row.isActive).map((row) => row.username)).toEqual(["tom"]);
    expect(rows[0]!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(byName.get("jane")!.passwordHash, "demo1234")).toBe(true);
    expect(await verifyPassword(byName.get("admin")!.passwordHash, "demo1234")).toBe(true);
    expect(await verifyPassword(byName.get("jane")!.passwordHash, "demo12345")).toBe(false);
  });

  it("does nothing on a second call", async () => {
    const before = await countRows(db);
    expect(await seedDemoDataIfEmpty(db, secrets)).toBe(false);
    expect(await countRows(db)).toEqual(before);
  });

  it("stores license keys only encrypted and masked", async () => {
    const rows = await db.select().from(schema.licenses);
    expect(rows).toHaveLength(DEMO_LICENSES.length);
    for (const seed of DEMO_LICENSES) {
      const row = rows.find((candidate) => candidate.name === seed.name)!;
      for (const [column, value] of Object.entries(row)) {
        expect(String(value), `${seed.name}.${column}`).not.toContain(seed.key);
      }
      expect(secrets.open(row.licenseKeyCiphertext)).toBe(seed.key);
      expect(row.licenseKeyMasked).toBe(maskSecret(seed.key));
    }
    const renewalRows = await db.select().from(schema.renewals);
    const allKeys = DEMO_LICENSES.map((seed) => seed.key);
    for (const renewal of renewalRows) {
      const text = JSON.stringify(renewal);
      for (const key of allKeys) expect(text).not.toContain(key);
    }
    expect(renewalRows.some((renewal) => renewal.newLicenseKeyCiphertext)).toBe(true);
  });

  it("stores office and workspace passwords only encrypted", async () => {
    const officeRows = await db.select().from(schema.accounts);
    for (const seed of DEMO_ACCOUNTS) {
      const row = officeRows.find((candidate) => candidate.email === seed.email)!;
      expect(JSON.stringify(row)).not.toContain(seed.password);
      expect(secrets.open(row.passwordCiphertext)).toBe(seed.password);
    }
    const workspaceRows = await db.select().from(schema.gsuiteAccounts);
    for (const seed of DEMO_GSUITE_ACCOUNTS) {
      const row = workspaceRows.find((candidate) => candidate.email === seed.email)!;
      if (seed.password === null) {
        expect(row.passwordCiphertext).toBeNull();
      } else {
        expect(JSON.stringify(row)).not.toContain(seed.password);
        expect(secrets.open(row.passwordCiphertext!)).toBe(seed.password);
      }
    }
  });

  it("shows every license status relative to today, and no license over its seats", async () => {
    const today = todayIso();
    const rows = await db.select().from(schema.licenses);
    const statuses = new Set(rows.map((row) => getLicenseStatus(row, today).key));
    expect([...statuses].sort()).toEqual(
      ["active", "auto-renewing", "expired", "expiring", "unknown"].sort(),
    );
    expect(new Set(rows.map((row) => row.licenseType)).size).toBe(4);
    expect(new Set(rows.map((row) => row.paymentCurrency)).size).toBe(4);
    expect(new Set(rows.map((row) => row.paymentFrequency)).size).toBeGreaterThanOrEqual(5);

    const assignments = await db.select().from(schema.licenseAssignments);
    for (const license of rows) {
      const active = assignments.filter((a) => a.licenseId === license.id && a.isActive);
      expect(active.length, license.name).toBeLessThanOrEqual(license.totalSeats);
    }
    expect(assignments.some((assignment) => !assignment.isActive)).toBe(true);
  });

  it("gives jane licenses, a laptop and a monitor, requests and an office account", async () => {
    const [jane] = await db.select().from(schema.users).where(eq(schema.users.username, "jane"));
    const licenses = await db
      .select()
      .from(schema.licenseAssignments)
      .where(
        and(
          eq(schema.licenseAssignments.userId, jane!.id),
          eq(schema.licenseAssignments.isActive, true),
        ),
      );
    expect(licenses.length).toBeGreaterThanOrEqual(2);
    expect(licenses.every((assignment) => assignment.assignedTo === "Jane Cooper")).toBe(true);

    const hardware = await db
      .select()
      .from(schema.hardware)
      .where(eq(schema.hardware.assignedToUserId, jane!.id));
    expect(hardware.map((item) => item.type).sort()).toEqual(["laptop", "monitor"]);

    const requests = await db
      .select()
      .from(schema.hardwareRequests)
      .where(eq(schema.hardwareRequests.requestedByUserId, jane!.id));
    expect(new Set(requests.map((request) => request.status))).toEqual(
      new Set(["pending", "approved", "rejected"]),
    );

    const officeAccounts = await db
      .select()
      .from(schema.accountAssignments)
      .where(eq(schema.accountAssignments.userId, jane!.id));
    expect(officeAccounts.length).toBeGreaterThanOrEqual(1);
  });

  it("covers the states of the other areas", async () => {
    const hardware = await db.select().from(schema.hardware);
    expect(new Set(hardware.map((item) => item.status))).toEqual(
      new Set(["active", "maintenance", "reserved", "retired"]),
    );
    expect(hardware.some((item) => item.assignedToUserId === null)).toBe(true);

    const directories = await db.select().from(schema.directories);
    expect(directories.some((row) => row.isOneTime)).toBe(true);
    expect(directories.some((row) => row.isCancelled)).toBe(true);
    expect(new Set(directories.map((row) => row.paymentFrequencyMonths))).toEqual(
      new Set([1, 3, 6, 12]),
    );

    const workspace = await db.select().from(schema.gsuiteAccounts);
    expect(workspace.some((row) => row.assignedToUserId === null)).toBe(true);
    expect(workspace.some((row) => row.assignedToUserId !== null)).toBe(true);
    expect(await db.select().from(schema.gsuiteOrganizations)).toHaveLength(2);

    const reviews = await db.select().from(schema.trustReviews);
    expect(new Set(reviews.map((row) => row.paymentStatus))).toEqual(
      new Set(["paying", "not_paying", "partial"]),
    );
    expect(new Set(reviews.map((row) => row.approvalStatus))).toContain("pending");
    expect(new Set(reviews.map((row) => row.approvalStatus))).toContain("approved");
    expect(new Set(reviews.map((row) => row.isActive))).toEqual(new Set([true, false]));
    // Every demo client has its web domain, as the trust reviews screen shows and searches it.
    expect(reviews.filter((row) => !row.domain)).toEqual([]);

    const months = new Set(
      (await db.select().from(schema.dropletCosts)).map((row) => row.invoiceMonth),
    );
    expect(months.size).toBe(4);
    expect(months).toContain(todayIso().slice(0, 7));
  });

  it("lets jane sign in through the API, and not the inactive user", async () => {
    const config = loadConfig({
      LOG_LEVEL: "silent",
      CLIENT_DIR: "/nonexistent",
      DATA_DIR: "/nonexistent",
    });
    const app = await buildApp({ config, database, secrets });
    try {
      const login = (username: string) =>
        app.inject({
          method: "POST",
          url: "/api/auth/login",
          headers: { "x-requested-with": "XMLHttpRequest" },
          payload: { username, password: "demo1234" },
        });
      const jane = await login("jane");
      expect(jane.statusCode).toBe(200);
      expect(jane.json()).toMatchObject({ success: true, user: { username: "jane" } });
      const tom = await login("tom");
      expect(tom.statusCode).toBe(401);
    } finally {
      await app.close();
    }
  });
});

describe("demo seed dates", () => {
  it("are relative to the day it runs, across a month end", async () => {
    const database = await openTestDatabase();
    try {
      // Local noon on 31 January: the month arithmetic must not skip or repeat a month.
      const now = new Date(2031, 0, 31, 12);
      expect(await seedDemoDataIfEmpty(database.db, createSecrets(randomBytes(32)), now)).toBe(
        true,
      );
      const licenses = await database.db.select().from(schema.licenses);
      const statuses = new Set(licenses.map((row) => getLicenseStatus(row, "2031-01-31").key));
      expect(statuses.size).toBe(5);
      const months = new Set(
        (await database.db.select().from(schema.dropletCosts)).map((row) => row.invoiceMonth),
      );
      expect([...months].sort()).toEqual(["2030-10", "2030-11", "2030-12", "2031-01"]);
      const [spider] = licenses.filter((row) => row.name === "Screaming Frog SEO Spider");
      expect(spider!.expiryDate).toBe("2031-02-12");
    } finally {
      await database.close();
    }
  });
});
