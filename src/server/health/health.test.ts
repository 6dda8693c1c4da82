// GET /api/health tells the truth in time: a database that stops answering is a 503 within
// PING_TIMEOUT_MS (it hung for as long as the socket lived, or the 5 s connect time-out), and a
// database that answers but refuses writes (a full disk, a read-only server) is a 503 with the
// reason, as are the writes it refuses (they answered 200 and 500).

import { randomBytes } from "node:crypto";
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { licenseInput } from "../../../tests/support/licenses";
import { buildTestApp, type TestApp, testAppOn } from "../../../tests/support/test-app";
import { cloneTemplateDatabase, usingPostgres } from "../../../tests/support/test-database";
import { openDatabase, PING_TIMEOUT_MS } from "../db/client";
import { createSecrets } from "../lib/secrets";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A request's answer and how long it took. */
async function timed(t: TestApp, url = "/api/health") {
  const started = Date.now();
  const response = await t.request({ method: "GET", url });
  return { response, ms: Date.now() - started };
}

// Well under the 5 s a new connection may take, and the 30 s and more a dead one hung for.
const ANSWERED_WITHIN_MS = 4_000;

describe("a database that stops answering", () => {
  const held: net.Socket[] = [];
  let silent: net.Server;
  beforeAll(async () => {
    // Accepts connections and never says a word: a black-holed database host.
    silent = net.createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    for (const socket of held) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
  });

  it("answers 503 within the ping's time-out when the host accepts and never answers", async () => {
    expect(PING_TIMEOUT_MS).toBeLessThanOrEqual(2_000);
    const { port } = silent.address() as net.AddressInfo;
    const database = await openDatabase({
      kind: "postgres",
      url: `postgres://nobody@127.0.0.1:${port}/none`,
    });
    const t = await testAppOn(database, createSecrets(randomBytes(32)));
    try {
      const { response, ms } = await timed(t);
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({
        status: "unavailable",
        code: "DATABASE_UNAVAILABLE",
        reason: "the database did not answer in time",
      });
      expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
    } finally {
      await t.close();
    }
    // The app's start on such a host takes a while (the session store's listener gives up).
  }, 40_000);
});

/** A TCP relay to PostgreSQL that can stop passing anything on, as a cut network does. */
async function relayTo(target: { host: string; port: number }) {
  let frozen = false;
  const sockets: net.Socket[] = [];
  const server = net.createServer((inbound) => {
    const outbound = net.connect(target.port, target.host);
    sockets.push(inbound, outbound);
    inbound.on("data", (chunk) => frozen || outbound.write(chunk));
    outbound.on("data", (chunk) => frozen || inbound.write(chunk));
    inbound.on("error", () => outbound.destroy());
    outbound.on("error", () => inbound.destroy());
    inbound.on("close", () => outbound.destroy());
    outbound.on("close", () => inbound.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    freeze: (value: boolean) => {
      frozen = value;
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

describe.skipIf(!usingPostgres())("PostgreSQL: a connection black-holed mid-life", () => {
  it("answers 503 within the time-out, and 200 again once the network is back", async () => {
    const clone = await cloneTemplateDatabase();
    const url = new URL(clone.url);
    const relay = await relayTo({ host: url.hostname, port: Number(url.port || 5432) });
    url.hostname = "127.0.0.1";
    url.port = String(relay.port);
    const database = await openDatabase({ kind: "postgres", url: url.toString() });
    const t = await testAppOn(database, createSecrets(randomBytes(32)));
    try {
      // The health check's connection is open and answering...
      expect((await timed(t)).response.statusCode).toBe(200);
      // ...and then nothing comes back on it.
      relay.freeze(true);
      const { response, ms } = await timed(t);
      expect(response.statusCode).toBe(503);
      expect(response.json().reason).toBe("the database did not answer in time");
      expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
      relay.freeze(false);
      // The dead connection was dropped; a new one answers.
      expect((await timed(t)).response.statusCode).toBe(200);
    } finally {
      relay.freeze(false);
      await t.close();
      await relay.close();
      await clone.drop();
    }
  }, 30_000);
});

describe.skipIf(usingPostgres())("PGlite: the embedded database held by a long transaction", () => {
  it("answers 503 within the time-out, and 200 once the transaction is over", async () => {
    const t = await buildTestApp();
    try {
      expect((await timed(t)).response.statusCode).toBe(200);
      // PGlite has one connection: everything else waits while a transaction holds it.
      const holding = t.app.db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await sleep(ANSWERED_WITHIN_MS + 1_000);
      });
      const { response, ms } = await timed(t);
      expect(response.statusCode).toBe(503);
      expect(response.json().reason).toBe("the database did not answer in time");
      expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
      await holding;
      expect((await timed(t)).response.statusCode).toBe(200);
    } finally {
      await t.close();
    }
  }, 30_000);
});

describe("a database that cannot write", () => {
  let t: TestApp;
  let adminCookie: string;
  beforeAll(async () => {
    t = await buildTestApp();
    ({ cookie: adminCookie } = await t.signedInUser({ role: "admin" }));
  });
  afterAll(() => t?.close());
  afterEach(async () => {
    await t.app.db.execute(sql`drop event trigger if exists qm_test_disk_full`);
    await t.app.db.execute(sql`drop trigger if exists qm_test_disk_full on licenses`);
  });

  // What PostgreSQL says when a table cannot grow on a full disk. A stand-in: no test machine can
  // fill a disk on demand (measured by hand on a full tablespace: the same SQLSTATE and message).
  const raiseDiskFull = sql.raw(`
    raise exception 'could not extend file "base/16384/16385": No space left on device'
      using errcode = '53100', hint = 'Check free disk space.';`);

  it("answers 503 with the reason when the health check's write is refused", async () => {
    await t.app.db.execute(sql`
      create or replace function qm_test_disk_full_ddl() returns event_trigger language plpgsql
      as $$ begin ${raiseDiskFull} end $$`);
    // The health check's write makes a table (a new one extends its file, as a full disk refuses).
    await t.app.db.execute(sql`
      create event trigger qm_test_disk_full on ddl_command_end when tag in ('CREATE TABLE')
      execute function qm_test_disk_full_ddl()`);
    const { response, ms } = await timed(t);
    expect(response.statusCode).toBe(503);
    expect(response.headers["retry-after"]).toBe("5");
    expect(response.json()).toMatchObject({
      status: "unavailable",
      code: "DATABASE_UNAVAILABLE",
      reason: "the database's disk is full",
      writable: false,
    });
    expect(ms).toBeLessThan(ANSWERED_WITHIN_MS);
  });

  it("answers a refused write with 503 and the reason, and health says so at once", async () => {
    await t.app.db.execute(sql`
      create or replace function qm_test_disk_full_row() returns trigger language plpgsql
      as $$ begin ${raiseDiskFull} end $$`);
    await t.app.db.execute(sql`
      create trigger qm_test_disk_full before insert on licenses
      for each row execute function qm_test_disk_full_row()`);
    const created = await t.request({
      method: "POST",
      url: "/api/licenses",
      payload: licenseInput(),
      cookie: adminCookie,
    });
    expect(created.statusCode, created.body).toBe(503);
    expect(created.headers["retry-after"]).toBe("5");
    expect(created.json()).toEqual({
      code: "DATABASE_UNAVAILABLE",
      message:
        "The database cannot store changes now: the database's disk is full. Please try again later.",
    });
    // The health check's own write (a temporary table) would still go through; the refused
    // request is what tells it.
    const health = await t.request({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    expect(health.json()).toMatchObject({ reason: "the database's disk is full", writable: false });
  });
});

describe("how often the health check writes", () => {
  it("writes once however often it is polled, and reads every time", async () => {
    const t = await buildTestApp();
    try {
      // Counts the health check's writes (each makes a temporary table).
      await t.app.db.execute(sql`create table qm_test_writes (n int not null)`);
      await t.app.db.execute(sql`insert into qm_test_writes values (0)`);
      await t.app.db.execute(sql`
        create function qm_test_count_write() returns event_trigger language plpgsql
        as $$ begin update qm_test_writes set n = n + 1; end $$`);
      await t.app.db.execute(sql`
        create event trigger qm_test_count_writes on ddl_command_end when tag in ('CREATE TABLE')
        execute function qm_test_count_write()`);
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push((await timed(t)).response);
      await t.app.db.execute(sql`drop event trigger qm_test_count_writes`);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200, 200]);
      const { writeCheckedAt } = answers[0]!.json();
      expect(answers.map((answer) => answer.json().writeCheckedAt)).toEqual(
        Array(5).fill(writeCheckedAt),
      );
      const result = (await t.app.db.execute(sql`select n from qm_test_writes`)) as unknown as {
        rows: { n: number }[];
      };
      expect(result.rows[0]!.n).toBe(1);
    } finally {
      await t.close();
    }
  });
});
