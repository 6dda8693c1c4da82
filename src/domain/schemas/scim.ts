// SCIM provisioning's administration (issue 32, decision 0060): the bearer tokens an identity
// provider uses (shown once, stored hashed, revocable) and what a deprovisioning does with what
// the person holds.
import { z } from "zod";
import { textSchema } from "./common";
import { holdingKindSchema } from "./offboarding";

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

/** How many of one kind of thing a held person still holds (kinds they hold none of are left out). */
export const heldCountSchema = z.object({ kind: holdingKindSchema, count: z.number() });

/** A person SCIM deactivated under 'hold', waiting for an administrator to finish offboarding. */
export const heldOffboardingSchema = z.object({
  userId: z.number(),
  username: z.string(),
  /** Full name, else username. */
  displayName: z.string(),
  since: z.string(),
  /** What they hold, by kind, in the Offboard dialog's order. */
  holdings: z.array(heldCountSchema),
  /** Their User Details (Users page, `?item=`), where the offboarding is finished. */
  link: z.string(),
});
export type HeldOffboarding = z.infer<typeof heldOffboardingSchema>;

/** Most people the list carries (the oldest first); `total` says how many wait in all. */
export const HELD_OFFBOARDINGS_LIMIT = 25;
export const heldOffboardingListSchema = z.object({
  items: z.array(heldOffboardingSchema),
  total: z.number(),
});
export type HeldOffboardingList = z.infer<typeof heldOffboardingListSchema>;
