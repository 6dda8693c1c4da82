// Cheap request logging: one line per request (Fastify's default is two), written through an
// asynchronous stream so a slow terminal, pipe or disk never holds up the event loop. What a line
// carries is decided by the logger's serializers (http/log-redaction.ts): never a search text,
// parameter or secret. LOG_REQUESTS=false keeps only warnings and errors about requests;
// LOG_FILE appends to a file instead of standard output.
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import pino from "pino";
import type { AppConfig } from "../config";
import { errorLogSerializer, requestLogSerializer } from "../http/log-redaction";

/**
 * pino's own asynchronous destination, writing in batches: a write of its own for every line
 * handed to the thread pool and back cost about 15 µs of a cheap request's 0.13 ms on loopback (issue 7). Lines
 * wait for 4 KB or at most a second, are flushed when the application closes and when the
 * process exits, and beyond 16 MB that a stuck disk or pipe has not taken they are dropped rather
 * than held in memory.
 */
const BATCHED = { sync: false, minLength: 4096, periodicFlush: 1000, maxLength: 16 * 1024 * 1024 };

export function loggerOptions(
  config: AppConfig,
  /** Where the log goes instead (the log-redaction test reads it). */
  destination?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  const batched = destination
    ? undefined
    : pino.destination({ ...BATCHED, dest: config.logFile ?? 1, append: true });
  // A closed pipe or a full disk must not end the server over a log line.
  batched?.on("error", () => {});
  return {
    level: config.logLevel,
    serializers: {
      req: requestLogSerializer,
      err: errorLogSerializer,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    stream: destination ?? batched,
  };
}

/** With Fastify's own request lines disabled (app.ts): the one line per request, once answered. */
export function registerRequestLog(app: FastifyInstance) {
  // What is still batched is written before the application is gone (a test reads it then).
  app.addHook("onClose", (instance, done) => {
    const { flush } = instance.log as { flush?: (callback: () => void) => void };
    if (flush) flush.call(instance.log, () => done());
    else done();
  });
  if (!app.config.logRequests) return;
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      { req: request, res: reply, ms: Math.round(reply.elapsedTime * 10) / 10 },
      "request",
    );
  });
}
