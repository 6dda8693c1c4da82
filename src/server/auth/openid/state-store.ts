// The server-side half of an OpenID Connect sign-in under way. The browser holds only the random
// state (in the URL to the issuer and back, and in an HttpOnly cookie that binds it to this
// browser); the nonce and the PKCE verifier stay here, under the state's SHA-256, with the
// provider that started it. The callback consumes the row in one statement, so a state works
// once, only before it expires, and only at the callback of the provider that issued it.
import { createHash } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { googleSignInStates } from "../../db/schema";
import type { OpenIdProvider } from "./provider";

/** Time to choose an account and consent at the issuer. */
export const SIGN_IN_STATE_TTL_MS = 10 * 60_000;

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

export async function saveSignInState(
  db: Executor,
  provider: OpenIdProvider["id"],
  pending: {
    state: string;
    nonce: string;
    codeVerifier: string;
    redirectUri: string;
    returnTo: string | null;
  },
) {
  // Abandoned sign-ins are cleared here rather than by a timer: each start removes the old ones.
  await db.delete(googleSignInStates).where(lt(googleSignInStates.expiresAt, new Date()));
  await db.insert(googleSignInStates).values({
    id: hashState(pending.state),
    provider,
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
    redirectUri: pending.redirectUri,
    returnTo: pending.returnTo,
    expiresAt: new Date(Date.now() + SIGN_IN_STATE_TTL_MS),
  });
}

/** Deletes and returns the state's row when it is the provider's and has not expired; else null. */
export async function consumeSignInState(
  db: Executor,
  provider: OpenIdProvider["id"],
  state: string,
) {
  const [row] = await db
    .delete(googleSignInStates)
    .where(
      and(
        eq(googleSignInStates.id, hashState(state)),
        eq(googleSignInStates.provider, provider),
        gt(googleSignInStates.expiresAt, new Date()),
      ),
    )
    .returning({
      nonce: googleSignInStates.nonce,
      codeVerifier: googleSignInStates.codeVerifier,
      redirectUri: googleSignInStates.redirectUri,
      returnTo: googleSignInStates.returnTo,
    });
  return row ?? null;
}
