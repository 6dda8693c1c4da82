// Response schema of GET /api/auth/oidc/status (server/auth/oidc/routes.ts); the start and callback
// routes take Google's query schemas (schemas/google-sign-in.ts), the same OpenID Connect shapes.
import { z } from "zod";

export const oidcStatusResponseSchema = z.object({
  configured: z.boolean(),
  /** OIDC_BUTTON_LABEL: the login page's button text (null when not configured). */
  label: z.string().nullable(),
});
export type OidcStatusResponse = z.infer<typeof oidcStatusResponseSchema>;
