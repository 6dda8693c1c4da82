// Sign in with Google: the shared OpenID Connect sign-in (auth/openid) with Google's descriptor,
// and the status the login page asks before it offers the button.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { GOOGLE_CALLBACK_PATH, GOOGLE_PATH } from "../../../domain/google-sign-in";
import type { OpenIdFailureKind } from "../../../domain/oidc-sign-in";
import { googleStatusResponseSchema } from "../../../domain/schemas/google-sign-in";
import type { GoogleConfig } from "../../config";
import { publicRoute } from "../guards";
import type { OpenIdProvider } from "../openid/provider";
import { openIdSignInRoutes } from "../openid/routes";

export const GOOGLE_STATE_COOKIE = "qm_google_state";

export function googleProvider(config: GoogleConfig | null): OpenIdProvider {
  return {
    id: "google",
    name: "Google",
    path: GOOGLE_PATH,
    callbackPath: GOOGLE_CALLBACK_PATH,
    stateCookie: GOOGLE_STATE_COOKIE,
    client: config && {
      issuer: config.issuer,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      scopes: ["openid", "email", "profile"],
      // A hint for Google's account chooser only; the hd claim is checked on the way back.
      authorizationParameters: config.allowedDomain ? { hd: config.allowedDomain } : {},
      redirectUri: config.redirectUri,
    },
    autoCreate: config?.autoCreate ?? false,
    failure: (kind: OpenIdFailureKind) => (kind === "error" ? "google" : `google_${kind}`),
    subjectKey: "googleId",
    linkedFlag: "hasGoogle",
    refuse(identity) {
      // The hint sent to Google is only a hint: anyone can edit the URL. This is the check.
      if (!config?.allowedDomain) return null;
      const hd = identity.claims.hd;
      const hostedDomain = typeof hd === "string" ? hd.trim().toLowerCase() : null;
      return hostedDomain === config.allowedDomain
        ? null
        : { kind: "domain", detail: `hd is ${hostedDomain || "absent"}` };
    },
  };
}

export const googleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const provider = googleProvider(app.config.google);

  app.get(
    "/api/auth/google/status",
    { preHandler: publicRoute, schema: { response: { 200: googleStatusResponseSchema } } },
    async () => ({ configured: provider.client !== null }),
  );

  await app.register(openIdSignInRoutes(provider));
};
