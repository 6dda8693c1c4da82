import { randomBytes } from "node:crypto";
import { and, count, eq, getTableName, is, lt, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase } from "../../../tests/support/test-database";
import { SECRET_PLACEHOLDER } from "../../domain/activity";
import { todayIso } from "../../domain/dates";
import { getLicenseStatus } from "../../domain/license-status";
import { maskSecret } from "../../domain/masking";
import { buildApp } from "../app";
import { verifyPassword } from "../auth/passwords";
import { loadConfig } from "../config";
import type { Database, Db } from "../db/client";
import * as schema from "../db/schema";
import { createSecrets } from "../lib/secrets";
import { DEMO_GSUITE_ACCOUNTS } from "./gsuite";
import { DEMO_LICENSES } from "./licenses";
import { DEMO_ACCOUNTS } from "./office-accounts";
import { seedDemoDataIfEmpty } from "./seed-demo";

const DAY_MS = 24 * 60 * 60 * 1000;

// The areas whose records are about one item, and that item's table (id and name).
const ITEM_TABLES: Record<string, { read: (db: Db) => Promise<{ id: number; label: string }[]> }> =
  {
    licenses: {
      read: (db) =>
        db.select({ id: schema.licenses.id, label: schema.licenses.name }).from(schema.licenses),
    },
    hardware: {
      read: (db) =>
        db.select({ id: schema.hardware.id, label: schema.hardware.name }).from(schema.hardware),
    },
    hardware_requests: {
      read: (db) =>
        db
          .select({
            id: schema.hardwareRequests.id,
            label: sql<string>`coalesce(${schema.hardware.name}, ${schema.hardwareRequests.name})`,
          })
          .from(schema.hardwareRequests)
          .leftJoin(schema.hardware, eq(schema.hardware.id, schema.hardwareRequests.hardwareId)),
    },
    office_accounts: {
      read: (db) =>
        db.select({ id: schema.accounts.id, label: schema.accounts.email }).from(schema.accounts),
    },
    directories: {
      read: (db) =>
        db
          .select({ id: schema.directories.id, label: schema.directories.name })
          .from(schema.directories),
    },
    gsuite: {
      read: (db) =>
        db
          .select({ id: schema.gsuiteAccounts.id, label: schema.gsuiteAccounts.email })
          .from(schema.gsuiteAccounts),
    },
    trust_reviews: {
      read: (db) =>
        db
          .select({ id: schema.trustReviews.id, label: schema.trustReviews.clientName })
          .from(schema.trustReviews),
    },
    users: {
      read: (db) =>
        db.select({ id: schema.users.id, label: schema.users.username }).from(schema.users),
    },
  };

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
  // OpenID Connect sign-ins under way, Google's and SSO's (state, nonce and PKCE verifier for ten
  // minutes).
  "google_sign_in_states",
  // The log of CSV imports: what administrators uploaded.
  "csv_imports",
  // Which instance runs a single-run job (an import, a reminder pass) right now: held only while
  // one runs.
  "job_leases",
  // Private calendar feed tokens: each person makes their own; a demo one would be a fake secret.
  "calendar_feeds",
  // Personal API tokens: credentials an administrator creates; demo ones would be fake secrets.
  "api_tokens",
  // E-mail reminders: the administrators' offsets (no row = the defaults), the pass's state and
  // lease, and the send ledger: what the server does once mail is configured, never demo data.
  "reminder_offsets",
  "reminder_pass_state",
  "reminder_deliveries",
  // The installation's id: made on first use by the server that needs it (db/installation-id.ts).
  "installation",
  // The encryption key's check: stored by the server's first start (runtime.ts), not the seed.
  "encryption_key_check",
  // Notification channels carry a receiver's secret URL and signing secret: an administrator
  // adds real ones (a demo one would post to nowhere); events are written only by what happens.
  "notification_channels",
  "notification_events",
  // SCIM: tokens are credentials an administrator creates (demo ones would be fake secrets), no
  // settings row is the default policy, and held offboardings come from a deprovisioning.
  "scim_tokens",
  "scim_settings",
  "scim_held_offboardings",
  // SCIM groups and their members: what an identity provider pushes (decision 0059).
  "scim_groups",
  "scim_group_members",
  // The workspace syncs' runs: what ran against Google and Microsoft, never demo data.
  "integration_runs",
  // The calendar's license payments per display currency: summed at the rates of the moment by
  // the first calendar read, and kept by triggers from then on (decision 0062).
  "license_payment_factors",
  "license_payment_groups",
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
  // A fixed instant, so the test tells the seed's records from the sign-ins it makes itself.
  const seededAt = new Date();

  beforeAll(async () => {
    database = await openTestDatabase();
    db = database.db;
    seeded = await seedDemoDataIfEmpty(db, secrets, seededAt);
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
      expect(secrets.open(row.passwordCiphertext!)).toBe(seed.password);
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

  it("writes a few weeks of activity over the demo items, secrets never in clear", async () => {
    const records = await db
      .select()
      .from(schema.activityLog)
      .where(lt(schema.activityLog.occurredAt, seededAt));
    expect(records.length).toBeGreaterThanOrEqual(100);
    // Every area with demo items has records, and every kind of change the brief lists.
    const areas = new Set(records.map((row) => row.area));
    for (const area of [...Object.keys(ITEM_TABLES), "auth", "settings", "hosting"]) {
      expect(areas, area).toContain(area);
    }
    const actions = new Set(records.map((row) => row.action));
    for (const action of [
      "create",
      "update",
      "assign",
      "unassign",
      "approve",
      "reject",
      "renew",
      "reveal",
      "pay",
      "import",
      "export",
      "offboard",
      "sign_in",
      "sign_in_failed",
      "sign_out",
      "settings_change",
    ] as const) {
      expect(actions, action).toContain(action);
    }
    // Each item record points at a seeded item, and its label is that item's name.
    for (const [area, table] of Object.entries(ITEM_TABLES)) {
      const items = new Map((await table.read(db)).map((item) => [item.id, item.label]));
      const own = records.filter((row) => row.area === area && row.itemId !== null);
      expect(own.length, area).toBeGreaterThan(0);
      for (const row of own) {
        expect(items.has(row.itemId!), `${area} #${row.itemId}`).toBe(true);
        if (area !== "users")
          expect(row.itemLabel, `${area} #${row.itemId}`).toBe(items.get(row.itemId!));
      }
    }
    // A few weeks of history, in the past, oldest first by id (as a running app writes them).
    const times = records.map((row) => row.occurredAt.getTime());
    expect(Math.max(...times)).toBeLessThan(seededAt.getTime());
    expect(seededAt.getTime() - Math.min(...times)).toBeGreaterThan(28 * DAY_MS);
    const byId = [...records].sort((a, b) => a.id - b.id).map((row) => row.occurredAt.getTime());
    expect(byId).toEqual([...byId].sort((a, b) => a - b));
    // Nobody is named as the actor of a failed sign-in; everyone else is a demo person.
    const people = new Set((await db.select().from(schema.users)).map((row) => row.id));
    for (const row of records) {
      if (row.action === "sign_in_failed") expect(row.userId).toBeNull();
      else expect(people.has(row.userId!), `${row.action} by #${row.userId}`).toBe(true);
    }
    // No secret in clear: no demo key, password or their masked forms anywhere in the log.
    const logged = JSON.stringify(records.map((row) => [row.changes, row.detail, row.itemLabel]));
    const secretValues = [
      ...DEMO_LICENSES.map((license) => license.key),
      ...DEMO_ACCOUNTS.map((account) => account.password),
      ...DEMO_GSUITE_ACCOUNTS.flatMap((account) => (account.password ? [account.password] : [])),
      "demo1234",
    ];
    for (const secret of secretValues) {
      expect(logged).not.toContain(secret);
      expect(logged).not.toContain(maskSecret(secret));
    }
    expect(logged).not.toMatch(/argon2|ciphertext|iv:/i);
    expect(logged).toContain(SECRET_PLACEHOLDER);
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

      // The activity log is deterministic too: another database seeded the same day, with
      // another secret key, gets the very same records.
      const again = await openTestDatabase();
      try {
        await seedDemoDataIfEmpty(again.db, createSecrets(randomBytes(32)), now);
        const log = (db: Db) => db.select().from(schema.activityLog).orderBy(schema.activityLog.id);
        const records = await log(database.db);
        expect(records.length).toBeGreaterThan(0);
        expect(await log(again.db)).toEqual(records);
        expect(Math.max(...records.map((row) => row.occurredAt.getTime()))).toBeLessThan(
          now.getTime(),
        );
      } finally {
        await again.close();
      }
    } finally {
      await database.close();
    }
  });
});
