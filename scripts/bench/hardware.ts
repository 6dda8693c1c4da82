// Benchmark of the hardware area at the size: 20,000 hardware items and 5,000 hardware
// requests. Each list call (paged, filtered, searched, per role), the summary figures and the
// requests list, over loopback HTTP against the real application: p50/p95 of 30 calls each.
//
//   npx tsx scripts/bench/hardware.ts                    in-memory PGlite
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npx tsx scripts/bench/hardware.ts
//   npm run bench -- --hardware                          as a section of the main bench
//
// Its own scratch database (created and dropped on PostgreSQL). Prints figures; asserts nothing.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { hashPassword } from "../../src/server/auth/passwords";
import type { Db } from "../../src/server/db/client";
import { hardware, hardwareRequests, users } from "../../src/server/db/schema";
import { createSecrets } from "../../src/server/lib/secrets";
import { BENCH_PASSWORD, openBenchDatabase } from "./bench-data";
import { timedGet } from "./http-load";
import { benchSignIn, buildBenchApp } from "./inject-app";
import type { BenchSection } from "./sections";

const TYPES = [
  "laptop",
  "desktop",
  "monitor",
  "phone",
  "tablet",
  "keyboard",
  "mouse",
  "headset",
] as const;
const LOCATIONS = [
  "Sydney HQ",
  "Melbourne Office",
  "Remote",
  "Server Room",
  "IT Storage",
  "Brisbane",
];
const MODELS = [
  "ThinkPad X1",
  "MacBook Pro",
  "Dell Latitude",
  "UltraSharp",
  "iPhone",
  "Galaxy",
  "Jabra",
];
const STATUSES = ["active", "active", "active", "maintenance", "reserved", "retired"] as const;
const PEOPLE = 500;

export interface HardwareBenchCounts {
  hardware: number;
  requests: number;
}

/** bench-hw0 is the administrator; bench-hw1.. are ordinary users. Items: 60% assigned. */
export async function seedHardwareBench(db: Db, counts: HardwareBenchCounts) {
  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const people = await db
    .insert(users)
    .values(
      Array.from({ length: PEOPLE }, (_, n) => ({
        username: `bench-hw${n}`,
        passwordHash,
        fullName: `Hardware Person ${n}`,
        role: n === 0 ? ("admin" as const) : ("user" as const),
      })),
    )
    .returning({ id: users.id });
  const ids = people.map((person) => person.id);
  const itemIds: number[] = [];
  for (let start = 0; start < counts.hardware; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, counts.hardware - start) }, (_, k) => {
      const n = start + k;
      return {
        name: `${MODELS[n % MODELS.length]} ${n}`,
        type: TYPES[n % TYPES.length]!,
        identifier: `HW-${String(n).padStart(6, "0")}-${(n * 7919) % 100_000}`,
        location: LOCATIONS[n % LOCATIONS.length]!,
        status: STATUSES[n % STATUSES.length]!,
        // 60% held, spread over everyone (bench-hw1 holds about 24).
        assignedToUserId: n % 5 < 3 ? ids[1 + (n % (PEOPLE - 1))]! : null,
        pcName: n % 3 === 0 ? `PC-${n}` : null,
        warrantyExpiry: `202${7 + (n % 3)}-0${1 + (n % 9)}-15`,
      };
    });
    const inserted = await db.insert(hardware).values(rows).returning({ id: hardware.id });
    itemIds.push(...inserted.map((row) => row.id));
  }
  for (let start = 0; start < counts.requests; start += 1000) {
    const rows = Array.from({ length: Math.min(1000, counts.requests - start) }, (_, k) => {
      const n = start + k;
      const existing = n % 4 !== 0;
      return {
        requestedByUserId: ids[1 + (n % (PEOPLE - 1))]!,
        type: existing ? ("existing" as const) : ("new" as const),
        hardwareId: existing ? itemIds[(n * 13) % itemIds.length]! : null,
        name: existing ? null : `New thing ${n}`,
        hardwareType: existing ? null : ("peripheral" as const),
        reason: `Needed for project number ${n}, the current one is too slow.`,
        status: (["pending", "approved", "rejected"] as const)[n % 3]!,
      };
    });
    await db.insert(hardwareRequests).values(rows);
  }
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
};
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));

export async function runHardwareBench(
  counts: HardwareBenchCounts = { hardware: 20_000, requests: 5_000 },
  iterations = 30,
): Promise<string[]> {
  const database = await openBenchDatabase();
  const lines: string[] = [];
  try {
    const started = performance.now();
    await seedHardwareBench(database.db, counts);
    // A bulk load leaves the planner without statistics until autovacuum's ANALYZE runs (within
    // a minute on a live server); without them it walks the name index past 20,000 rows for a
    // rare search. The figures are of the steady state, so the statistics are taken now.
    await database.db.execute(sql`analyze`);
    lines.push(
      `seeded ${counts.hardware} hardware items and ${counts.requests} requests on ${database.kind} in ${Math.round(performance.now() - started)} ms`,
    );
    const app = await buildBenchApp(database, createSecrets(randomBytes(32)));
    const base = await app.listen({ port: 0, host: "127.0.0.1" });
    try {
      const login = (username: string) => benchSignIn(app, username);
      const admin = await login("bench-hw0");
      const user = await login("bench-hw1");
      const cases: [string, string, string][] = [
        ["admin: page 1 (25, by name)", "/api/hardware?limit=25&offset=0", admin],
        ["admin: page 400 (offset 9,975)", "/api/hardware?limit=25&offset=9975", admin],
        ["admin: Available & Reserved", "/api/hardware?view=available&limit=25", admin],
        ["admin: All Assigned", "/api/hardware?view=assigned&limit=25", admin],
        [
          "admin: type + location badges",
          "/api/hardware?type=laptop&location=Remote&limit=25",
          admin,
        ],
        ["admin: sort by location desc", "/api/hardware?sort=location&order=desc&limit=25", admin],
        ["admin: search serial 'HW-012345'", "/api/hardware?search=HW-012345&limit=25", admin],
        [
          "admin: search 'thinkpad x1 1999'",
          "/api/hardware?search=thinkpad%20x1%201999&limit=25",
          admin,
        ],
        ["admin: search, no match", "/api/hardware?search=zzzqqq&limit=25", admin],
        ["admin: one user's items (details)", `/api/hardware?assignedToUserId=2&limit=500`, admin],
        ["user: page 1 (free + own)", "/api/hardware?limit=25", user],
        ["user: My Hardware", "/api/hardware?view=assigned&limit=25", user],
        ["user: search 'dell'", "/api/hardware?search=dell&limit=25", user],
        ["admin: summary (stats, by type/location)", "/api/hardware/summary", admin],
        ["user: summary", "/api/hardware/summary", user],
        ["admin: requests page 1", "/api/hardware-requests?limit=25", admin],
        ["admin: requests page 100", "/api/hardware-requests?limit=25&offset=2475", admin],
        ["admin: pending requests", "/api/hardware-requests?status=pending&limit=25", admin],
        [
          "admin: requests, search 'number 4242,'",
          "/api/hardware-requests?search=number%204242%2C&limit=25",
          admin,
        ],
        [
          "admin: requests, search, no match",
          "/api/hardware-requests?search=zzzqqq&limit=25",
          admin,
        ],
        ["user: My Requests", "/api/hardware-requests?limit=25", user],
      ];
      lines.push(
        `${"call".padEnd(44)} ${"p50 ms".padStart(8)} ${"p95 ms".padStart(8)}  rows/total`,
      );
      for (const [label, path, cookie] of cases) {
        // Two warm-up calls (prepared plans, caches), then the measured ones.
        for (let i = 0; i < 2; i++) await timedGet(`${base}${path}`, cookie);
        const times: number[] = [];
        let last = await timedGet(`${base}${path}`, cookie);
        for (let i = 0; i < iterations; i++) {
          last = await timedGet(`${base}${path}`, cookie);
          if (last.status !== 200) throw new Error(`${path}: ${last.status} ${last.body}`);
          times.push(last.ms);
        }
        const body = JSON.parse(last.body.toString()) as unknown;
        const rows = Array.isArray(body) ? String(body.length) : "-";
        const total = last.headers["x-total-count"] ?? "-";
        lines.push(
          `${label.padEnd(44)} ${ms(percentile(times, 50)).padStart(8)} ${ms(percentile(times, 95)).padStart(8)}  ${rows}/${total}`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
  return lines;
}

/** Opt-in section of `npm run bench` (`--hardware`): it seeds its own data set. */
export const hardwareSection: BenchSection = {
  title: "Hardware (20,000 items, 5,000 requests; own scratch database)",
  run: () => runHardwareBench(),
};

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const line of await runHardwareBench()) console.log(line);
}
