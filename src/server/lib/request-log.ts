// Cheap request logging: one line per request (Fastify's default is two), written through an
// asynchronous stream so a slow terminal, pipe or disk never holds up the event loop. What a line
// carries is decided by the logger's serializers (http/log-redaction.ts): never a search text,
// parameter or secret. LOG_REQUESTS=false keeps only warnings and errors about requests;
// LOG_FILE appends to a file instead of standard output.
import fs from "node:fs";
import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { AppConfig } from "../config";
import { errorLogSerializer, requestLogSerializer } from "../http/log-redaction";

export function loggerOptions(
  config: AppConfig,
  /** Where the log goes instead (the log-redaction test reads it). */
  destination?: { write(line: string): void },
): FastifyServerOptions["logger"] {
  if (config.logLevel === "silent") return false;
  const fileStream = destination
    ? undefined
    : config.logFile
      ? fs.createWriteStream(config.logFile, { flags: "a" })
      : fs.createWriteStream("", { fd: 1, autoClose: false });
  // A closed pipe or a full disk must not end the server over a log line.
  fileStream?.on("error", () => {});
  const stream = destination ?? fileStream;
  return {
    level: config.logLevel,
    serializers: {
      req: requestLogSerializer,
      err: errorLogSerializer,
      res: (reply: { statusCode: number }) => ({ statusCode: reply.statusCode }),
    },
    stream,
  };
}

/** With Fastify's own request lines disabled (app.ts): the one line per request, once answered. */
export function registerRequestLog(app: FastifyInstance) {
  if (!app.config.logRequests) return;
  app.addHook("onResponse", async (request, reply) => {
    request.log.info(
      { req: request, res: reply, ms: Math.round(reply.elapsedTime * 10) / 10 },
      "request",
    );
  });
}
