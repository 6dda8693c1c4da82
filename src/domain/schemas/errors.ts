// The body of every error response, described once: the server's error handler answers in it,
// every /api route declares it for its 4xx and 5xx answers, and the client reads it.
import { z } from "zod";
import { errorCodes } from "../error-codes";

export const fieldErrorSchema = z.object({ path: z.string(), message: z.string() });
export type FieldErrorResponse = z.infer<typeof fieldErrorSchema>;

export const errorResponseSchema = z.object({
  code: z.enum(errorCodes),
  message: z.string(),
  errors: z.array(fieldErrorSchema).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
