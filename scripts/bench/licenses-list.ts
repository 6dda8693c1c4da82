// Benchmark: GET /api/licenses with tens of thousands of licenses.
// Usage: npx tsx scripts/bench/licenses-list.ts [licenses=20000] [assignments=40000]
// Uses in-memory PGlite, or PostgreSQL when BENCH_DATABASE_URL is set (a scratch database:
// the script creates and drops its own database there). Prints figures; asserts nothing.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { maskSecret } from "../../src/domain/masking";
import { buildApp } from "../../src/server/app";
import { hashPassword } from "../../src/server/auth/passwords";
import { loadConfig } from "../../src/server/config";
import { type Database, openDatabase } from "../../src/server/db/client";
import { licenseAssignments, licenses, users } from "../../src/server/db/schema";
import { createSecretBox } from "../../src/server/lib/secret-box";

const licenseCount = Number(process.argv[2] ?? 20_000);
const assignmentCount = Number(process.argv[3] ?? 40_000);
const USER_COUNT = 500;
const frequencies = ["monthly", "quarterly", "annually", "weekly", "one-time"] as const;

async function openBenchDatabase(): Promise<Database> {
  const base = process.env.BENCH_DATABASE_URL;
  if (!base) {
    const database = await openDatabase({ kind: "pglite" });
    await database.migrate();
    return database;
  }
  const name = `qm_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: "postgres", url: url.toString() });
  await database.migrate();
  return {
    ...database,
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: base });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}

const isoDaysFromNow = (days: number) =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function main() {
  const database = await openBenchDatabase();
  const secrets = createSecretBox(randomBytes(32));
  const db = database.db;

  let started = performance.now();
  const passwordHash = await hashPassword("benchpass");
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: USER_COUNT }, (_, i) => ({
        username: `bench${i}`,
        passwordHash,
        fullName: `Bench User ${i}`,
        role: i === 0 ? ("admin" as const) : ("user" as const),
      })),
    )
    .returning({ id: users.id });
  const licenseIds: number[] = [];
  for (let offset = 0; offset < licenseCount; offset += 1000) {
    const batch = Array.from({ length: Math.min(1000, licenseCount - offset) }, (_, j) => {
      const i = offset + j;
      const key = `BENCH-${i.toString(36).toUpperCase()}-${randomBytes(6).toString("hex")}`;
      return {
        name: `Product ${i % 977} Suite ${i}`,
        licenseKeyCiphertext: secrets.encrypt(key),
        licenseKeyMasked: maskSecret(key),
        totalSeats: 10,
        expiryDate: isoDaysFromNow((i % 400) - 100),
        paymentAmount: (i % 500) + 9.99,
        paymentFrequency: frequencies[i % frequencies.length]!,
      };
    });
    const rows = await db.insert(licenses).values(batch).returning({ id: licenses.id });
    licenseIds.push(...rows.map((row) => row.id));
  }
  for (let offset = 0; offset < assignmentCount; offset += 2000) {
    const batch = Array.from({ length: Math.min(2000, assignmentCount - offset) }, (_, j) => {
      const i = offset + j;
      return {
        licenseId: licenseIds[i % licenseIds.length]!,
        // Spread over users, with distinct (license, user) pairs in each round over the licenses.
        userId:
          userRows[((i % licenseIds.length) + Math.floor(i / licenseIds.length)) % USER_COUNT]!.id,
        assignedTo: "Bench User",
        assignedDate: isoDaysFromNow(-30),
      };
    });
    await db.insert(licenseAssignments).values(batch);
  }
  console.log(
    `seeded ${licenseCount} licenses, ${assignmentCount} assignments, ${USER_COUNT} users on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
  );

  for (let run = 0; run < 3; run++) {
    started = performance.now();
    const all = await db.select().from(licenses);
    const selectMs = performance.now() - started;
    started = performance.now();
    for (const row of all) secrets.decrypt(row.licenseKeyCiphertext);
    console.log(
      `raw select of ${all.length} rows: ${selectMs.toFixed(0)} ms; decrypting every key: ${(performance.now() - started).toFixed(0)} ms`,
    );
  }

  const config = loadConfig({ LOG_LEVEL: "silent", CLIENT_DIR: "/nonexistent" });
  const app = await buildApp({ config, database, secrets });
  await app.ready();
  const login = async (username: string) => {
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: { "x-requested-with": "XMLHttpRequest" },
      payload: { username, password: "benchpass" },
    });
    return `qm_session=${response.cookies.find((c) => c.name === "qm_session")!.value}`;
  };
  const adminCookie = await login("bench0");
  const userCookie = await login("bench1");

  const cases: [string, string, string][] = [
    ["admin, all licenses", "/api/licenses", adminCookie],
    ["admin, search by name", "/api/licenses?search=suite%201234", adminCookie],
    ["admin, search by key fragment", "/api/licenses?search=bench-a", adminCookie],
    [
      "admin, expiring soon, by cost desc",
      "/api/licenses?status=expiring&sort=cost&order=desc",
      adminCookie,
    ],
    ["user, own licenses", "/api/licenses", userCookie],
    ["admin, all assignments", "/api/assignments", adminCookie],
  ];
  console.log("case | rows | median ms | min ms | bytes");
  for (const [label, url, cookie] of cases) {
    const times: number[] = [];
    let rows = 0;
    let bytes = 0;
    for (let run = 0; run < 5; run++) {
      started = performance.now();
      const response = await app.inject({ method: "GET", url, headers: { cookie } });
      times.push(performance.now() - started);
      if (response.statusCode !== 200)
        throw new Error(`${url}: ${response.statusCode} ${response.body}`);
      rows = (response.json() as unknown[]).length;
      bytes = response.body.length;
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label} | ${rows} | ${times[2]!.toFixed(0)} | ${times[0]!.toFixed(0)} | ${bytes}`,
    );
  }
  await app.close();
  await database.close();
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
