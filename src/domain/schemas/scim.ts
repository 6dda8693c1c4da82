// SCIM provisioning's administration (issue 32, decision 0060): the bearer tokens an identity
// provider uses (shown once, stored hashed, revocable) and what a deprovisioning does with what
// the person holds.
import { z } from "zod";
import { textSchema } from "./common";

export const MAX_SCIM_TOKEN_NAME = 100;

export const createScimTokenRequestSchema = z
  .object({
    name: textSchema("Token name is required")
      .trim()
      .min(1, "Token name is required")
      .max(MAX_SCIM_TOKEN_NAME, `Token name must be at most ${MAX_SCIM_TOKEN_NAME} characters`),
  })
  .strict();
export type CreateScimTokenRequest = z.infer<typeof createScimTokenRequestSchema>;

export const scimTokenResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ScimTokenResponse = z.infer<typeof scimTokenResponseSchema>;
export const scimTokenListResponseSchema = z.array(scimTokenResponseSchema);

export const createdScimTokenResponseSchema = scimTokenResponseSchema.extend({
  /** The token itself: in this answer only. */
  token: z.string(),
});
export type CreatedScimTokenResponse = z.infer<typeof createdScimTokenResponseSchema>;

/** 'release': everything the person held is released; 'hold': kept for an administrator's review. */
export const DEPROVISION_POLICIES = ["release", "hold"] as const;
export type DeprovisionPolicy = (typeof DEPROVISION_POLICIES)[number];

export const scimSettingsSchema = z
  .object({
    deprovisionPolicy: z.enum(DEPROVISION_POLICIES, {
      error: "Choose release or hold",
    }),
  })
  .strict();
export type ScimSettings = z.infer<typeof scimSettingsSchema>;

/** A person SCIM deactivated under 'hold', waiting for an administrator to finish offboarding. */
export const heldOffboardingSchema = z.object({
  userId: z.number(),
  username: z.string(),
  fullName: z.string().nullable(),
  since: z.string(),
  /** Their User Details page, where the offboarding is finished. */
  link: z.string(),
});
export const heldOffboardingListSchema = z.array(heldOffboardingSchema);
export type HeldOffboarding = z.infer<typeof heldOffboardingSchema>;
