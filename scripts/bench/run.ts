// `npm run bench`: the figures of issue 7, side by side in one run.
//
//   npm run bench                          10,000 licenses, 50,000 assignments, 5,000 users
//   npm run bench -- --licenses 1000       (or 50000; assignments ×5 and users ÷2 follow)
//   npm run bench -- --rounds 7            rounds to take the median over (default 5, at least 5
//                                          for a figure to quote: fewer are marked as such)
//   npm run bench -- --only main,feed      only the main table (and cheap calls) and the sections
//                                          whose title holds "feed"
//   npm run bench -- --cpu-prof /tmp/prof  the server's CPU profile of each cheap-call run (bare
//                                          included: it shares the process) into that folder,
//                                          e.g. status-r1.cpuprofile (Chrome DevTools opens it)
//   npm run bench -- --hardware            also the opt-in hardware section (its own large data set)
//   npm run bench -- --iterations 20       calls per case and round at most (default 20)
//   npm run bench -- --help                these lines
//   npm run bench -- --port 4100           fixed ports: the application on 4100, the bare Fastify
//                                          on 4101 (default: any free port)
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench
//                                          PostgreSQL: a scratch database is created and dropped
//                                          (named <BENCH_DATABASE_PREFIX, default qm_bench>_<pid>)
//
// The server (real application, default configuration, request logs to the ignored stdout) runs
// in a child process (bench-server.ts) on a scratch database; this process is the client. For
// each list and search call it prints p50/p95 over loopback HTTP, the same statements the
// request ran executed directly on the driver ("SQL", replayed once after each call), and their
// ratio; then requests/s of cheap authenticated calls against a bare Fastify in the same child;
// then the dashboard's download. The rounds alternate: each round times every case once (and
// the cheap calls, in turn with the bare server, in alternating order), so a slower spell of
// this shared machine falls on all sides of a ratio alike. Every ratio is taken per round and
// printed as its median over the rounds with the spread (min-max) beside it: one round's outlier
// shows as a wide spread instead of passing for the figure. Prints figures; asserts nothing.
import { type ChildProcess, fork } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { BENCH_PASSWORD } from "./bench-data";
import type { BenchServerReady, BenchServerRequest } from "./bench-server";
import { requestsPerSecond, type TimedResponse, timedGet } from "./http-load";
import { type BenchCase, type BenchContext, extraSections } from "./sections";

if (process.argv.includes("--help") || process.argv.includes("-h")) {
  // The usage is this file's opening comment, kept in one place.
  const source = fs.readFileSync(fileURLToPath(import.meta.url), "utf8");
  const usage = source.slice(
    source.indexOf("//   npm run bench"),
    source.indexOf("//\n// The server"),
  );
  console.log(usage.replace(/^\/\/ ?/gm, ""));
  process.exit(0);
}

function option(name: string, fallback: number) {
  const index = process.argv.indexOf(`--${name}`);
  const raw = index >= 0 ? process.argv[index + 1] : process.env[`BENCH_${name.toUpperCase()}`];
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a whole number`);
  return value;
}

const licenseCount = option("licenses", 10_000);
const counts = {
  licenses: licenseCount,
  assignments: option("assignments", licenseCount * 5),
  users: option("users", Math.max(500, Math.round(licenseCount / 2))),
};
const rounds = option("rounds", 5);
/**
 * `--only feed,licenses`: only the parts whose title holds one of the words (case-insensitive;
 * "main" is the main table with the cheap calls), to measure one area without the whole run.
 */
const onlyIndex = process.argv.indexOf("--only");
const only = (onlyIndex >= 0 ? process.argv[onlyIndex + 1] : process.env.BENCH_ONLY)
  ?.toLowerCase()
  .split(",")
  .filter(Boolean);
const wanted = (title: string) => !only || only.some((word) => title.toLowerCase().includes(word));
const profileIndex = process.argv.indexOf("--cpu-prof");
const profileDir = profileIndex >= 0 ? process.argv[profileIndex + 1] : undefined;
const port = process.argv.includes("--port") || process.env.BENCH_PORT ? option("port", 0) : 0;
const iterations = option("iterations", 20);
/** A slow call stops repeating after this long in one round (at least 3 samples). */
const CASE_BUDGET_MS = 8_000;

const median = (values: number[]) => percentile(values, 50);
function percentile(values: number[], p: number) {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length) - 1;
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank))]!;
}
const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1));
const times = (value: number) => `${value.toFixed(1)}×`;
const percent = (value: number) => `${(100 * value).toFixed(1)}%`;
/** The median of per-round values with their range: "2.1× (1.9-2.6)". */
function spread(values: number[], format: (value: number) => string) {
  const finite = values.filter(Number.isFinite);
  if (finite.length === 0) return "-";
  const low = Math.min(...finite);
  const high = Math.max(...finite);
  return `${format(median(finite))} (${format(low)}-${format(high)})`;
}

/** A request to the bench server, without the id that ask() adds. */
type Request = BenchServerRequest extends infer R
  ? R extends unknown
    ? Omit<R, "id">
    : never
  : never;

/** The child process and a request/answer channel to it. */
function startServer() {
  const child: ChildProcess = fork(fileURLToPath(new URL("./bench-server.ts", import.meta.url)), {
    execArgv: ["--import", "tsx"],
    env: {
      ...process.env,
      BENCH_LICENSES: String(counts.licenses),
      BENCH_ASSIGNMENTS: String(counts.assignments),
      BENCH_USERS: String(counts.users),
      BENCH_PORT: String(port),
    },
    // The application's request log goes to stdout: discarded, as a log file would take it.
    stdio: ["ignore", "ignore", "inherit", "ipc"],
  });
  let nextId = 1;
  const pending = new Map<number, (answer: Record<string, unknown>) => void>();
  const ready = new Promise<BenchServerReady>((resolve, reject) => {
    child.on("message", (message: Record<string, unknown>) => {
      if (message.type === "ready") return resolve(message as unknown as BenchServerReady);
      pending.get(message.id as number)?.(message);
      pending.delete(message.id as number);
    });
    child.on("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  const ask = <T extends Record<string, unknown>>(request: Request): Promise<T> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve as (answer: Record<string, unknown>) => void);
      child.send({ ...request, id });
    });
  return { ready, ask };
}

async function login(appUrl: string, username: string) {
  const response = await fetch(`${appUrl}/api/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-requested-with": "XMLHttpRequest" },
    body: JSON.stringify({ username, password: BENCH_PASSWORD }),
  });
  if (!response.ok) throw new Error(`login ${username}: ${response.status}`);
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("qm_session="));
  const status = await fetch(`${appUrl}/api/auth/status`, {
    headers: { cookie: cookie!.split(";")[0]! },
  });
  const { user } = (await status.json()) as { user: { id: number } };
  return { cookie: cookie!.split(";")[0]!, id: user.id };
}

interface CaseRound {
  p50: number;
  p95: number;
  sql: number;
  statements: number;
  rows: string;
  total: string;
  bytes: number;
}

async function main() {
  const server = startServer();
  const ready = await server.ready;
  const { appUrl, bareUrl } = ready;
  console.log(
    `Quartermaster bench: ${counts.licenses} licenses, ${counts.assignments} assignments, ${counts.users} users on ${ready.kind}, seeded in ${(ready.seedMs / 1000).toFixed(1)} s; ${rounds} alternating rounds, medians with (min-max) over the rounds; node ${process.version}; ${new Date().toISOString()}`,
  );
  if (rounds < 5) console.log(`(only ${rounds} rounds: the spreads are too few to quote)`);

  const admin = await login(appUrl, "bench0");
  const user = await login(appUrl, "bench1");
  const page = await timedGet(`${appUrl}/api/licenses?limit=50`, admin.cookie);
  const pageIds = (JSON.parse(page.body.toString()) as { id: number }[]).map((l) => l.id);
  const nameFragment = `suite ${Math.floor(counts.licenses * 0.37)}`;
  const userFragment = `user ${Math.floor(counts.users * 0.7)}`;
  const deepOffset = Math.min(10_000, Math.max(0, counts.licenses - 50));
  const summary = await timedGet(`${appUrl}/api/dashboard/summary`, admin.cookie);
  const hasSummary = summary.status === 200;
  // The dashboard's calls: one summary call once it exists, else what the page fetched before it.
  const adminDashboard = hasSummary ? ["/api/dashboard/summary"] : ["/api/licenses", "/api/users"];
  const userDashboard = hasSummary
    ? ["/api/dashboard/summary"]
    : [`/api/users/${user.id}/licenses`];

  const cases: BenchCase[] = [
    { label: "licenses, page 1 of 50", urls: ["/api/licenses?limit=50"], cookie: admin.cookie },
    {
      label: `licenses, name search '${nameFragment}'`,
      urls: [`/api/licenses?search=${encodeURIComponent(nameFragment)}&limit=50`],
      cookie: admin.cookie,
    },
    {
      label: `licenses, key search '${ready.keyFragment}'`,
      urls: [`/api/licenses?search=${ready.keyFragment}&limit=50`],
      cookie: admin.cookie,
    },
    {
      label: "licenses, expiring by cost desc",
      urls: ["/api/licenses?status=expiring&sort=cost&order=desc&limit=50"],
      cookie: admin.cookie,
    },
    {
      // A page turn: the screen already holds the total (list kit, decision 0029).
      label: "licenses, page 2, total kept",
      urls: ["/api/licenses?limit=50&offset=50&withTotal=false"],
      cookie: admin.cookie,
    },
    {
      label: `licenses, offset ${deepOffset}`,
      urls: [`/api/licenses?limit=50&offset=${deepOffset}`],
      cookie: admin.cookie,
    },
    {
      // No search or filter narrows it: the order itself must come from an index (issue 7).
      label: "licenses, by expiry date desc",
      urls: ["/api/licenses?sort=expiryDate&order=desc&limit=50"],
      cookie: admin.cookie,
    },
    {
      label: "licenses, one user's (own list)",
      urls: [`/api/users/${user.id}/licenses?limit=50`],
      cookie: user.cookie,
    },
    {
      label: "assignments of a page",
      urls: [`/api/assignments?licenseIds=${pageIds.join(",")}&active=true`],
      cookie: admin.cookie,
    },
    { label: "users, page 1 of 50", urls: ["/api/users?limit=50"], cookie: admin.cookie },
    {
      label: "users, page 2, total kept",
      urls: ["/api/users?limit=50&offset=50&withTotal=false"],
      cookie: admin.cookie,
    },
    {
      label: "users, by full name desc",
      urls: ["/api/users?sort=fullName&order=desc&limit=50"],
      cookie: admin.cookie,
    },
    {
      label: "assignments, newest page",
      urls: ["/api/assignments?limit=50"],
      cookie: admin.cookie,
    },
    {
      label: `users, search '${userFragment}'`,
      urls: [`/api/users?search=${encodeURIComponent(userFragment)}&limit=50`],
      cookie: admin.cookie,
    },
    {
      // Two characters: no trigram index answers it, so the total reads every user (decision 0009).
      label: "users, 2-character search 'zq'",
      urls: ["/api/users?search=zq&limit=50"],
      cookie: admin.cookie,
    },
    { label: "dashboard, administrator", urls: adminDashboard, cookie: admin.cookie },
    { label: "dashboard, ordinary user", urls: userDashboard, cookie: user.cookie },
  ];

  // The main table, the cheap calls and the dashboard's download (`--only main`).
  if (wanted("main")) {
    const caseRounds = new Map<string, CaseRound[]>();
    const throughput = { bare: [] as number[], status: [] as number[], ownUser: [] as number[] };
    // The server's own CPU time per request: requests/s on this 2-core machine is also bounded
    // by the client (one Node process) and by whatever else runs; the CPU a request costs the
    // server is not.
    const serverCpu = { bare: [] as number[], status: [] as number[], ownUser: [] as number[] };
    const cheapTargets = (
      [
        ["bare", `${bareUrl}/`, undefined],
        ["status", `${appUrl}/api/auth/status`, user.cookie],
        ["ownUser", `${appUrl}/api/users/${user.id}`, user.cookie],
      ] as const
    ).map(([name, url, cookie]) => async (round: number) => {
      const file = profileDir && path.join(profileDir, `${name}-r${round + 1}.cpuprofile`);
      const measuring = async (on: boolean) => {
        if (on) {
          if (file) await server.ask({ type: "profile-start" });
          return server.ask({ type: "cpu-start" });
        }
        const cpu = await server.ask<{ micros: number; requests: number }>({ type: "cpu-stop" });
        serverCpu[name].push(cpu.micros / cpu.requests);
        if (file) await server.ask({ type: "profile-stop", file });
      };
      throughput[name].push(await requestsPerSecond(url, { cookie, measuring }));
    });
    for (let round = 0; round < rounds; round++) {
      for (const benchCase of cases) {
        const result = await measureCase(appUrl, benchCase, server.ask);
        caseRounds.set(benchCase.label, [...(caseRounds.get(benchCase.label) ?? []), result]);
      }
      // The targets in turn, in the opposite order every other round: a noisy neighbour or a
      // warmer JIT then favours neither the bare server nor the application.
      const order = round % 2 === 0 ? cheapTargets : [...cheapTargets].reverse();
      for (const target of order) await target(round);
      process.stderr.write(`round ${round + 1}/${rounds} done\n`);
    }

    console.log("\nList and search calls (loopback HTTP; SQL = the same statements run directly)");
    for (const line of caseTable(cases, caseRounds)) console.log(line);

    console.log(
      "\nCheap calls, 16 concurrent keep-alive clients on loopback, 3 s each; ÷ bare taken per round (the bare server's run of the same round)",
    );
    console.log(
      "target | requests/s (min-max) | ÷ bare Fastify (min-max) | server CPU µs/request (min-max) | bare's CPU ÷ this (min-max)",
    );
    console.log("--- | --: | --: | --: | --:");
    const rate = (value: number) => value.toFixed(0);
    const perRound = (values: number[], of: number[], invert = false) =>
      values.map((value, i) => (invert ? of[i]! / value : value / of[i]!));
    for (const [label, name] of [
      ["bare Fastify GET /", "bare"],
      ["GET /api/auth/status (signed in)", "status"],
      ["GET /api/users/{own id}", "ownUser"],
    ] as const) {
      console.log(
        `${label} | ${spread(throughput[name], rate)} | ${spread(perRound(throughput[name], throughput.bare), percent)} | ${spread(serverCpu[name], rate)} | ${spread(perRound(serverCpu[name], serverCpu.bare, true), percent)}`,
      );
    }

    console.log("\nDashboard download (JSON bodies of the calls the page makes)");
    console.log("viewer | calls | bytes | gzip bytes");
    console.log("--- | --- | --: | --:");
    for (const [viewer, urls, cookie] of [
      ["administrator", adminDashboard, admin.cookie],
      ["ordinary user", userDashboard, user.cookie],
    ] as const) {
      const bodies = await Promise.all(urls.map((url) => timedGet(`${appUrl}${url}`, cookie)));
      const bytes = bodies.reduce((sum, r) => sum + r.body.length, 0);
      const gzip = bodies.reduce((sum, r) => sum + gzipSync(r.body).length, 0);
      console.log(`${viewer} | ${urls.join(" + ")} | ${bytes} | ${gzip}`);
    }
  }

  const context: BenchContext = {
    appUrl,
    adminCookie: admin.cookie,
    userCookie: user.cookie,
    databaseKind: ready.kind,
    counts,
    rounds,
    seed: async (moduleUrl, exportName, ...args) => {
      const answer = await server.ask<{ ms: number; error?: string }>({
        type: "seed",
        moduleUrl,
        exportName,
        args,
      });
      if (answer.error) throw new Error(answer.error);
      return answer.ms;
    },
    exec: async (sql) => {
      const answer = await server.ask<{ ms: number; error?: string }>({ type: "exec", sql });
      if (answer.error) throw new Error(answer.error);
      return answer.ms;
    },
    measure: async (sectionCases) => {
      const results = new Map<string, CaseRound[]>();
      for (let round = 0; round < rounds; round++) {
        for (const benchCase of sectionCases) {
          const result = await measureCase(appUrl, benchCase, server.ask);
          results.set(benchCase.label, [...(results.get(benchCase.label) ?? []), result]);
        }
      }
      return caseTable(sectionCases, results);
    },
  };
  for (const section of extraSections) {
    if (!wanted(section.title)) continue;
    console.log(`\n${section.title}`);
    for (const line of await section.run(context)) console.log(line);
  }

  await server.ask({ type: "close" });
}

/**
 * The calls' table: per case the medians over the rounds of p50, p95 and the same SQL run
 * directly, with the p50's spread; the ratios (HTTP ÷ SQL, and ÷ the baseline case's p50 when
 * the case names one) are taken per round, so each is shown as its median and spread.
 */
function caseTable(cases: BenchCase[], caseRounds: Map<string, CaseRound[]>): string[] {
  const lines = [
    "call | p50 ms (min-max) | p95 ms | SQL p50 ms | HTTP÷SQL (min-max) | ÷ baseline (min-max) | statements | rows | total | bytes",
    "--- | --: | --: | --: | --: | --: | --: | --: | --: | --:",
  ];
  for (const benchCase of cases) {
    const results = caseRounds.get(benchCase.label)!;
    const base = benchCase.baseline ? caseRounds.get(benchCase.baseline) : undefined;
    const last = results.at(-1)!;
    const overBase = base
      ? spread(
          results.map((r, i) => r.p50 / (base[i]?.p50 ?? Number.NaN)),
          times,
        )
      : "-";
    lines.push(
      `${benchCase.label} | ${spread(
        results.map((r) => r.p50),
        ms,
      )} | ${ms(median(results.map((r) => r.p95)))} | ${ms(median(results.map((r) => r.sql)))} | ${spread(
        results.map((r) => r.p50 / r.sql),
        times,
      )} | ${overBase} | ${last.statements} | ${last.rows} | ${last.total} | ${last.bytes}`,
    );
  }
  return lines;
}

async function measureCase(
  appUrl: string,
  benchCase: BenchCase,
  ask: ReturnType<typeof startServer>["ask"],
): Promise<CaseRound> {
  const call = async () => {
    let ms = 0;
    let last: TimedResponse | undefined;
    for (const url of benchCase.urls) {
      last = await timedGet(`${appUrl}${url}`, benchCase.cookie, benchCase.headers);
      if (last.status !== 200) throw new Error(`${url}: ${last.status} ${last.body}`);
      ms += last.ms;
    }
    return { ms, last: last! };
  };
  await call();
  await ask({ type: "capture-start" });
  const { last } = await call();
  const { statements } = await ask<{ statements: number }>({ type: "capture-stop" });

  // Each call is followed at once by one replay of its statements, so that the two sides of the
  // ratio are sampled alternately: a slower spell of this shared machine (seen here swinging a
  // call's p50 by a third between runs) then falls on both alike instead of on one side.
  const times: number[] = [];
  const durations: number[] = [];
  const started = performance.now();
  while (times.length < iterations) {
    times.push((await call()).ms);
    const replayed = await ask<{ durations: number[] }>({ type: "replay", times: 1 });
    durations.push(...replayed.durations);
    if (times.length >= 3 && performance.now() - started > CASE_BUDGET_MS) break;
  }
  const body = JSON.parse(last.body.toString()) as unknown;
  return {
    p50: median(times),
    p95: percentile(times, 95),
    sql: median(durations),
    statements,
    rows: Array.isArray(body) ? String(body.length) : "-",
    total: String(last.headers["x-total-count"] ?? "-"),
    bytes: last.body.length,
  };
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
