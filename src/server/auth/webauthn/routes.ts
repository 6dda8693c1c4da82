// Passkey routes (spec part 1 section 7; part 2 'Biometric credentials').
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { idParamsSchema, noContentResponseSchema } from "../../../domain/schemas/common";
import {
  webauthnCredentialListResponseSchema,
  webauthnLoginOptionsRequestSchema,
  webauthnLoginOptionsResponseSchema,
  webauthnLoginVerifyRequestSchema,
  webauthnLoginVerifyResponseSchema,
  webauthnRegisterOptionsRequestSchema,
  webauthnRegisterOptionsResponseSchema,
  webauthnRegisterVerifyRequestSchema,
  webauthnRegisterVerifyResponseSchema,
} from "../../../domain/schemas/webauthn";
import { actorOf } from "../../activity/record";
import { tooManyRequests } from "../../http/errors";
import { toAuthUser } from "../../users/user-response";
import { currentSession, publicRoute, requireUser } from "../guards";
import { signIn } from "../sign-in";
import { recordSignInFailure } from "../sign-in-activity";
import { addressKey, lockedUntil, releaseAddressAttempt, reserveAddressAttempt } from "../throttle";
import { relyingPartyFor } from "./relying-party";
import {
  deleteCredential,
  listCredentials,
  loginOptions,
  loginVerify,
  registerOptions,
  registerVerify,
} from "./service";

export const webauthnRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/api/auth/webauthn/login/options",
    {
      preHandler: publicRoute,
      schema: {
        body: webauthnLoginOptionsRequestSchema,
        response: { 200: webauthnLoginOptionsResponseSchema },
      },
    },
    async (request) => {
      const rp = relyingPartyFor(app.config, request);
      const options = await loginOptions(app.db, rp, request.body.username);
      return { success: true as const, options };
    },
  );

  app.post(
    "/api/auth/webauthn/login/verify",
    {
      preHandler: publicRoute,
      schema: {
        body: webauthnLoginVerifyRequestSchema,
        response: { 200: webauthnLoginVerifyResponseSchema },
      },
    },
    async (request, reply) => {
      const rp = relyingPartyFor(app.config, request);
      // Failed passkey sign-ins count against the address like wrong passwords (the reservation
      // stands as the failure unless verification succeeds).
      const address = addressKey(request.ip);
      if (!(await reserveAddressAttempt(app.db, address, app.config.loginThrottle))) {
        const until = await lockedUntil(app.db, [address]);
        const waitMs = until ? until.getTime() - Date.now() : app.config.loginThrottle.lockMs;
        const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
        reply.header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))));
        throw tooManyRequests(
          `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
        );
      }
      const result = await loginVerify(app.db, rp, request.body, request.log);
      if (!result.verified) {
        // As a wrong password: the account whose challenge was answered, never anything signed.
        await recordSignInFailure(app.db, request, {
          userId: result.user?.id ?? null,
          username: result.user?.username ?? null,
          method: "passkey",
          reason: result.reason,
        });
        throw result.error;
      }
      const { user } = result;
      await releaseAddressAttempt(app.db, address);
      // Verified with user verification (required above): both factors, so always a session.
      await signIn(app, request, reply, user, { method: "passkey", userVerified: true });
      return { success: true as const, user: toAuthUser(user) };
    },
  );

  app.post(
    "/api/auth/webauthn/register/options",
    {
      preHandler: requireUser,
      schema: {
        body: webauthnRegisterOptionsRequestSchema.optional(),
        response: { 200: webauthnRegisterOptionsResponseSchema },
      },
    },
    async (request) => {
      const { user } = currentSession(request);
      const rp = relyingPartyFor(app.config, request);
      const options = await registerOptions(app.db, rp, user);
      return { success: true as const, options };
    },
  );

  app.post(
    "/api/auth/webauthn/register/verify",
    {
      preHandler: requireUser,
      schema: {
        body: webauthnRegisterVerifyRequestSchema,
        response: { 201: webauthnRegisterVerifyResponseSchema },
      },
    },
    async (request, reply) => {
      const { user } = currentSession(request);
      const rp = relyingPartyFor(app.config, request);
      const owner = { account: user, actor: actorOf(request) };
      const credential = await registerVerify(app.db, rp, owner, request.body, request.log);
      return reply.status(201).send({ success: true as const, credential });
    },
  );

  app.get(
    "/api/auth/webauthn/credentials",
    {
      preHandler: requireUser,
      schema: { response: { 200: webauthnCredentialListResponseSchema } },
    },
    async (request) => listCredentials(app.db, currentSession(request).user.id),
  );

  app.delete(
    "/api/auth/webauthn/credentials/:id",
    {
      preHandler: requireUser,
      schema: { params: idParamsSchema, response: { 204: noContentResponseSchema } },
    },
    async (request, reply) => {
      const owner = { account: currentSession(request).user, actor: actorOf(request) };
      await deleteCredential(app.db, owner, request.params.id);
      return reply.status(204).send();
    },
  );
};
