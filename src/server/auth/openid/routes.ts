// Sign in through an OpenID Connect issuer (authorization code flow with PKCE), one pair of routes
// per provider (Google's at /api/auth/google, the OIDC_ISSUER's at /api/auth/oidc). Both routes are
// full-page navigations, so they answer with redirects only: to the issuer, then back to /login
// with ?<provider>=success (the login page shows the spec's toast and opens the saved page after
// 800 ms) or with ?error=<reason> (the login page shows that reason's message). Every refusal is
// logged with its reason; codes, tokens and states never are (the request log redacts them).
import { timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { OpenIdFailureKind } from "../../../domain/oidc-sign-in";
import {
  googleCallbackQuerySchema as callbackQuerySchema,
  googleStartQuerySchema as startQuerySchema,
} from "../../../domain/schemas/google-sign-in";
import { actorOf } from "../../activity/record";
import { requestOrigin } from "../../http/request-origin";
import { publicRoute } from "../guards";
import { recordSignInFailure } from "../sign-in-activity";
import { addressKey, releaseAfterSuccess, reserveSignInAttempt } from "../throttle";
import { resolveOpenIdUser } from "./accounts";
import { createOpenIdClient, type OpenIdClient } from "./client";
import type { OpenIdProvider } from "./provider";
import { safeReturnPath } from "./return-path";
import { beginOpenIdSession, secureCookies } from "./session";
import { consumeSignInState, SIGN_IN_STATE_TTL_MS, saveSignInState } from "./state-store";

// Redirects carry no body; the schema names that, and the error schemas cover the rest.
const redirectResponse = { 302: z.null().describe("Redirect (Location header)") };

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

export function openIdSignInRoutes(provider: OpenIdProvider): FastifyPluginAsyncZod {
  return async (app) => {
    const settings = provider.client;
    const client: OpenIdClient | null = settings ? createOpenIdClient(settings) : null;
    const cookiePath = provider.path;
    /** The key the sign-in attempt limits count this subject's refusals under. */
    const accountKey = (subject: string) => `${provider.id}:${subject}`;

    function fail(
      request: FastifyRequest,
      reply: FastifyReply,
      kind: OpenIdFailureKind,
      detail: string,
      error?: unknown,
    ) {
      const cause =
        error instanceof Error
          ? { type: error.name, code: (error as { code?: unknown }).code, message: error.message }
          : undefined;
      const reason = provider.failure(kind);
      request.log.warn({ reason, detail, cause }, `${provider.name} sign-in refused`);
      return reply.redirect(`/login?error=${reason}`);
    }

    app.get(
      provider.path,
      {
        preHandler: publicRoute,
        schema: { querystring: startQuerySchema, response: redirectResponse },
      },
      async (request, reply) => {
        if (!client || !settings) return fail(request, reply, "unconfigured", "not configured");
        // PUBLIC_URL when set; otherwise this server's address as the browser reached it (the
        // issuer redirects only to registered addresses, so a forged Host header gains nothing).
        const origin = requestOrigin(request);
        if (!settings.redirectUri && !origin) {
          return fail(request, reply, "error", "malformed Host header");
        }
        const redirectUri = new URL(settings.redirectUri ?? `${origin}${provider.callbackPath}`)
          .href;
        let pending: Awaited<ReturnType<OpenIdClient["begin"]>>;
        try {
          pending = await client.begin(redirectUri);
        } catch (error) {
          return fail(request, reply, "error", "discovery failed", error);
        }
        await saveSignInState(app.db, provider.id, {
          state: pending.state,
          nonce: pending.nonce,
          codeVerifier: pending.codeVerifier,
          redirectUri: pending.redirectUri,
          returnTo: safeReturnPath(request.query.returnTo),
        });
        reply.setCookie(provider.stateCookie, pending.state, {
          httpOnly: true,
          // Lax: sent on the issuer's top-level redirect back to the callback, not on cross-site posts.
          sameSite: "lax",
          secure: secureCookies(app, request),
          path: cookiePath,
          maxAge: Math.floor(SIGN_IN_STATE_TTL_MS / 1000),
        });
        return reply.redirect(pending.url.href);
      },
    );

    app.get(
      provider.callbackPath,
      {
        preHandler: publicRoute,
        schema: { querystring: callbackQuerySchema, response: redirectResponse },
      },
      async (request, reply) => {
        const cookieState = request.cookies[provider.stateCookie];
        // One state, one try: whatever happens next, this browser's state is spent.
        reply.clearCookie(provider.stateCookie, { path: cookiePath });
        if (!client) return fail(request, reply, "unconfigured", "not configured");

        const { state, error } = request.query;
        if (!state) return fail(request, reply, "expired", "no state in the callback");
        if (!cookieState || !sameText(state, cookieState)) {
          return fail(request, reply, "expired", "state is not this browser's");
        }
        const saved = await consumeSignInState(app.db, provider.id, state);
        if (!saved) return fail(request, reply, "expired", "state unknown, used or expired");
        if (error) {
          return fail(
            request,
            reply,
            error === "access_denied" ? "denied" : "error",
            `authorization error ${error}`,
          );
        }

        // Verified against the callback address the sign-in started with, whatever Host this
        // request came with.
        const callbackUrl = new URL(saved.redirectUri);
        callbackUrl.search = new URL(request.url, "http://callback.invalid").search;
        let identity: Awaited<ReturnType<OpenIdClient["finish"]>>;
        try {
          identity = await client.finish(callbackUrl, {
            state,
            nonce: saved.nonce,
            codeVerifier: saved.codeVerifier,
          });
        } catch (caught) {
          return fail(request, reply, "error", "code exchange or ID token refused", caught);
        }

        // The same limits as password sign-ins: per account (here the issuer's subject) and per
        // address, reserved before the attempt and given back only by a success.
        const keys = { account: accountKey(identity.subject), address: addressKey(request.ip) };
        if (!(await reserveSignInAttempt(app.db, keys, app.config.loginThrottle))) {
          return fail(request, reply, "rate_limited", `subject ${identity.subject} locked`);
        }
        const resolution = await resolveOpenIdUser(app.db, provider, identity, (userId) =>
          actorOf(request, userId),
        );
        if (resolution.kind === "refused") {
          // Recorded like a wrong password: only past the limits above (a refusal before them
          // costs the sender nothing, and a record each would let anyone fill the log), against
          // the account it would have been, never the issuer's address when it matches nobody.
          await recordSignInFailure(app.db, request, {
            userId: resolution.account?.id ?? null,
            username: resolution.account?.username ?? null,
            method: provider.id,
            reason: provider.failure(resolution.failure),
          });
          return fail(
            request,
            reply,
            resolution.failure,
            `${resolution.detail} (subject ${identity.subject})`,
          );
        }
        await releaseAfterSuccess(app.db, keys);
        const { user } = resolution;
        if (resolution.how !== "subject") {
          await app.sessions.revoked({ userId: user.id });
          request.log.info(
            { userId: user.id, how: resolution.how },
            `${provider.name} account linked to a user`,
          );
        }
        if (resolution.roleChange === "kept-last-admin") {
          request.log.warn(
            { userId: user.id },
            `${provider.name} groups say user, but the last active administrator stays one`,
          );
        } else if (resolution.roleChange) {
          await app.sessions.revoked({ userId: user.id });
          request.log.info(
            { userId: user.id, ...resolution.roleChange },
            `${provider.name} groups changed the user's role`,
          );
        }

        const outcome = await beginOpenIdSession(app, request, reply, user.id, provider.id);
        if (outcome === "second-factor") return reply.redirect("/login?second-factor=required");
        const next = new URLSearchParams({ [provider.id]: "success" });
        if (saved.returnTo) next.set("returnTo", saved.returnTo);
        return reply.redirect(`/login?${next}`);
      },
    );
  };
}
