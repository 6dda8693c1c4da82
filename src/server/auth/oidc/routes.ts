// Sign in through the OpenID Connect issuer of OIDC_ISSUER (decision 0059): the shared sign-in
// (auth/openid) with this descriptor, beside Google's. Its own rule is the role: with
// OIDC_ADMIN_GROUPS set, a member of one of those groups (by the groups claim) signs in as an
// administrator and anyone else as a user, decided again at every sign-in.
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { Role } from "../../../domain/enums";
import {
  OIDC_CALLBACK_PATH,
  OIDC_PATH,
  type OpenIdFailureKind,
} from "../../../domain/oidc-sign-in";
import { oidcStatusResponseSchema } from "../../../domain/schemas/oidc-sign-in";
import type { OidcConfig } from "../../config";
import { roleOfGroups } from "../../users/group-role";
import { publicRoute } from "../guards";
import type { OpenIdIdentity, OpenIdProvider } from "../openid/provider";
import { openIdSignInRoutes } from "../openid/routes";

export const OIDC_STATE_COOKIE = "qm_oidc_state";

/**
 * The groups an identity's claims name: the claim of that name, else (for a name with dots, such as
 * Keycloak's realm_access.roles) the nested claim along that path. A list of strings or a single
 * string; anything else names no group.
 */
export function groupsOf(claims: Readonly<Record<string, unknown>>, claimName: string): string[] {
  const value = claimValue(claims, claimName);
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.filter((group) => typeof group === "string");
  return [];
}

function claimValue(claims: Readonly<Record<string, unknown>>, claimName: string): unknown {
  const whole = claims[claimName];
  if (whole !== undefined || !claimName.includes(".")) return whole;
  return claimName
    .split(".")
    .reduce<unknown>(
      (node, key) =>
        node !== null && typeof node === "object" && !Array.isArray(node)
          ? (node as Record<string, unknown>)[key]
          : undefined,
      claims,
    );
}

/** Whether the claims carry the groups claim at all (by its name, or along its dotted path). */
function hasClaim(claims: Readonly<Record<string, unknown>>, claimName: string): boolean {
  return claimValue(claims, claimName) !== undefined;
}

/** The role by OIDC_ADMIN_GROUPS (exact, case-sensitive names), or null when no groups are set. */
export function roleByGroups(
  config: Pick<OidcConfig, "adminGroups" | "groupsClaim">,
  identity: Pick<OpenIdIdentity, "claims">,
): Role | null {
  if (!config.adminGroups) return null;
  return roleOfGroups(groupsOf(identity.claims, config.groupsClaim), config.adminGroups);
}

export function oidcProvider(config: OidcConfig | null): OpenIdProvider {
  return {
    id: "oidc",
    name: "OIDC",
    path: OIDC_PATH,
    callbackPath: OIDC_CALLBACK_PATH,
    stateCookie: OIDC_STATE_COOKIE,
    client: config && {
      issuer: config.issuer,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      scopes: config.scopes,
      redirectUri: config.redirectUri,
      needsUserInfo: (claims) =>
        claims.email === undefined ||
        (config.adminGroups !== null && !hasClaim(claims, config.groupsClaim)),
    },
    autoCreate: config?.autoCreate ?? false,
    // No domain rule here: a refusal of that kind cannot happen, and would read as the generic one.
    failure: (kind: OpenIdFailureKind) =>
      kind === "error" || kind === "domain" ? "oidc" : `oidc_${kind}`,
    subjectKey: "oidcSubject",
    linkedFlag: "hasOidc",
    roleOf: (identity) => (config ? roleByGroups(config, identity) : null),
  };
}

export const oidcAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config.oidc;
  const provider = oidcProvider(config);

  app.get(
    "/api/auth/oidc/status",
    { preHandler: publicRoute, schema: { response: { 200: oidcStatusResponseSchema } } },
    async () => ({ configured: config !== null, label: config?.buttonLabel ?? null }),
  );

  await app.register(openIdSignInRoutes(provider));
};
