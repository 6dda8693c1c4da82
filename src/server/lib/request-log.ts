// Cheap request logging: one line per request (Fastify's default is two), written through an
// asynchronous stream so a slow terminal, pipe or disk never holds up the event loop. What a line
// carries is decided by the logger's serializers (http/log-redaction.ts): never a search text,
// parameter or secret. LOG_REQUESTS=false keeps only warnings and errors about requests;
// LOG_FILE appends to a file instead of standard output.
import fs from "node:fs";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import pino from "pino";
import { type AppConfig, ConfigError } from "../config";
import { errorLogSerializer, requestLogSerializer } from "../http/log-redaction";

/** Where the log goes: a test's own stream, or the batched destination below. */
export type LogDestination = { write(line: string): void } | Batched;
type Batched = ReturnType<typeof pino.destination>;

/** How long closing waits for the log, and a full pipe is retried (at sonic-boom's interval). */
const FLUSH_WAIT_MS = 2_000;
const BUSY_RETRY_MS = 100;

/**
 * pino's own asynchronous destination, writing in batches: a write of its own for every line,
 * handed to the thread pool and back, cost about 15 µs of a cheap request's 0.13 ms on loopback
 * (issue 7). Lines wait for 4 KB or at most a second, and are flushed when the application closes
 * and when the process exits. Past 16 MB that a stuck disk or pipe has not taken, lines are
 * dropped rather than held in memory (and the log says how many); a full pipe is retried for
 * FLUSH_WAIT_MS at a time, not forever.
 *
 * LOG_FILE is opened here, at start: a path that cannot be written stops the server with a
 * message naming it, instead of failing later inside the stream.
 */
export function openLogDestination(config: AppConfig): Batched | undefined {
  if (config.logLevel === "silent") return undefined;
  let dest = 1;
  if (config.logFile) {
    try {
      dest = fs.openSync(config.logFile, "a");
    } catch (error) {
      throw new ConfigError(
        `Invalid configuration:\n  LOG_FILE: cannot be written (${(error as Error).message})`,
      );
    }
  }
  let busySince = 0;
  let lastRetry = 0;
  const batched = pino.destination({
    dest,
    sync: false,
    minLength: 4096,
    periodicFlush: 1000,
    maxLength: 16 * 1024 * 1024,
    // sonic-boom retries BUSY_RETRY_MS apart while a pipe stays full: give up after FLUSH_WAIT_MS
    // of them (the lines stay batched for the next write; at exit the flush stops waiting).
    retryEAGAIN: () => {
      const now = Date.now();
      if (now - lastRetry > 2 * BUSY_RETRY_MS) busySince = now;
      lastRetry = now;
      return now - busySince < FLUSH_WAIT_MS;
    },
  });
  // A closed pipe or a full disk must not end the server over a log line.
  batched.on("error", () => {});
  return batched;
}

export function loggerOptions(
  config: AppConfig,
  destination: LogDestination | undefined,
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent" || !destination) return false;
  return {
    level: config.logLevel,
    serializers: {
      req: requestLogSerializer,
      err: errorLogSerializer,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    stream: destination,
  };
}

/**
 * With Fastify's own request lines disabled (app.ts): the one line per request, once answered.
 * Also what the batched destination needs from the application: a warning when lines were
 * dropped, and what is still batched written before the application is gone.
 */
export function registerRequestLog(app: FastifyInstance, destination: LogDestination | undefined) {
  if (destination && "flush" in destination) {
    let dropped = 0;
    destination.on("drop", () => {
      if (dropped++ > 0) return;
      setTimeout(() => {
        app.log.warn(`${dropped} log lines dropped: the log's destination did not take them`);
        dropped = 0;
      }, 1000).unref();
    });
    // At most FLUSH_WAIT_MS: a stalled pipe must not keep the server from stopping.
    app.addHook("onClose", (_instance, done) => {
      let finished = false;
      const finish = () => {
        if (finished) return;
        finished = true;
        clearTimeout(timer);
        done();
      };
      const timer = setTimeout(finish, FLUSH_WAIT_MS);
      destination.flush(finish);
    });
  }
  if (!app.config.logRequests) return;
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      { req: request, res: reply, ms: Math.round(reply.elapsedTime * 10) / 10 },
      "request",
    );
  });
}
