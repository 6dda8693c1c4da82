// The second factor: enrolment from the Profile, the sign-in's second step, turning it off, and an
// administrator's reset. Decision record: docs/decisions/0018-second-factor-and-preferences.md.
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginErrorResponseSchema } from "../../../domain/schemas/auth";
import { idParamsSchema, noContentResponseSchema } from "../../../domain/schemas/common";
import {
  adminTwoFactorStatusResponseSchema,
  emptyBodySchema,
  recoveryCodesResponseSchema,
  secondFactorVerifyRequestSchema,
  signedInResponseSchema,
  twoFactorConfirmRequestSchema,
  twoFactorDisableRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusResponseSchema,
} from "../../../domain/schemas/two-factor";
import { actorOf } from "../../activity/record";
import { users } from "../../db/schema";
import { AppError, notFound } from "../../http/errors";
import { toAuthUser } from "../../users/user-response";
import { currentSession, publicRoute, requireAdmin, requireUser } from "../guards";
import { verifyPassword } from "../passwords";
import {
  clearPendingCookie,
  consumePendingSignIn,
  findPendingSignIn,
  PENDING_SIGN_IN_COOKIE,
  startSession,
} from "../sign-in";
import { recordSignInFailure } from "../sign-in-activity";
import { attemptKeys, releaseAttempt, reserveAttempt } from "./attempts";
import {
  beginSetup,
  confirmSetup,
  invalidCode,
  regenerateRecoveryCodes,
  removeSecondFactor,
  spendSecondFactorCode,
  twoFactorStatus,
} from "./service";

const signInFailed = (code: "INVALID_SECOND_FACTOR" | "SECOND_FACTOR_EXPIRED", message: string) =>
  new AppError(401, code, message, [], { success: false });

const EXPIRED_MESSAGE = "Your sign-in has expired. Please sign in again.";
const WRONG_CODE_MESSAGE = "Invalid code. Please try again.";

export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  const findUser = async (id: number) => {
    const [user] = await app.db.select().from(users).where(eq(users.id, id)).limit(1);
    return user;
  };

  app.get(
    "/api/auth/two-factor",
    { preHandler: requireUser, schema: { response: { 200: twoFactorStatusResponseSchema } } },
    async (request) => twoFactorStatus(app.db, currentSession(request).user.id),
  );

  app.post(
    "/api/auth/two-factor/setup",
    {
      preHandler: requireUser,
      schema: { body: emptyBodySchema, response: { 200: twoFactorSetupResponseSchema } },
    },
    async (request) => beginSetup(app.db, app.secrets, currentSession(request).user),
  );

  app.post(
    "/api/auth/two-factor/confirm",
    {
      preHandler: requireUser,
      schema: {
        body: twoFactorConfirmRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const account = currentSession(request).user;
      const keys = attemptKeys("second-factor", account.id, request);
      await reserveAttempt(app, reply, keys);
      const recoveryCodes = await confirmSetup(
        app.db,
        app.secrets,
        { account, actor: actorOf(request) },
        request.body.code,
      );
      await releaseAttempt(app, keys);
      return { recoveryCodes };
    },
  );

  app.post(
    "/api/auth/two-factor/recovery-codes",
    {
      preHandler: requireUser,
      schema: {
        body: twoFactorConfirmRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
      },
    },
    async (request, reply) => {
      const account = currentSession(request).user;
      const keys = attemptKeys("second-factor", account.id, request);
      await reserveAttempt(app, reply, keys);
      const by = { account, actor: actorOf(request) };
      if (!(await spendSecondFactorCode(app.db, app.secrets, by, request.body.code))) {
        throw invalidCode();
      }
      await releaseAttempt(app, keys);
      return { recoveryCodes: await regenerateRecoveryCodes(app.db, by) };
    },
  );

  // Turning it off takes what a session thief should not have: a code, or the password.
  app.post(
    "/api/auth/two-factor/disable",
    {
      preHandler: requireUser,
      schema: {
        body: twoFactorDisableRequestSchema,
        response: { 200: twoFactorStatusResponseSchema },
      },
    },
    async (request, reply) => {
      const account = currentSession(request).user;
      const userId = account.id;
      const by = { account, actor: actorOf(request) };
      const { code, password } = request.body;
      const keys = attemptKeys(code ? "second-factor" : "password-change", userId, request);
      await reserveAttempt(app, reply, keys);
      if (code) {
        if (!(await spendSecondFactorCode(app.db, app.secrets, by, code))) throw invalidCode();
      } else {
        const user = await findUser(userId);
        if (!(await verifyPassword(user?.passwordHash ?? null, password ?? ""))) {
          throw new AppError(400, "INVALID_CURRENT_PASSWORD", "Incorrect password", [
            { path: "password", message: "Incorrect password" },
          ]);
        }
      }
      await releaseAttempt(app, keys);
      await removeSecondFactor(app.db, by, { action: "two_factor_disable", area: "auth" });
      return twoFactorStatus(app.db, userId);
    },
  );

  // The sign-in's second step: the pending sign-in's cookie plus a code becomes a session.
  app.post(
    "/api/auth/two-factor/verify",
    {
      preHandler: publicRoute,
      schema: {
        body: secondFactorVerifyRequestSchema,
        response: { 200: signedInResponseSchema, "4xx": loginErrorResponseSchema },
      },
    },
    async (request, reply) => {
      const pending = await findPendingSignIn(app.db, request);
      const failed = async (
        userId: number | null,
        reason: "INVALID_SECOND_FACTOR" | "SECOND_FACTOR_EXPIRED",
      ) => {
        await recordSignInFailure(app.db, request, {
          userId,
          username: null,
          method: "second_factor",
          reason,
        });
        return signInFailed(
          reason,
          reason === "INVALID_SECOND_FACTOR" ? WRONG_CODE_MESSAGE : EXPIRED_MESSAGE,
        );
      };
      if (!pending) {
        clearPendingCookie(reply);
        throw await failed(null, "SECOND_FACTOR_EXPIRED");
      }
      const keys = attemptKeys("second-factor", pending.userId, request);
      await reserveAttempt(app, reply, keys, { success: false });
      const user = await findUser(pending.userId);
      // The person signing in spends the code (a recovery code is recorded as theirs).
      const used =
        user &&
        (await spendSecondFactorCode(
          app.db,
          app.secrets,
          { account: user, actor: actorOf(request, user.id) },
          request.body.code,
        ));
      if (!used) throw await failed(pending.userId, "INVALID_SECOND_FACTOR");
      // Single use: of two requests racing with two good codes, one signs in.
      if (!(await consumePendingSignIn(app.db, pending.id))) {
        throw await failed(pending.userId, "SECOND_FACTOR_EXPIRED");
      }
      await releaseAttempt(app, keys);
      if (!user.isActive) {
        clearPendingCookie(reply);
        throw await failed(user.id, "SECOND_FACTOR_EXPIRED");
      }
      await startSession(app, request, reply, user.id, {
        method: pending.method,
        secondFactor: used,
      });
      request.log.info({ userId: user.id, with: used }, "second factor accepted");
      return { success: true as const, user: toAuthUser(user) };
    },
  );

  // Back to the password form: the pending sign-in is given up.
  app.post(
    "/api/auth/two-factor/cancel",
    {
      preHandler: publicRoute,
      schema: { body: emptyBodySchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      const pending = await findPendingSignIn(app.db, request);
      if (pending) await consumePendingSignIn(app.db, pending.id);
      if (request.cookies[PENDING_SIGN_IN_COOKIE]) clearPendingCookie(reply);
      return reply.status(204).send();
    },
  );

  // An administrator's view and reset of a user's second factor (the Users area).
  app.get(
    "/api/users/:id/two-factor",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 200: adminTwoFactorStatusResponseSchema } },
    },
    async (request) => {
      if (!(await findUser(request.params.id))) throw notFound("User");
      const { enabled } = await twoFactorStatus(app.db, request.params.id);
      return { enabled };
    },
  );

  app.delete(
    "/api/users/:id/two-factor",
    {
      preHandler: requireAdmin,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      const account = await findUser(request.params.id);
      if (!account) throw notFound("User");
      const removed = await removeSecondFactor(
        app.db,
        { account, actor: actorOf(request) },
        { action: "two_factor_reset", area: "users" },
      );
      request.log.info(
        { userId: request.params.id, by: currentSession(request).user.id, removed },
        "second factor reset by an administrator",
      );
      return reply.status(204).send();
    },
  );
};
