// Sign-ins in the activity log (issue 15): a success with its method, a failure with the account
// tried and why (never the password or code), a sign-out. A failure changes nothing else, so its
// record is written on its own; a success is written with the session it creates.
import type { FastifyRequest } from "fastify";
import type { OpenIdFailure } from "../../domain/oidc-sign-in";
import { actorOf, recordActivity } from "../activity/record";
import type { Executor } from "../db/client";

/** Why, as the person was told: the error code, or for Google and OIDC the login page's error. */
export type SignInFailureReason =
  | "INVALID_CREDENTIALS"
  | "ACCOUNT_DEACTIVATED"
  | "INVALID_SECOND_FACTOR"
  | "SECOND_FACTOR_EXPIRED"
  | "PASSKEY_NOT_VERIFIED"
  | "PASSKEY_COUNTER_REPLAYED"
  | OpenIdFailure;

/** How a session came to be: the first step's method, and the second factor when one was asked. */
export interface SignInDetail {
  method: "password" | "google" | "oidc" | "passkey";
  secondFactor?: "totp" | "recovery";
}

/** The username as typed, cut to a label's length: someone may paste anything into the field. */
const MAX_TRIED_USERNAME = 100;

export function recordSignIn(
  tx: Executor,
  request: FastifyRequest,
  userId: number,
  detail: SignInDetail,
) {
  return recordActivity(tx, actorOf(request, userId), {
    action: "sign_in",
    area: "auth",
    itemId: userId,
    detail: { ...detail },
  });
}

export function recordSignInFailure(
  db: Executor,
  request: FastifyRequest,
  failure: {
    userId: number | null;
    username: string | null;
    method: SignInDetail["method"] | "second_factor";
    reason: SignInFailureReason;
  },
) {
  // Nobody is signed in: the actor is the address, and the account tried is the item, so
  // filtering by that person shows what they did, not what was tried against them.
  return recordActivity(db, actorOf(request, null), {
    action: "sign_in_failed",
    area: "auth",
    itemId: failure.userId,
    // A username that matches nobody is kept out: people type their password into that field.
    itemLabel:
      failure.userId === null ? null : (failure.username?.slice(0, MAX_TRIED_USERNAME) ?? null),
    detail: { method: failure.method, reason: failure.reason },
  });
}
