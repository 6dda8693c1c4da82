// Workspace sync (issue 33, decision 0056): the integrations list, a sync's preview and its answer.
import { z } from "zod";

export const INTEGRATION_PROVIDER_IDS = ["google-workspace", "microsoft-365"] as const;

export const integrationParamsSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS, {
    error: "Must be google-workspace or microsoft-365",
  }),
});

export const syncCountsSchema = z.object({
  created: z.number().int(),
  changed: z.number().int(),
  retired: z.number().int(),
  unmatched: z.number().int(),
});
export type SyncCountsResponse = z.infer<typeof syncCountsSchema>;

export const integrationRunSchema = z.object({
  id: z.number().int(),
  trigger: z.enum(["manual", "scheduled"]),
  started_at: z.string(),
  finished_at: z.string().nullable(),
  outcome: z.enum(["succeeded", "failed"]),
  counts: syncCountsSchema.nullable(),
  error_code: z.string().nullable(),
  error_message: z.string().nullable(),
});

export const integrationSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  name: z.string(),
  configured: z.boolean(),
  /** The environment variables still to set; empty when configured. */
  missing: z.array(z.string()),
  /** True while a sync of this provider runs (on this or another server instance). */
  running: z.boolean(),
  /** The last sync, whatever its outcome; null before the first. */
  last_run: integrationRunSchema.nullable(),
  /** The next scheduled sync (ISO instant), or null when none is scheduled. */
  next_run_at: z.string().nullable(),
});
export const integrationsResponseSchema = z.object({ providers: z.array(integrationSchema) });
export type IntegrationsResponse = z.infer<typeof integrationsResponseSchema>;

export const planItemSchema = z.object({
  kind: z.enum([
    "license",
    "seat",
    "office-account",
    "gsuite-organization",
    "gsuite-plan",
    "gsuite-account",
    "user",
  ]),
  external_id: z.string(),
  label: z.string(),
  row_id: z.number().int().nullable(),
  /** For a change: field → [before, after]. */
  changes: z.record(z.string(), z.tuple([z.unknown(), z.unknown()])).nullable(),
});

export const integrationPreviewResponseSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  creates: z.array(planItemSchema),
  changes: z.array(planItemSchema),
  retirements: z.array(planItemSchema),
  unmatched_people: z.array(z.object({ email: z.string(), name: z.string().nullable() })),
  counts: syncCountsSchema,
});
export type IntegrationPreviewResponse = z.infer<typeof integrationPreviewResponseSchema>;

export const integrationSyncResponseSchema = z.object({
  provider: z.enum(INTEGRATION_PROVIDER_IDS),
  run_id: z.number().int(),
  counts: syncCountsSchema,
});
export type IntegrationSyncResponse = z.infer<typeof integrationSyncResponseSchema>;
