// Opens the database: embedded PGlite (a directory, or memory for tests) or PostgreSQL via node-postgres.
// Both give the same drizzle API over the same schema and migrations.
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import {
  createTableRelationsHelpers,
  type ExtractTablesWithRelations,
  extractTablesRelationalConfig,
} from "drizzle-orm";
import { drizzle as drizzleNodePg, NodePgSession } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import {
  type PgDatabase,
  PgDialect,
  type PgQueryResultHKT,
  type PgTransaction,
} from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema";

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or an open transaction; inside a transaction pass only the transaction. */
export type Executor = Db | Tx;

export const migrationsFolder = fileURLToPath(new URL("./migrations", import.meta.url));

/** Extensions the migrations use (pg_trgm for search); every PGlite opened on the data needs them. */
export const pgliteExtensions = { pg_trgm };

export type DatabaseTarget =
  | {
      kind: "pglite";
      dataDir?: string;
      /** A dump (PGlite's dumpDataDir) to start from instead of an empty cluster: the tests'. */
      loadDataDir?: Blob;
    }
  | { kind: "postgres"; url: string; poolSize?: number };

export interface Database {
  db: Db;
  kind: DatabaseTarget["kind"];
  migrate(): Promise<void>;
  /**
   * The health check's round trip, given up after PING_TIMEOUT_MS (an error whose reason
   * unavailableReasonOf names); with write, a few bytes are also written and committed.
   */
  ping(options?: { write?: boolean }): Promise<void>;
  /** The pool's connections, for the metrics; undefined on PGlite (one in-process connection). */
  poolUse(): PoolUse | undefined;
  /** Calls the listener when a pooled connection is lost (the server ended it, the network dropped). */
  onConnectionLost(listener: (error: Error) => void): void;
  close(): Promise<void>;
}

export interface PoolUse {
  max: number;
  total: number;
  idle: number;
  /** Requests waiting for their turn at a connection. */
  waiting: number;
}

/** How long the health check's round trip may take: a database that does not answer is a 503 this soon. */
export const PING_TIMEOUT_MS = 1_500;

// What a full disk refuses is a table growing: PostgreSQL writes a new page to the file when a
// table is extended (53100 "could not extend file"), while an update that fits its page still
// commits. Measured on a full tablespace: a one-row table's UPDATE committed, this insert did not.
// A temporary table is new each time, so its first row always extends it; it lives on the disk of
// the data (the database's tablespace, or temp_tablespaces when set), is gone at commit, and a
// read-only server refuses it (25006). Its commit writes and flushes the write-ahead log too.
const WRITE_CHECK_SQL =
  "create temp table qm_write_check (probe int) on commit drop; insert into qm_write_check values (1)";

/** The health check gave up waiting; database-errors.ts names its reason. */
export class PingTimeoutError extends Error {
  constructor() {
    super("database check timed out");
  }
}

/** Rejects with PingTimeoutError when the work has not settled in time; onTimeout may cut it short. */
function withDeadline<T>(work: Promise<T>, onTimeout: () => void = () => {}): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      onTimeout();
      reject(new PingTimeoutError());
    }, PING_TIMEOUT_MS);
  });
  return Promise.race([work, deadline]).finally(() => clearTimeout(timer));
}

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === "pglite") {
    const client = new PGlite({
      dataDir: target.dataDir,
      loadDataDir: target.loadDataDir,
      extensions: pgliteExtensions,
    });
    await client.waitReady;
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    // One connection: a check waits behind a long transaction or vacuum and cannot be cut short.
    // A poll that gives up leaves its check queued, and the next poll waits on that one instead
    // of queueing another behind it.
    const inFlight: { read?: Promise<unknown>; write?: Promise<unknown> } = {};
    const check = (kind: "read" | "write") =>
      (inFlight[kind] ??= (
        kind === "write"
          ? client.transaction((tx) => tx.exec(WRITE_CHECK_SQL))
          : client.query("select 1")
      ).finally(() => {
        inFlight[kind] = undefined;
      }));
    return {
      db,
      kind: "pglite",
      migrate: () => migratePglite(db as never, { migrationsFolder }),
      ping: async (options) => {
        await withDeadline(check(options?.write ? "write" : "read"));
      },
      poolUse: () => undefined,
      // In-process: there is no connection to lose.
      onConnectionLost: () => {},
      close: () => client.close(),
    };
  }
  return openPostgres(target.url, target.poolSize ?? 10);
}

/**
 * How long a request waits for its turn at a pooled connection before it answers 503. A burst
 * queues here: 100 parallel edits of one row, or 50 sign-ins, drain in 1-5 s on a 2-core machine
 * and took longer than the 5 s this used to be on a busier one (decision 0005).
 */
export const POOL_WAIT_MS = 15_000;
/** How long opening one connection may take: a database that does not answer costs a 503 this soon. */
export const CONNECT_TIMEOUT_MS = 5_000;

/**
 * node-postgres's pool has one time-out for both waits: its turn in the queue and the opening of a
 * new connection. The pool gets the long one; each connection it opens, the short one.
 */
class ClientWithConnectTimeout extends pg.Client {
  constructor(config?: pg.ClientConfig) {
    super({ ...config, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
  }
}

function openPostgres(url: string, poolSize: number): Database {
  const listeners: ((error: Error) => void)[] = [];
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    connectionTimeoutMillis: POOL_WAIT_MS,
    Client: ClientWithConnectTimeout,
    keepAlive: true,
  });
  // node-postgres emits 'error' on a client whose connection dies. The pool listens only while a
  // client is idle; a client checked out for a transaction has no listener, and an unhandled
  // 'error' event ends the process. So every client gets its own listener for its whole life: the
  // query in flight fails on its own (the request answers 503), and the pool drops the dead client
  // when it is released.
  pool.on("connect", (client) => {
    client.on("error", (error) => {
      for (const listener of listeners) listener(error);
    });
  });
  // The pool re-emits an idle client's error; without a listener that too would end the process.
  pool.on("error", () => {});

  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  db.transaction = transactionsOnOwnClient(pool) as Db["transaction"];
  const healthPool = openHealthPool(url);
  return {
    db,
    kind: "postgres",
    migrate: () => migrateNodePg(db as never, { migrationsFolder }),
    ping: (options) => pingOn(healthPool, options?.write ? WRITE_CHECK_SQL : "select 1"),
    poolUse: () => ({
      max: poolSize,
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    onConnectionLost: (listener) => {
      listeners.push(listener);
    },
    close: async () => {
      await Promise.all([pool.end(), healthPool.end()]);
    },
  };
}

/**
 * The health check's own connection. Behind the requests' pool it would wait its turn in a burst
 * (up to POOL_WAIT_MS) and call a busy server down, taking every instance out of a load balancer
 * at once; it asks whether the database answers, not whether this server is busy.
 */
function openHealthPool(url: string): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max: 1,
    // A little past the ping's deadline, which answers first (with its own reason) and leaves
    // the opening to be cut here.
    connectionTimeoutMillis: PING_TIMEOUT_MS + 500,
    keepAlive: true,
  });
  // As on the requests' pool: a dying connection's 'error' event must not end the process.
  pool.on("connect", (client) => client.on("error", () => {}));
  pool.on("error", () => {});
  return pool;
}

/**
 * A query on the health connection within PING_TIMEOUT_MS. A connection whose peer stopped
 * answering (a black-holed network) never fails by itself: the deadline destroys its socket, as
 * pg-pool does to a connection that does not open in time, and the pool replaces it.
 */
async function pingOn(pool: pg.Pool, query: string): Promise<void> {
  let client: pg.PoolClient | undefined;
  let timedOut = false;
  const work = (async () => {
    // Opening a connection is cut by the pool's connectionTimeoutMillis.
    client = await pool.connect();
    try {
      if (timedOut) throw new PingTimeoutError();
      await client.query(query);
      client.release();
    } catch (error) {
      // Its state is unknown (a transaction half done, a socket cut): the pool drops it.
      client.release(error as Error);
      throw error;
    }
  })();
  // Whatever the work says after the deadline has been answered is of no interest.
  work.catch(() => {});
  await withDeadline(work, () => {
    timedOut = true;
    destroySocket(client);
  });
}

function destroySocket(client: pg.PoolClient | undefined) {
  (
    client as { connection?: { stream?: { destroy(): void } } } | undefined
  )?.connection?.stream?.destroy();
}

const relationalSchema = (() => {
  const config = extractTablesRelationalConfig(schema, createTableRelationsHelpers);
  return { fullSchema: schema, schema: config.tables, tableNamesMap: config.tableNamesMap };
})();
const dialect = new PgDialect();

/**
 * drizzle's own pool transaction leaks the client when BEGIN fails (it is outside its try), and
 * returns the client to the pool even when COMMIT or ROLLBACK failed. Under lost connections that
 * drains the pool until every request waits for a connection that never comes. This runs the same
 * transaction on a client it checks out and always releases, destroying it when the connection's
 * state is unknown.
 */
function transactionsOnOwnClient(pool: pg.Pool) {
  return async <T>(
    work: (tx: Tx) => Promise<T>,
    config?: Parameters<Db["transaction"]>[1],
  ): Promise<T> => {
    const client = await pool.connect();
    const session = new NodePgSession(client, dialect, relationalSchema);
    let workError: unknown;
    let connectionInDoubt: Error | undefined;
    try {
      return await session.transaction(async (tx) => {
        try {
          return await work(tx as unknown as Tx);
        } catch (error) {
          workError = error;
          throw error;
        }
      }, config);
    } catch (error) {
      // Not the work's own error: BEGIN, COMMIT or ROLLBACK failed.
      if (error !== workError) connectionInDoubt = error as Error;
      throw error;
    } finally {
      client.release(connectionInDoubt);
    }
  };
}
