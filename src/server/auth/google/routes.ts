// Sign in with Google (OpenID Connect, authorization code flow with PKCE). Both routes are
// full-page navigations, so they answer with redirects only: to Google, then back to /login with
// ?google=success (the login page shows the spec's toast and opens the saved page after 800 ms) or
// with ?error=<reason> (the login page shows that reason's message). Every refusal is logged with
// its reason; codes, tokens and states never are (the request log redacts them from the URL).
import { timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  GOOGLE_CALLBACK_PATH,
  GOOGLE_PATH,
  type GoogleFailure,
} from "../../../domain/google-sign-in";
import {
  googleCallbackQuerySchema,
  googleStartQuerySchema,
  googleStatusResponseSchema,
} from "../../../domain/schemas/google-sign-in";
import { actorOf } from "../../activity/record";
import { requestOrigin } from "../../http/request-origin";
import { publicRoute } from "../guards";
import { recordSignInFailure } from "../sign-in-activity";
import { addressKey, releaseAfterSuccess, reserveSignInAttempt } from "../throttle";
import { resolveGoogleUser } from "./accounts";
import { createGoogleOidc, type GoogleOidc } from "./oidc";
import { safeReturnPath } from "./return-path";
import { beginGoogleSession, secureCookies } from "./session";
import { consumeSignInState, GOOGLE_STATE_TTL_MS, saveSignInState } from "./state-store";

/** Binds a sign-in's state to the browser that started it (a login-CSRF defence). */
export const GOOGLE_STATE_COOKIE = "qm_google_state";
const STATE_COOKIE_PATH = GOOGLE_PATH;

// Redirects carry no body; the schema names that, and the error schemas cover the rest.
const redirectResponse = { 302: z.null().describe("Redirect (Location header)") };

const sameText = (a: string, b: string) => {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
};

/** Failures that the sign-in attempt limits count (the person got as far as Google vouching). */
const googleAccountKey = (subject: string) => `google:${subject}`;

export const googleAuthRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = app.config.google;
  const google: GoogleOidc | null = config ? createGoogleOidc(config) : null;

  function fail(
    request: FastifyRequest,
    reply: FastifyReply,
    failure: GoogleFailure,
    detail: string,
    error?: unknown,
  ) {
    const cause =
      error instanceof Error
        ? { type: error.name, code: (error as { code?: unknown }).code, message: error.message }
        : undefined;
    request.log.warn({ reason: failure, detail, cause }, "Google sign-in refused");
    return reply.redirect(`/login?error=${failure}`);
  }

  app.get(
    "/api/auth/google/status",
    { preHandler: publicRoute, schema: { response: { 200: googleStatusResponseSchema } } },
    async () => ({ configured: google !== null }),
  );

  app.get(
    GOOGLE_PATH,
    {
      preHandler: publicRoute,
      schema: { querystring: googleStartQuerySchema, response: redirectResponse },
    },
    async (request, reply) => {
      if (!google) return fail(request, reply, "google_unconfigured", "GOOGLE_CLIENT_ID unset");
      // PUBLIC_URL when set; otherwise this server's address as the browser reached it (Google
      // redirects only to registered addresses, so a forged Host header gains nothing).
      const origin = requestOrigin(request);
      if (!config?.redirectUri && !origin) {
        return fail(request, reply, "google", "malformed Host header");
      }
      const redirectUri = new URL(config?.redirectUri ?? `${origin}${GOOGLE_CALLBACK_PATH}`).href;
      let pending: Awaited<ReturnType<GoogleOidc["begin"]>>;
      try {
        pending = await google.begin(redirectUri);
      } catch (error) {
        return fail(request, reply, "google", "discovery failed", error);
      }
      await saveSignInState(app.db, {
        state: pending.state,
        nonce: pending.nonce,
        codeVerifier: pending.codeVerifier,
        redirectUri: pending.redirectUri,
        returnTo: safeReturnPath(request.query.returnTo),
      });
      reply.setCookie(GOOGLE_STATE_COOKIE, pending.state, {
        httpOnly: true,
        // Lax: sent on Google's top-level redirect back to the callback, not on cross-site posts.
        sameSite: "lax",
        secure: secureCookies(app, request),
        path: STATE_COOKIE_PATH,
        maxAge: Math.floor(GOOGLE_STATE_TTL_MS / 1000),
      });
      return reply.redirect(pending.url.href);
    },
  );

  app.get(
    GOOGLE_CALLBACK_PATH,
    {
      preHandler: publicRoute,
      schema: { querystring: googleCallbackQuerySchema, response: redirectResponse },
    },
    async (request, reply) => {
      const cookieState = request.cookies[GOOGLE_STATE_COOKIE];
      // One state, one try: whatever happens next, this browser's state is spent.
      reply.clearCookie(GOOGLE_STATE_COOKIE, { path: STATE_COOKIE_PATH });
      if (!google || !config) {
        return fail(request, reply, "google_unconfigured", "GOOGLE_CLIENT_ID unset");
      }

      const { state, error } = request.query;
      if (!state) return fail(request, reply, "google_expired", "no state in the callback");
      if (!cookieState || !sameText(state, cookieState)) {
        return fail(request, reply, "google_expired", "state is not this browser's");
      }
      const saved = await consumeSignInState(app.db, state);
      if (!saved) return fail(request, reply, "google_expired", "state unknown, used or expired");
      if (error) {
        return fail(
          request,
          reply,
          error === "access_denied" ? "google_denied" : "google",
          `authorization error ${error}`,
        );
      }

      // Verified against the callback address the sign-in started with, whatever Host this
      // request came with.
      const callbackUrl = new URL(saved.redirectUri);
      callbackUrl.search = new URL(request.url, "http://callback.invalid").search;
      let identity: Awaited<ReturnType<GoogleOidc["finish"]>>;
      try {
        identity = await google.finish(callbackUrl, {
          state,
          nonce: saved.nonce,
          codeVerifier: saved.codeVerifier,
        });
      } catch (caught) {
        return fail(request, reply, "google", "code exchange or ID token refused", caught);
      }

      // The same limits as password sign-ins: per account (here the Google subject) and per
      // address, reserved before the attempt and given back only by a success.
      const keys = { account: googleAccountKey(identity.subject), address: addressKey(request.ip) };
      if (!(await reserveSignInAttempt(app.db, keys, app.config.loginThrottle))) {
        return fail(request, reply, "google_rate_limited", `subject ${identity.subject} locked`);
      }
      const resolution = await resolveGoogleUser(app.db, config, identity, (userId) =>
        actorOf(request, userId),
      );
      if (resolution.kind === "refused") {
        // Recorded like a wrong password: only past the limits above (a refusal before them costs
        // the sender nothing, and a record each would let anyone fill the log), against the
        // account it would have been, never the Google address when it matches nobody.
        await recordSignInFailure(app.db, request, {
          userId: resolution.account?.id ?? null,
          username: resolution.account?.username ?? null,
          method: "google",
          reason: resolution.failure,
        });
        return fail(
          request,
          reply,
          resolution.failure,
          `${resolution.detail} (subject ${identity.subject})`,
        );
      }
      await releaseAfterSuccess(app.db, keys);
      if (resolution.how !== "subject") {
        await app.sessions.revoked({ userId: resolution.user.id });
        request.log.info(
          { userId: resolution.user.id, how: resolution.how },
          "Google account linked to a user",
        );
      }

      const outcome = await beginGoogleSession(app, request, reply, resolution.user.id);
      if (outcome === "second-factor") return reply.redirect("/login?second-factor=required");
      const next = new URLSearchParams({ google: "success" });
      if (saved.returnTo) next.set("returnTo", saved.returnTo);
      return reply.redirect(`/login?${next}`);
    },
  );
};
