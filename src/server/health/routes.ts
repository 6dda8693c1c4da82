// GET /api/health, for load balancers, container engines and monitors: 200 while the database
// answers and takes writes, else 503 with the reason, within PING_TIMEOUT_MS (a database that
// stopped answering used to hold the check for as long as the socket lived).
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { healthResponseSchema, healthUnavailableResponseSchema } from "../../domain/schemas/health";
import { publicRoute } from "../auth/guards";
import type { Database } from "../db/client";
import { unavailableReasonOf, writeRefusedReasonOf } from "../http/database-errors";
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  writeRefusedMessage,
} from "../http/error-handler";
import { WriteCheck, type WriteState } from "./write-check";

type Finding = WriteState | { unavailable: string; error: unknown };

/** Registers the route, and a hook that tells it about every write the database refuses. */
export function registerHealth(app: FastifyInstance, database: Database) {
  const writeCheck = new WriteCheck();
  // Added on the root before the areas register, so it sees every route's errors: health reports
  // a full disk as soon as a request meets it, not only at its own next write.
  app.addHook("onError", async (_request, _reply, error) => {
    const reason = writeRefusedReasonOf(error);
    if (reason) writeCheck.refused(reason);
  });

  const look = async (): Promise<Finding> => {
    const known = writeCheck.fresh();
    try {
      await database.ping({ write: !known });
    } catch (error) {
      const refused = writeRefusedReasonOf(error);
      if (refused) return writeCheck.refused(refused);
      return { unavailable: unavailableReasonOf(error) ?? "the database does not answer", error };
    }
    return known ?? writeCheck.written();
  };
  // Polls that arrive together share one look.
  let inFlight: Promise<Finding> | undefined;
  const check = () => {
    inFlight ??= look().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };

  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/health",
    {
      preHandler: publicRoute,
      schema: { response: { 200: healthResponseSchema, 503: healthUnavailableResponseSchema } },
    },
    async (request, reply) => {
      const finding = await check();
      if ("writable" in finding && finding.writable) {
        return {
          status: "ok" as const,
          writable: true as const,
          writeCheckedAt: finding.checkedAt.toISOString(),
        };
      }
      reply.status(503).header("retry-after", String(DATABASE_RETRY_AFTER_SECONDS));
      if ("unavailable" in finding) {
        request.log.warn({ err: finding.error }, `health check: ${finding.unavailable}`);
        return reply.send({
          status: "unavailable",
          code: "DATABASE_UNAVAILABLE",
          message: DATABASE_UNAVAILABLE_MESSAGE,
          reason: finding.unavailable,
        });
      }
      request.log.warn(`health check: ${finding.reason}`);
      return reply.send({
        status: "unavailable",
        code: "DATABASE_UNAVAILABLE",
        message: writeRefusedMessage(finding.reason),
        reason: finding.reason,
        writable: false,
      });
    },
  );
}
