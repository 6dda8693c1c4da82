// Password sign-in, sign-out and the status call (spec part 1, section 7).
import { sql } from "drizzle-orm";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loginRequestSchema } from "../../domain/schemas/auth";
import { users } from "../db/schema";
import { AppError } from "../http/errors";
import { toAuthUser } from "../users/user-dto";
import { publicRoute, requireUser } from "./guards";
import { verifyPassword } from "./passwords";
import { createSession, deleteSession, SESSION_COOKIE } from "./sessions";
import { accountKey, addressKey, clearFailures, lockedUntil, recordFailure } from "./throttle";

const loginFailed = (message: string, status: 401 | 429 = 401) =>
  new AppError(status, message, [], { success: false });

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { loginThrottle: limits } = app.config;

  function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string) {
    const secure =
      app.config.cookieSecure === "true" ||
      (app.config.cookieSecure === "auto" && request.protocol === "https");
    reply.setCookie(SESSION_COOKIE, token, {
      httpOnly: true,
      sameSite: "lax",
      secure,
      path: "/",
      maxAge: Math.floor(app.config.session.absoluteMs / 1000),
    });
  }

  app.get("/api/auth/status", { preHandler: publicRoute }, async (request) => {
    if (!request.auth) return { authenticated: false, user: null };
    return { authenticated: true, user: toAuthUser(request.auth.user) };
  });

  app.post(
    "/api/auth/login",
    { preHandler: publicRoute, schema: { body: loginRequestSchema } },
    async (request, reply) => {
      const { username, password } = request.body;
      const keys = [accountKey(username), addressKey(request.ip)];
      const until = await lockedUntil(app.db, keys);
      if (until) {
        const minutes = Math.max(1, Math.ceil((until.getTime() - Date.now()) / 60_000));
        throw loginFailed(
          `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
          429,
        );
      }

      const [user] = await app.db
        .select()
        .from(users)
        .where(sql`lower(${users.username}) = lower(${username})`)
        .limit(1);
      const passwordOk = await verifyPassword(user?.passwordHash ?? null, password);
      if (!user || !passwordOk || !user.isActive) {
        await recordFailure(app.db, keys[0]!, limits.maxFailuresPerAccount, limits.lockMs);
        await recordFailure(app.db, keys[1]!, limits.maxFailuresPerAddress, limits.lockMs);
        // Only someone who knows the password learns that the account is deactivated.
        throw loginFailed(
          user && passwordOk
            ? "This account has been deactivated. Please contact an administrator."
            : "Invalid username or password",
        );
      }

      await clearFailures(app.db, keys[0]!);
      // A fresh session id on every sign-in, so a planted cookie cannot be carried into a login.
      if (request.auth) await deleteSession(app.db, request.auth.id);
      const session = await createSession(app.db, user.id, app.config.session, {
        ipAddress: request.ip,
        userAgent: request.headers["user-agent"],
      });
      setSessionCookie(request, reply, session.token);
      return { success: true, user: toAuthUser(user) };
    },
  );

  app.post("/api/auth/logout", { preHandler: requireUser }, async (request, reply) => {
    if (request.auth) await deleteSession(app.db, request.auth.id);
    reply.clearCookie(SESSION_COOKIE, { path: "/" });
    return { success: true };
  });
};
