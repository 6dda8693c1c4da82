// `npm run chaos`: the database-fault scenario of issue 6 against a real server on a scratch
// PostgreSQL database, with its figures printed at the end.
//
//   1. creates a scratch database (CHAOS_DATABASE_URL names the server, default
//      postgres://postgres@127.0.0.1:5432/; the user needs CREATEDB), an administrator in it and a
//      server process on it (src/server/main.ts, CHAOS_PORT, default 5110);
//   2. runs a steady write load over HTTP: licenses created and seats assigned (CHAOS_WORKERS);
//   3. terminates the server's backends every 0.5 s for 10 s, then refuses connections
//      (ALTER DATABASE ... ALLOW_CONNECTIONS false) for 3 s;
//   4. stops the load, checks that every acknowledged write is in the database, that the process
//      is still up and that requests succeed again; drops the database.
//
// Exits 1 when a 500 was answered, an acknowledged write is missing, the process died or the
// requests after the faults fail.
import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import pg from "pg";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const BASE_URL = process.env.CHAOS_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/";
const PORT = Number(process.env.CHAOS_PORT ?? 5110);
const WORKERS = Number(process.env.CHAOS_WORKERS ?? 6);
const TERMINATE_EVERY_MS = 500;
const TERMINATE_FOR_MS = 10_000;
const REFUSE_FOR_MS = 3_000;
const AFTER_REQUESTS = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function urlFor(database: string) {
  const url = new URL(BASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withClient<T>(database: string, work: (client: pg.Client) => Promise<T>) {
  const client = new pg.Client({ connectionString: urlFor(database) });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Runs a command under the project's tsx and resolves with its exit code. */
function runTsx(script: string, env: NodeJS.ProcessEnv, stdio: "ignore" | "inherit" = "ignore") {
  const child = spawn(process.execPath, ["--import", "tsx", script], { cwd: ROOT, env, stdio });
  return new Promise<number | null>((resolve) => child.on("exit", resolve));
}

class Tally {
  requests = 0;
  ok = 0;
  unavailable = 0;
  serverErrors = 0;
  other = new Map<string, number>();
  count(status: number | string) {
    this.requests++;
    if (typeof status === "number" && status >= 200 && status < 300) this.ok++;
    else if (status === 503) this.unavailable++;
    else if (status === 500) this.serverErrors++;
    else this.other.set(String(status), (this.other.get(String(status)) ?? 0) + 1);
  }
}

async function main() {
  const database = `qm_chaos_${process.pid}_${randomBytes(3).toString("hex")}`;
  const databaseUrl = urlFor(database);
  const origin = `http://127.0.0.1:${PORT}`;
  const env = {
    ...process.env,
    DATABASE_URL: databaseUrl,
    ENCRYPTION_KEY: randomBytes(32).toString("base64"),
    PORT: String(PORT),
    HOST: "127.0.0.1",
    LOG_LEVEL: "warn",
    LOG_REQUESTS: "false",
    CLIENT_DIR: "/nonexistent",
    ADMIN_USERNAME: "chaos-admin",
    ADMIN_PASSWORD: randomBytes(12).toString("hex"),
  };
  console.log(`Scratch database ${database} on ${new URL(BASE_URL).host}; server on ${origin}.`);
  await withClient("postgres", (client) => client.query(`create database ${database}`));
  let server: ChildProcess | undefined;
  let serverExit: number | null | undefined;
  try {
    // Migrates the new database and adds the administrator the load signs in as.
    if ((await runTsx("src/server/cli/create-admin.ts", env)) !== 0) {
      throw new Error("create-admin failed");
    }
    server = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
      cwd: ROOT,
      env,
      stdio: ["ignore", "ignore", "inherit"],
    });
    server.on("exit", (code, signal) => {
      serverExit = code ?? (signal ? -1 : null);
    });
    for (let i = 0; ; i++) {
      if (serverExit !== undefined) throw new Error(`the server exited at start (${serverExit})`);
      const health = await fetch(`${origin}/api/health`).catch(() => undefined);
      if (health?.ok) break;
      if (i > 600) throw new Error("the server did not start within 60 s");
      await sleep(100);
    }

    const call = async (method: string, url: string, body?: unknown, cookie?: string) => {
      const response = await fetch(`${origin}${url}`, {
        method,
        headers: {
          "x-requested-with": "XMLHttpRequest",
          ...(body ? { "content-type": "application/json" } : {}),
          ...(cookie ? { cookie } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await response.text();
      return { status: response.status, headers: response.headers, json: () => JSON.parse(text) };
    };
    const login = await call("POST", "/api/auth/login", {
      username: env.ADMIN_USERNAME,
      password: env.ADMIN_PASSWORD,
    });
    if (login.status !== 200) throw new Error(`sign-in failed: ${login.status}`);
    const cookie = login.headers.get("set-cookie")!.split(";")[0]!;
    const userIds: number[] = [];
    for (let i = 0; i < WORKERS; i++) {
      const user = await call(
        "POST",
        "/api/users",
        { username: `chaos-user-${i}`, password: randomBytes(12).toString("hex") },
        cookie,
      );
      if (user.status !== 201) throw new Error(`creating a user failed: ${user.status}`);
      userIds.push(user.json().id);
    }

    // The load: each worker creates a license (one statement) and assigns a seat of it (a
    // transaction holding the license's row lock), so faults land both between statements and
    // inside transactions.
    const tally = new Tally();
    const acknowledged = { licenses: [] as number[], assignments: [] as number[] };
    let running = true;
    let sequence = 0;
    const send = async (method: string, url: string, body: unknown) => {
      try {
        const response = await call(method, url, body, cookie);
        tally.count(response.status);
        return response;
      } catch (error) {
        tally.count(`network error (${(error as Error).cause ?? (error as Error).message})`);
        return undefined;
      }
    };
    const worker = async (index: number) => {
      while (running) {
        const n = ++sequence;
        const license = await send("POST", "/api/licenses", {
          name: `Chaos ${n}`,
          licenseKey: `CHAOS-${n}-${randomBytes(4).toString("hex")}`,
          totalSeats: 5,
          paymentAmount: 10,
        });
        if (license?.status !== 201) continue;
        const licenseId = license.json().id as number;
        acknowledged.licenses.push(licenseId);
        const seat = await send("POST", "/api/assignments", {
          licenseId,
          userId: userIds[index % userIds.length],
        });
        if (seat?.status === 201) acknowledged.assignments.push(seat.json().id);
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, index) => worker(index));

    let terminated = 0;
    await withClient("postgres", async (admin) => {
      const terminate = async () =>
        (
          await admin.query(
            "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
            [database],
          )
        ).rowCount ?? 0;
      await sleep(1_000); // a moment of load without faults
      const started = Date.now();
      while (Date.now() - started < TERMINATE_FOR_MS) {
        await sleep(TERMINATE_EVERY_MS);
        terminated += await terminate();
      }
      await admin.query(`alter database ${database} allow_connections false`);
      try {
        terminated += await terminate();
        await sleep(REFUSE_FOR_MS);
      } finally {
        await admin.query(`alter database ${database} allow_connections true`);
      }
      await sleep(1_000); // the load goes on a moment after the faults
    });
    running = false;
    await Promise.all(workers);
    const stayedUp = serverExit === undefined;

    let afterOk = 0;
    for (let i = 0; i < AFTER_REQUESTS; i++) {
      const response = await call("GET", "/api/licenses?limit=20", undefined, cookie).catch(
        () => undefined,
      );
      if (response?.status === 200) afterOk++;
    }

    const found = await withClient(database, async (client) => ({
      licenses: (
        await client.query("select count(*)::int as n from licenses where id = any($1)", [
          acknowledged.licenses,
        ])
      ).rows[0].n as number,
      assignments: (
        await client.query(
          "select count(*)::int as n from license_assignments where id = any($1)",
          [acknowledged.assignments],
        )
      ).rows[0].n as number,
    }));

    const other = [...tally.other].map(([status, n]) => `${status}: ${n}`).join(", ") || "none";
    const lines = [
      "",
      `Faults: backends terminated every ${TERMINATE_EVERY_MS} ms for ${TERMINATE_FOR_MS / 1000} s (${terminated} terminated), then connections refused for ${REFUSE_FOR_MS / 1000} s`,
      `Requests under load:      ${tally.requests} (${WORKERS} workers)`,
      `  2xx:                    ${tally.ok}`,
      `  503:                    ${tally.unavailable}`,
      `  500:                    ${tally.serverErrors} (must be 0)`,
      `  other:                  ${tally.requests - tally.ok - tally.unavailable - tally.serverErrors} (${other})`,
      `Acknowledged writes found: licenses ${found.licenses} / ${acknowledged.licenses.length}, seat assignments ${found.assignments} / ${acknowledged.assignments.length}`,
      `Server process stayed up: ${stayedUp ? "yes" : `no (exit ${serverExit})`}`,
      `Requests succeeding after: ${afterOk} / ${AFTER_REQUESTS}`,
    ];
    console.log(lines.join("\n"));
    const passed =
      tally.serverErrors === 0 &&
      found.licenses === acknowledged.licenses.length &&
      found.assignments === acknowledged.assignments.length &&
      stayedUp &&
      afterOk === AFTER_REQUESTS &&
      terminated > 0;
    console.log(passed ? "PASS" : "FAIL");
    process.exitCode = passed ? 0 : 1;
  } finally {
    if (server && serverExit === undefined) {
      const exited = new Promise((resolve) => server!.on("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await withClient("postgres", (client) =>
      client.query(`drop database if exists ${database} with (force)`),
    );
  }
}

main().catch((error) => {
  console.error(`chaos: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
