// Guesses at a second-factor code or at the current password are limited like password sign-ins
// (throttle.ts): one attempt reserved per key before the check, a success hands it back.
//
// The account's key is its own per purpose. Sharing the password's key would let anyone who knows
// the password clear the code counter by signing in again (a right password releases that key),
// and a session thief guessing the current password must not lock the owner out of signing in.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../../http/errors";
import { addressKey, lockedUntil, releaseAfterSuccess, reserveSignInAttempt } from "../throttle";

export type AttemptPurpose = "second-factor" | "password-change";

export interface AttemptKeys {
  account: string;
  address: string;
}

export const attemptKeys = (
  purpose: AttemptPurpose,
  userId: number,
  request: FastifyRequest,
): AttemptKeys => ({ account: `${purpose}:user:${userId}`, address: addressKey(request.ip) });

/** Reserves one attempt, or answers 429 with Retry-After as the sign-in does. */
export async function reserveAttempt(
  app: FastifyInstance,
  reply: FastifyReply,
  keys: AttemptKeys,
  extra: Record<string, unknown> = {},
) {
  const limits = app.config.loginThrottle;
  if (await reserveSignInAttempt(app.db, keys, limits)) return;
  const until = await lockedUntil(app.db, [keys.account, keys.address]);
  const waitMs = until ? until.getTime() - Date.now() : limits.lockMs;
  const minutes = Math.max(1, Math.ceil(waitMs / 60_000));
  reply.header("retry-after", String(Math.max(1, Math.ceil(waitMs / 1000))));
  throw new AppError(
    429,
    "RATE_LIMITED",
    `Too many failed attempts. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
    [],
    extra,
  );
}

export const releaseAttempt = (app: FastifyInstance, keys: AttemptKeys) =>
  releaseAfterSuccess(app.db, keys);
