// Shared by the benchmarks: a scratch database (in-memory PGlite, or a new database on the
// PostgreSQL server of BENCH_DATABASE_URL, dropped on close) and a large license data set.
import { randomBytes } from "node:crypto";
import pg from "pg";
import { hashPassword } from "../../src/server/auth/passwords";
import { type Database, type Db, openDatabase } from "../../src/server/db/client";
import { licenseAssignments, licenses, users } from "../../src/server/db/schema";
import type { Secrets } from "../../src/server/lib/secrets";
import { storedLicenseKey } from "../../src/server/licenses/license-key";

export const BENCH_PASSWORD = "benchpass";
/** bench0 is the administrator; bench1..bench499 are ordinary users (unless told otherwise). */
export const BENCH_USER_COUNT = 500;
const frequencies = ["monthly", "quarterly", "annually", "weekly", "one-time"] as const;
const departments = ["Engineering", "Finance", "Sales", "Support", "Operations", "Design"];
const renewalStatuses = ["manual", "manual", "auto", "cancelled"] as const;

const isoDaysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

export async function openBenchDatabase(
  baseUrl = process.env.BENCH_DATABASE_URL,
  pgliteDataDir?: string,
): Promise<Database & { url?: string }> {
  if (!baseUrl) {
    const database = await openDatabase({ kind: "pglite", dataDir: pgliteDataDir });
    await database.migrate();
    return database;
  }
  const name = `${process.env.BENCH_DATABASE_PREFIX ?? "qm_bench"}_${process.pid}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  await database.migrate();
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: baseUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

/** What a benchmark can search for: a fragment of one stored key, found only in that key. */
export interface BenchSample {
  keyFragment: string;
}

/**
 * Users, licenses (encrypted keys, a spread of expiry dates, renewal statuses and costs) and
 * active assignments.
 */
export async function seedBenchLicenses(
  db: Db,
  secrets: Secrets,
  counts: { licenses: number; assignments: number; users?: number },
): Promise<BenchSample> {
  const userCount = counts.users ?? BENCH_USER_COUNT;
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const userRows: { id: number }[] = [];
  for (let offset = 0; offset < userCount; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, userCount - offset) }, (_, j) => {
      const i = offset + j;
      return {
        username: `bench${i}`,
        passwordHash,
        fullName: `Bench User ${i}`,
        email: `bench.user${i}@example.com`,
        department: departments[i % departments.length]!,
        role: i === 0 ? ("admin" as const) : ("user" as const),
      };
    });
    userRows.push(...(await db.insert(users).values(batch).returning({ id: users.id })));
  }
  const sampleIndex = Math.floor(counts.licenses / 2);
  let keyFragment = "";
  const licenseIds: number[] = [];
  for (let offset = 0; offset < counts.licenses; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, counts.licenses - offset) }, (_, j) => {
      const i = offset + j;
      const key = `BENCH-${i.toString(36).toUpperCase()}-${randomBytes(6).toString("hex")}`;
      if (i === sampleIndex) keyFragment = key.slice(-8);
      return {
        name: `Product ${i % 977} Suite ${i}`,
        ...storedLicenseKey(secrets, key),
        totalSeats: 10,
        expiryDate: isoDaysFromNow((i % 400) - 100),
        paymentAmount: (i % 500) + 9.99,
        paymentFrequency: frequencies[i % frequencies.length]!,
        purchaseDate: isoDaysFromNow(-(i % 700)),
        renewalStatus: renewalStatuses[i % renewalStatuses.length]!,
        autoRenew: i % renewalStatuses.length === 2,
      };
    });
    const rows = await db.insert(licenses).values(batch).returning({ id: licenses.id });
    licenseIds.push(...rows.map((row) => row.id));
  }
  for (let offset = 0; offset < counts.assignments; offset += 2000) {
    const batch = Array.from({ length: Math.min(2000, counts.assignments - offset) }, (_, j) => {
      const i = offset + j;
      // Spread over users, with distinct (license, user) pairs in each round over the licenses.
      const userIndex = ((i % licenseIds.length) + Math.floor(i / licenseIds.length)) % userCount;
      return {
        licenseId: licenseIds[i % licenseIds.length]!,
        userId: userRows[userIndex]!.id,
        assignedTo: `Bench User ${userIndex}`,
        assignedDate: isoDaysFromNow(-30),
      };
    });
    await db.insert(licenseAssignments).values(batch);
  }
  return { keyFragment };
}
