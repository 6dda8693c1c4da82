// Personal API tokens (decision 0024): an administrator creates a named token with an expiry for
// scripts, sees it once, and can revoke it. Lists never carry the token, only what identifies it.
import { z } from "zod";
import { textSchema, wholeNumberFromString } from "./common";

/** The expiries offered (days from now); a token always expires. */
export const API_TOKEN_EXPIRY_DAYS = [7, 30, 90, 365] as const;
export const MAX_API_TOKEN_NAME = 100;
/** Live tokens one person may hold at a time. */
export const MAX_API_TOKENS_PER_USER = 20;

export const createApiTokenRequestSchema = z
  .object({
    name: textSchema("Token name is required")
      .trim()
      .min(1, "Token name is required")
      .max(MAX_API_TOKEN_NAME, `Token name must be at most ${MAX_API_TOKEN_NAME} characters`),
    expiresInDays: z.preprocess(
      wholeNumberFromString,
      z
        .number({ error: "Choose when the token expires" })
        .refine(
          (days) => (API_TOKEN_EXPIRY_DAYS as readonly number[]).includes(days),
          `Expiry must be one of ${API_TOKEN_EXPIRY_DAYS.join(", ")} days`,
        ),
    ),
  })
  .strict();
export type CreateApiTokenRequest = z.infer<typeof createApiTokenRequestSchema>;
export type CreateApiTokenRequestInput = z.input<typeof createApiTokenRequestSchema>;

export const apiTokenResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The person the token acts as (with their role as it is at each request). */
  userId: z.number(),
  username: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiTokenResponse = z.infer<typeof apiTokenResponseSchema>;

export const apiTokenListResponseSchema = z.array(apiTokenResponseSchema);
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

/** The answer to creating one: the only time the token itself is ever sent. */
export const createdApiTokenResponseSchema = apiTokenResponseSchema.extend({
  token: z.string(),
});
export type CreatedApiTokenResponse = z.infer<typeof createdApiTokenResponseSchema>;
