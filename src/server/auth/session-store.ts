// Looking up the session behind a cookie on every /api request, without a database round trip
// for each one (docs/decisions/0008-session-cache.md).
//
// - A session read from the database (one prepared statement) is kept in this process for a
//   few seconds (CACHE_MS); the expiry, idle and active-user rules are applied on every request,
//   cached or not.
// - Revocation is immediate: whatever ends or changes a session or its user (sign-out, sign-in
//   replacing a session, deactivation, role or password change, deletion) sends a notice
//   through the database (NOTIFY qm_sessions, inside the same transaction, so it is delivered
//   only if the change commits) and forgets the entry in this process at once. Every instance
//   sharing the database LISTENs and forgets on the notice. While an instance cannot listen (the
//   listening connection dropped), it does not cache at all.
// - The idle time-out is exact: lastSeenAt is written at most once a minute per session, and
//   the latest request's time is written within the minute after it (a trailing write), so the
//   database holds the true last activity well before any idle limit can be reached.
import { randomUUID } from "node:crypto";
import type { PGlite } from "@electric-sql/pglite";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import type { Database } from "../db/client";
import { sessions, users } from "../db/schema";
import {
  type ActiveSession,
  hashToken,
  SESSION_NOTICE_CHANNEL,
  type SessionChange,
  type SessionPolicy,
} from "./sessions";
import { viewerColumns } from "./viewer-columns";

/** How long a session read from the database is trusted without reading it again. */
const CACHE_MS = 10_000;
const MAX_ENTRIES = 10_000;
/** lastSeenAt is written at most this often per session (plus one trailing write). */
export const TOUCH_INTERVAL_MS = 60_000;
const RECONNECT_MS = 1_000;

interface CachedSession {
  session: ActiveSession;
  expiresAt: number;
  /** lastSeenAt as stored. */
  storedLastSeen: number;
  /** The latest request seen here (≥ storedLastSeen). */
  lastActivity: number;
  readAt: number;
}

export interface SessionStore {
  /** The session behind a cookie token, or null when unknown, expired, idle or its user inactive. */
  find(token: string): Promise<ActiveSession | null>;
  /** Forget cached state here, after a change announced with announceSessionChange. */
  forget(change: SessionChange): void;
  /**
   * After a change announced with announceSessionChange has committed: forgets it here and
   * resolves once every other instance has applied it too, so the change is in force everywhere
   * when the request that made it answers.
   */
  revoked(change: SessionChange): Promise<void>;
  /** Writes the activity still waiting for its trailing write (close() does it too). */
  flushActivity(): Promise<void>;
  /** Writes pending activity and stops listening. */
  close(): Promise<void>;
  /** For tests: whether sessions are cached now (false while the notice channel is down). */
  readonly caching: boolean;
}

export async function openSessionStore(
  database: Database,
  policy: SessionPolicy,
  onError: (error: unknown) => void = () => {},
  /** The clock (tests move it). */
  clock: () => number = Date.now,
): Promise<SessionStore> {
  const db = database.db;
  const cache = new Map<string, CachedSession>();
  // Bumped by every forget: a read that started before a forget must not cache what it read.
  let generation = 0;
  // A forgotten entry keeps its trailing write: a changed user's session is still active.
  const trailingTouches = new Map<string, { timer: NodeJS.Timeout; entry: CachedSession }>();

  const lookup = db
    .select({
      id: sessions.id,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      ...viewerColumns,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder("id")))
    .limit(1)
    .prepare("qm_session_lookup");
  // Never moves lastSeenAt backwards (another instance may have written a later time).
  const touch = db
    .update(sessions)
    .set({ lastSeenAt: sql`greatest(${sessions.lastSeenAt}, ${sql.placeholder("at")})` })
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare("qm_session_touch");
  const remove = db
    .delete(sessions)
    .where(eq(sessions.id, sql.placeholder("id")))
    .prepare("qm_session_delete");

  const drop = (id: string) => cache.delete(id);

  function forget(change: SessionChange) {
    generation++;
    if ("sessionId" in change) return drop(change.sessionId);
    for (const [id, entry] of cache) if (entry.session.user.id === change.userId) drop(id);
  }

  async function writeTouch(id: string, at: number) {
    await touch.execute({ id, at: new Date(at) });
    const entry = cache.get(id);
    if (entry) entry.storedLastSeen = Math.max(entry.storedLastSeen, at);
  }

  /** Records a request at `now`: written at once when the stored time is a minute old, else later. */
  async function recordActivity(entry: CachedSession, now: number) {
    const id = entry.session.id;
    entry.lastActivity = now;
    const pending = trailingTouches.get(id);
    if (now - entry.storedLastSeen >= TOUCH_INTERVAL_MS) {
      if (pending) clearTimeout(pending.timer);
      trailingTouches.delete(id);
      await writeTouch(id, now);
      return;
    }
    if (pending) {
      pending.entry = entry;
      return;
    }
    const timer = setTimeout(
      () => {
        const latest = trailingTouches.get(id)?.entry ?? entry;
        trailingTouches.delete(id);
        writeTouch(id, latest.lastActivity).catch(onError);
      },
      entry.storedLastSeen + TOUCH_INTERVAL_MS - now,
    );
    timer.unref();
    trailingTouches.set(id, { timer, entry });
  }

  async function flushActivity() {
    const pending = [...trailingTouches.entries()];
    trailingTouches.clear();
    await Promise.all(
      pending.map(([id, { timer, entry }]) => {
        clearTimeout(timer);
        return writeTouch(id, entry.lastActivity).catch(onError);
      }),
    );
  }

  const forgetAll = () => {
    generation++;
    cache.clear();
  };
  const listener = await listenForChanges(database, forget, forgetAll, onError);

  async function find(token: string): Promise<ActiveSession | null> {
    const id = hashToken(token);
    const now = clock();
    let entry = cache.get(id);
    if (entry && (!listener.listening || now - entry.readAt > CACHE_MS)) {
      // Keep the activity this process saw: the stored time may lag behind it.
      const lastActivity = entry.lastActivity;
      entry = await read(id, now);
      if (entry) entry.lastActivity = Math.max(entry.lastActivity, lastActivity);
    } else if (!entry) {
      entry = await read(id, now);
    }
    if (!entry) return null;
    const idle = now - Math.max(entry.lastActivity, entry.storedLastSeen) > policy.idleMs;
    if (entry.expiresAt <= now || idle) {
      drop(id);
      await remove.execute({ id });
      return null;
    }
    await recordActivity(entry, now);
    return entry.session;
  }

  async function read(id: string, now: number): Promise<CachedSession | undefined> {
    drop(id);
    const readGeneration = generation;
    const [row] = await lookup.execute({ id });
    if (!row) return undefined;
    if (!row.user.isActive) {
      await remove.execute({ id });
      return undefined;
    }
    const { isActive: _isActive, ...user } = row.user;
    const entry: CachedSession = {
      session: {
        id: row.id,
        user,
        profile: { hasGoogle: row.hasGoogle, hasOidc: row.hasOidc, createdAt: row.createdAt },
      },
      expiresAt: row.expiresAt.getTime(),
      storedLastSeen: row.lastSeenAt.getTime(),
      lastActivity: row.lastSeenAt.getTime(),
      readAt: now,
    };
    if (listener.listening && generation === readGeneration) {
      if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
      cache.set(id, entry);
    }
    return entry;
  }

  return {
    find,
    forget,
    async revoked(change) {
      forget(change);
      await listener.settle();
    },
    get caching() {
      return listener.listening;
    },
    flushActivity,
    async close() {
      await flushActivity();
      cache.clear();
      // The database may already be gone (closed first, or lost): nothing is left to unlisten.
      await listener.close().catch(() => {});
    },
  };
}

const LISTENER_NAME = "qm_session_listener";
/** How long a revocation waits for the other instances to confirm they have applied it. */
const SETTLE_TIMEOUT_MS = 2_000;

interface Listener {
  readonly listening: boolean;
  /** Resolves once every listening instance has applied the notices committed so far. */
  settle(): Promise<void>;
  close(): Promise<void>;
}

/**
 * LISTEN for session notices: on PGlite on its one connection (one process: the notice is
 * applied before the statement that sent it returns); on PostgreSQL on a connection of its own,
 * reconnected when it drops (the cache is off and emptied meanwhile, so a notice sent while
 * nobody listened cannot leave a revoked session cached).
 *
 * A notice reaches the other instances asynchronously, so on PostgreSQL settle() closes the gap:
 * it sends a 'sync' notice and waits until every listening connection (found by its
 * application_name) has answered it. PostgreSQL delivers notices to each listener in commit
 * order, so an instance that answered the sync has already applied the revocation before it.
 */
async function listenForChanges(
  database: Database,
  forget: (change: SessionChange) => void,
  forgetAll: () => void,
  onError: (error: unknown) => void,
): Promise<Listener> {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  const applyChange = (payload: string) => {
    if (payload.startsWith("s:")) forget({ sessionId: payload.slice(2) });
    else if (payload.startsWith("u:")) forget({ userId: Number(payload.slice(2)) });
  };

  if (database.kind === "pglite") {
    const unlisten = await (client as PGlite).listen(SESSION_NOTICE_CHANNEL, applyChange);
    return { listening: true, settle: async () => {}, close: unlisten };
  }

  const pool = client as pg.Pool;
  const waiters = new Map<string, (pid: number) => void>();
  let connection: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const onNotice = (payload: string | undefined) => {
    if (!payload) return;
    if (payload.startsWith("sync:")) {
      connection
        ?.query("select pg_notify($1, 'ack:' || $2 || ':' || pg_backend_pid())", [
          SESSION_NOTICE_CHANNEL,
          payload.slice(5),
        ])
        .catch(onError);
    } else if (payload.startsWith("ack:")) {
      const [, nonce, pid] = payload.split(":");
      waiters.get(nonce!)?.(Number(pid));
    } else {
      applyChange(payload);
    }
  };
  const lost = (which: pg.Client) => {
    if (connection && connection !== which) return;
    connection = undefined;
    forgetAll();
    which.end().catch(() => {});
    if (!closed && !retry) {
      retry = setTimeout(() => {
        retry = undefined;
        void connect();
      }, RECONNECT_MS);
      retry.unref();
    }
  };
  const connect = async () => {
    const next = new pg.Client({ ...pool.options, application_name: LISTENER_NAME });
    next.on("notification", (message) => onNotice(message.payload));
    next.on("error", (error) => {
      onError(error);
      lost(next);
    });
    next.on("end", () => lost(next));
    try {
      await next.connect();
      await next.query(`listen ${SESSION_NOTICE_CHANNEL}`);
    } catch (error) {
      onError(error);
      lost(next);
      return;
    }
    if (closed) return void next.end().catch(() => {});
    forgetAll();
    connection = next;
  };

  async function settle() {
    const { rows } = await pool.query<{ pid: number }>(
      "select pid from pg_stat_activity where application_name = $1 and datname = current_database()",
      [LISTENER_NAME],
    );
    const waiting = new Set(rows.map((row) => row.pid));
    if (waiting.size === 0) return;
    const nonce = randomUUID();
    const answered = new Promise<void>((resolve) => {
      waiters.set(nonce, (pid) => {
        waiting.delete(pid);
        if (waiting.size === 0) resolve();
      });
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        onError(new Error(`${waiting.size} instance(s) did not confirm a session revocation`));
        resolve();
      }, SETTLE_TIMEOUT_MS);
    });
    try {
      await pool.query("select pg_notify($1, $2)", [SESSION_NOTICE_CHANNEL, `sync:${nonce}`]);
      await Promise.race([answered, timedOut]);
    } finally {
      clearTimeout(timer);
      waiters.delete(nonce);
    }
  }

  await connect();
  return {
    get listening() {
      return connection !== undefined;
    },
    settle,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const open = connection;
      connection = undefined;
      await open?.end().catch(() => {});
    },
  };
}
