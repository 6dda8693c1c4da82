// The health check's answer (GET /api/health), for load balancers and the start script.
import { z } from "zod";

export const healthResponseSchema = z.object({
  status: z.literal("ok"),
  /** The database took a write (a few bytes, committed): not full, not read-only. */
  writable: z.literal(true),
  /** When that write went through; the check writes at most every half minute. */
  writeCheckedAt: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** While the database cannot serve: the error body's code and message, and why. */
export const healthUnavailableResponseSchema = z.object({
  status: z.literal("unavailable"),
  code: z.literal("DATABASE_UNAVAILABLE"),
  message: z.string(),
  reason: z.string(),
  /** false when the database answers but refuses writes (a full disk, a read-only server). */
  writable: z.literal(false).optional(),
});
