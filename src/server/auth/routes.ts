// Password sign-in, sign-out and the status call (spec part 1, section 7).
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import type { ErrorCode } from "../../domain/error-codes";
import {
  authStatusResponseSchema,
  loginErrorResponseSchema,
  loginRequestSchema,
  loginResponseSchema,
  logoutResponseSchema,
} from "../../domain/schemas/auth";
import { secondFactorRequiredResponseSchema } from "../../domain/schemas/two-factor";
import { actorOf, recordActivity } from "../activity/record";
import { users } from "../db/schema";
import { AppError } from "../http/errors";
import { toAuthUser } from "../users/user-response";
import { publicRoute, requireUser } from "./guards";
import { verifyPassword } from "./passwords";
import { deleteSession, SESSION_COOKIE } from "./sessions";
import { signIn } from "./sign-in";
import { recordSignInFailure } from "./sign-in-activity";
import {
  accountKey,
  addressKey,
  lockedUntil,
  releaseAfterSuccess,
  reserveSignInAttempt,
} from "./throttle";

// The spec's login answers carry success:false beside the usual error body.
const loginFailed = (status: 401 | 429, code: ErrorCode, message: string) =>
  new AppError(status, code, message, [], { success: false });

async function endSessionEverywhere(app: FastifyInstance, sessionId: string) {
  await deleteSession(app.db, sessionId);
  await app.sessions.revoked({ sessionId });
}

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { loginThrottle: limits } = app.config;

  /** Ends a session here and, through the database's notice, on every other instance. */
  const endSession = (sessionId: string) => endSessionEverywhere(app, sessionId);

  app.get(
    "/api/auth/status",
    { preHandler: publicRoute, schema: { response: { 200: authStatusResponseSchema } } },
    async (request) => {
      if (!request.auth) return { authenticated: false, user: null };
      return { authenticated: true, user: toAuthUser(request.auth.user) };
    },
  );

  app.post(
    "/api/auth/login",
    {
      preHandler: publicRoute,
      schema: {
        body: loginRequestSchema,
        response: {
          // With a second factor on, the answer is a pending sign-in, not a session (sign-in.ts).
          200: loginResponseSchema.or(secondFactorRequiredResponseSchema),
          "4xx": loginErrorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const { username, password } = request.body;
      const keys = { account: accountKey(username), address: addressKey(request.ip) };
      // Reserved before the (deliberately slow) password check, so a parallel burst cannot
      // have more guesses checked than the limit allows.
      if (!(await reserveSignInAttempt(app.db, keys, limits))) {
        const until = await lockedUntil(app.db, [keys.account, keys.address]);
        const waitMs = until ? until.getTime() - Date.now() : limits.lockMs;
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        reply.header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))));
        // Not recorded: the failures that started the lock are, and a refused request costs the
        // sender nothing, so one record each would let anyone fill the append-only log.
        throw loginFailed(
          429,
          "RATE_LIMITED",
          `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        );
      }

      const [user] = await app.db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !passwordOk || !user.isActive) {
        // The reservation stands as the failure. Only someone who knows the password learns that the account is deactivated.
        const deactivated = Boolean(user && passwordOk);
        await recordSignInFailure(app.db, request, {
          userId: user?.id ?? null,
          username,
          method: "password",
          reason: deactivated ? "ACCOUNT_DEACTIVATED" : "INVALID_CREDENTIALS",
        });
        throw deactivated
          ? loginFailed(
              401,
              "ACCOUNT_DEACTIVATED",
              "This account has been deactivated. Please contact an administrator.",
            )
          : loginFailed(401, "INVALID_CREDENTIALS", "Invalid username or password");
      }

      await releaseAfterSuccess(app.db, keys);
      const outcome = await signIn(app, request, reply, user, { method: "password" });
      if (outcome.kind === "second-factor") {
        return { success: false as const, secondFactorRequired: true as const };
      }
      return { success: true as const, user: toAuthUser(user) };
    },
  );

  app.post(
    "/api/auth/logout",
    { preHandler: requireUser, schema: { response: { 200: logoutResponseSchema } } },
    async (request, reply) => {
      if (request.auth) {
        await endSession(request.auth.id);
        await recordActivity(app.db, actorOf(request), {
          action: "sign_out",
          area: "auth",
          itemId: request.auth.user.id,
        });
      }
      reply.clearCookie(SESSION_COOKIE, { path: "/" });
      return { success: true as const };
    },
  );
};
