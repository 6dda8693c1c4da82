// POST /api/auth/password: a signed-in user changes their own password. The current password is
// required (a borrowed session must not be enough to take the account over); every other session
// of the user ends, on every instance, before the answer.
import { and, eq, ne } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changePasswordRequestSchema,
  changePasswordResponseSchema,
} from "../../../domain/schemas/two-factor";
import { actorOf } from "../../activity/record";
import { sessions, users } from "../../db/schema";
import { AppError } from "../../http/errors";
import { recordAccountChange } from "../account-activity";
import { currentSession, requireUser } from "../guards";
import { hashPassword, verifyPassword } from "../passwords";
import { announceSessionChange } from "../sessions";
import { deletePendingSignInsOf } from "../sign-in";
import { attemptKeys, releaseAttempt, reserveAttempt } from "./attempts";

export const CURRENT_PASSWORD_WRONG = "Current password is incorrect";

export const passwordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/auth/password",
    {
      preHandler: requireUser,
      schema: {
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
      },
    },
    async (request, reply) => {
      const session = currentSession(request);
      const userId = session.user.id;
      const keys = attemptKeys("password-change", userId, request);
      await reserveAttempt(app, reply, keys);
      const [user] = await app.db
        .select({ passwordHash: users.passwordHash })
        .from(users)
        .where(eq(users.id, userId))
        .limit(1);
      if (!(await verifyPassword(user?.passwordHash ?? null, request.body.currentPassword))) {
        throw new AppError(400, "INVALID_CURRENT_PASSWORD", CURRENT_PASSWORD_WRONG, [
          { path: "currentPassword", message: CURRENT_PASSWORD_WRONG },
        ]);
      }
      await releaseAttempt(app, keys);
      const passwordHash = await hashPassword(request.body.newPassword);
      const ended = await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ passwordHash, updatedAt: new Date() })
          .where(eq(users.id, userId));
        const removed = await tx
          .delete(sessions)
          .where(and(eq(sessions.userId, userId), ne(sessions.id, session.id)))
          .returning({ id: sessions.id });
        await deletePendingSignInsOf(tx, userId);
        await announceSessionChange(tx, { userId });
        await recordAccountChange(tx, actorOf(request), {
          action: "password_change",
          area: "auth",
          account: session.user,
        });
        return removed.length;
      });
      // Committed: the other sessions are refused on every instance before this answers.
      await app.sessions.revoked({ userId });
      request.log.info({ userId, endedSessions: ended }, "password changed");
      return { success: true as const, endedSessions: ended };
    },
  );
};
