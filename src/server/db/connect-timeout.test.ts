// A request may wait its turn at the pool for POOL_WAIT_MS (bursts), but a database that does not
// answer at all still costs a 503 after CONNECT_TIMEOUT_MS, not after the longer wait. No real
// PostgreSQL is needed: a server that accepts connections and never says a word stands in for a
// black-holed one.
import net from "node:net";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { unavailableReasonOf } from "../http/database-errors";
import { CONNECT_TIMEOUT_MS, openDatabase, POOL_WAIT_MS } from "./client";

let silent: net.Server;
const held: net.Socket[] = [];
beforeAll(async () => {
  silent = net.createServer((socket) => held.push(socket));
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
});
afterAll(async () => {
  for (const socket of held) socket.destroy();
  await new Promise((resolve) => silent.close(resolve));
});

it("answers 'unavailable' once a new connection has not opened within the connect time-out", async () => {
  expect(CONNECT_TIMEOUT_MS).toBeLessThan(POOL_WAIT_MS);
  const { port } = silent.address() as net.AddressInfo;
  const database = await openDatabase({
    kind: "postgres",
    url: `postgres://nobody@127.0.0.1:${port}/none`,
  });
  try {
    const started = Date.now();
    // A request's query: the health check's ping has its own, shorter deadline (health.test.ts).
    const error = await database.db.execute(sql`select 1`).then(
      () => undefined,
      (failure: unknown) => failure,
    );
    const waited = Date.now() - started;
    expect(error).toBeInstanceOf(Error);
    expect(unavailableReasonOf(error)).toBe("the database server did not answer in time");
    expect(waited).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 100);
    expect(waited).toBeLessThan(CONNECT_TIMEOUT_MS + 2_000);
  } finally {
    await database.close();
  }
}, 20_000);
