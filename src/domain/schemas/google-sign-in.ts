// Request and response schemas of the Google sign-in routes (server/auth/google/routes.ts).
import { z } from "zod";

export const googleStatusResponseSchema = z.object({ configured: z.boolean() });
export type GoogleStatusResponse = z.infer<typeof googleStatusResponseSchema>;

export const googleStartQuerySchema = z.object({
  // Validated again (isSafeReturnPath) before use; an unsafe one is dropped, not an error.
  returnTo: z.string().max(2048).optional(),
});

export const googleCallbackQuerySchema = z.object({
  code: z.string().max(4096).optional(),
  state: z.string().max(512).optional(),
  error: z.string().max(256).optional(),
  error_description: z.string().max(2048).optional(),
  // Google adds these (scope, authuser, hd, prompt, iss...); passed through to the verifier.
});
