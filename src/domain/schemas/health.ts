// The health check's answer (GET /api/health), for load balancers and the start script.
import { z } from "zod";

export const healthResponseSchema = z.object({ status: z.literal("ok") });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** While the database cannot serve: the error body's code and message, and why. */
export const healthUnavailableResponseSchema = z.object({
  status: z.literal("unavailable"),
  code: z.literal("DATABASE_UNAVAILABLE"),
  message: z.string(),
  reason: z.string(),
});
