// The server side of `npm run bench`, run as a child process of run.ts so that the load
// generator and the server do not share one event loop: seeds a scratch database, starts the real
// application (default configuration, request logs included, written to the ignored stdout) and a
// bare Fastify beside it, and answers run.ts over IPC: record the SQL one request runs, then run
// exactly those statements again directly on the driver and time them; or run a section's own
// statement (its seed).
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { Session } from "node:inspector";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import Fastify from "fastify";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import { createSecrets } from "../../src/server/lib/secrets";
import { openBenchDatabase, seedBenchLicenses } from "./bench-data";

export interface BenchServerReady {
  type: "ready";
  kind: string;
  appUrl: string;
  bareUrl: string;
  seedMs: number;
  keyFragment: string;
}

export type BenchServerRequest =
  | { id: number; type: "capture-start" }
  | { id: number; type: "capture-stop" }
  | { id: number; type: "replay"; times: number }
  | { id: number; type: "exec"; sql: string }
  | { id: number; type: "seed"; moduleUrl: string; exportName: string; args: unknown[] }
  | { id: number; type: "cpu-start" }
  | { id: number; type: "cpu-stop" }
  | { id: number; type: "profile-start" }
  | { id: number; type: "profile-stop"; file: string }
  | { id: number; type: "close" };

type QueryFn = (...args: unknown[]) => Promise<unknown>;

async function main() {
  const counts = {
    licenses: Number(process.env.BENCH_LICENSES),
    assignments: Number(process.env.BENCH_ASSIGNMENTS),
    users: Number(process.env.BENCH_USERS),
  };
  // PGlite in a data directory, as the server runs it; PostgreSQL through BENCH_DATABASE_URL.
  const dataDir = process.env.BENCH_DATABASE_URL
    ? undefined
    : fs.mkdtempSync(path.join(os.tmpdir(), "qm-bench-"));
  const database = await openBenchDatabase(process.env.BENCH_DATABASE_URL, dataDir);
  const secrets = createSecrets(randomBytes(32));
  const started = performance.now();
  const sample = await seedBenchLicenses(database.db, secrets, counts);
  const seedMs = performance.now() - started;
  // What autovacuum does within a minute of a bulk load on a live server (this machine's
  // PostgreSQL runs with autovacuum off, and PGlite has none): statistics and the visibility map.
  // Without them the planner guesses, and the figures are of a state no installation stays in.
  await database.db.execute(sql`vacuum (analyze) users, licenses, license_assignments`);

  // Every statement the application sends goes through the driver's query(): record the
  // arguments while a capture is on, to run the same statements directly afterwards.
  const client = (database.db as unknown as { $client: { query: QueryFn } }).$client;
  const originalQuery = client.query.bind(client);
  let captured: unknown[][] | null = null;
  let lastCapture: unknown[][] = [];
  client.query = (...args: unknown[]) => {
    captured?.push(args);
    return originalQuery(...args);
  };

  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? process.env.LOG_LEVEL ?? "info",
    DATA_DIR: dataDir ?? os.tmpdir(),
  });
  const app = await buildApp({ config, database, secrets });
  // Fixed ports when asked (`--port P`: the application on P, the bare Fastify on P + 1), e.g. to
  // profile or watch the server from outside; else whatever the system gives.
  const port = Number(process.env.BENCH_PORT ?? 0);
  const appUrl = await app.listen({ port, host: "127.0.0.1" });

  const bare = Fastify();
  bare.get("/", async () => ({ hello: "world" }));
  const bareUrl = await bare.listen({ port: port && port + 1, host: "127.0.0.1" });

  // The server's CPU time per request served (both servers share this process): what the
  // requests cost the server itself, whoever of client and server is the bottleneck.
  let served = 0;
  const countRequest = () => served++;
  app.server.on("request", countRequest);
  bare.server.on("request", countRequest);
  let cpuFrom = process.cpuUsage();
  let servedFrom = 0;

  const send = (message: unknown) => process.send?.(message);
  const inspector = new Session();
  inspector.connect();
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      inspector.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  // The run stopped without asking to close (it failed): drop the scratch database and go,
  // instead of staying behind as an orphan that keeps a core busy.
  process.on("disconnect", () => {
    const exit = () => process.exit(1);
    Promise.allSettled([bare.close(), app.close()])
      .then(() => database.close())
      .then(() => dataDir && fs.rmSync(dataDir, { recursive: true, force: true }))
      .then(exit, exit);
  });
  process.on("message", async (message: BenchServerRequest) => {
    switch (message.type) {
      case "capture-start":
        captured = [];
        return send({ id: message.id });
      case "capture-stop":
        lastCapture = captured ?? [];
        captured = null;
        return send({ id: message.id, statements: lastCapture.length });
      case "replay": {
        const durations: number[] = [];
        for (let i = 0; i < message.times; i++) {
          const t0 = performance.now();
          for (const args of lastCapture) await originalQuery(...args);
          durations.push(performance.now() - t0);
        }
        return send({ id: message.id, durations });
      }
      case "exec": {
        const t0 = performance.now();
        try {
          await originalQuery(message.sql);
        } catch (error) {
          return send({ id: message.id, error: String(error) });
        }
        return send({ id: message.id, ms: performance.now() - t0 });
      }
      case "seed": {
        const t0 = performance.now();
        try {
          const module = (await import(message.moduleUrl)) as Record<string, unknown>;
          const seed = module[message.exportName];
          if (typeof seed !== "function") throw new Error(`no function ${message.exportName}`);
          await seed(database.db, secrets, ...message.args);
          await database.db.execute(sql`analyze`);
        } catch (error) {
          return send({ id: message.id, error: String(error) });
        }
        return send({ id: message.id, ms: performance.now() - t0 });
      }
      case "cpu-start":
        cpuFrom = process.cpuUsage();
        servedFrom = served;
        return send({ id: message.id });
      case "cpu-stop": {
        const used = process.cpuUsage(cpuFrom);
        return send({
          id: message.id,
          micros: used.user + used.system,
          requests: served - servedFrom,
        });
      }
      // The inspector's CPU profiler over one stretch (run.ts's --cpu-prof): what --cpu-prof
      // writes for the whole process, for just the cheap calls.
      case "profile-start":
        await post("Profiler.enable");
        await post("Profiler.setSamplingInterval", { interval: 100 });
        await post("Profiler.start");
        return send({ id: message.id });
      case "profile-stop": {
        const { profile } = (await post("Profiler.stop")) as { profile: unknown };
        fs.mkdirSync(path.dirname(message.file), { recursive: true });
        fs.writeFileSync(message.file, JSON.stringify(profile));
        return send({ id: message.id });
      }
      case "close":
        await bare.close();
        await app.close();
        await database.close();
        if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
        send({ id: message.id });
        process.exit(0);
    }
  });
  send({
    type: "ready",
    kind: database.kind,
    appUrl,
    bareUrl,
    seedMs,
    keyFragment: sample.keyFragment,
  } satisfies BenchServerReady);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
