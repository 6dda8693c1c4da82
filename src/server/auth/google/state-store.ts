// The server-side half of a Google sign-in under way. The browser holds only the random state (in
// the URL to Google and back, and in an HttpOnly cookie that binds it to this browser); the nonce
// and the PKCE verifier stay here, under the state's SHA-256. The callback consumes the row in one
// statement, so a state works once, and only before it expires.
import { createHash } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Executor } from "../../db/client";
import { googleSignInStates } from "../../db/schema";

/** Time to choose an account and consent at Google. */
export const GOOGLE_STATE_TTL_MS = 10 * 60_000;

const hashState = (state: string) => createHash("sha256").update(state).digest("hex");

export async function saveSignInState(
  db: Executor,
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
    nonce: pending.nonce,
    codeVerifier: pending.codeVerifier,
    redirectUri: pending.redirectUri,
    returnTo: pending.returnTo,
    expiresAt: new Date(Date.now() + GOOGLE_STATE_TTL_MS),
  });
}

/** Deletes and returns the state's row when it exists and has not expired; null otherwise. */
export async function consumeSignInState(db: Executor, state: string) {
  const [row] = await db
    .delete(googleSignInStates)
    .where(
      and(
        eq(googleSignInStates.id, hashState(state)),
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
