// Who a Bearer token acts as, read on every request with one prepared statement: the token row
// joined to its owner. Nothing is cached, so revoking a token, deactivating, demoting or deleting
// its owner holds from the next request on every instance, and the role is always the owner's
// current one. No session row is created; the request's `auth` carries a pseudo session id
// `api-token:<id>`, which is what the reveal logs record as the session of a token's reveal.
import { eq, sql } from "drizzle-orm";
import type { ActiveSession } from "../auth/sessions";
import { hashToken } from "../auth/sessions";
import { viewerColumns } from "../auth/viewer-columns";
import type { Db } from "../db/client";
import { apiTokens, users } from "../db/schema";
import { isWellFormedApiToken } from "./token-format";

/** lastUsedAt is written at most this often per token (it is shown to the day and hour). */
const TOUCH_INTERVAL_MS = 60_000;

export const tokenSessionId = (tokenId: number) => `api-token:${tokenId}`;

export interface TokenAuthenticator {
  /** The owner's session for a live token, or null (unknown, expired, revoked, owner inactive). */
  authenticate(token: string): Promise<ActiveSession | null>;
}

export function createTokenAuthenticator(db: Db, clock: () => number = Date.now) {
  const lookup = db
    .select({
      id: apiTokens.id,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      ...viewerColumns,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder("hash")))
    .limit(1)
    .prepare("qm_api_token_lookup");
  const touch = db
    .update(apiTokens)
    .set({ lastUsedAt: sql`greatest(${apiTokens.lastUsedAt}, ${sql.placeholder("at")})` })
    .where(eq(apiTokens.id, sql.placeholder("id")))
    .prepare("qm_api_token_touch");

  return {
    async authenticate(token: string): Promise<ActiveSession | null> {
      if (!isWellFormedApiToken(token)) return null;
      const [row] = await lookup.execute({ hash: hashToken(token) });
      const now = clock();
      if (!row?.user.isActive || row.expiresAt.getTime() <= now) return null;
      if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
        // greatest() skips a null, so the first use is written too; never moves it back.
        await touch.execute({ id: row.id, at: new Date(now) });
      }
      const { isActive: _isActive, ...user } = row.user;
      return {
        id: tokenSessionId(row.id),
        user,
        profile: { hasGoogle: row.hasGoogle, hasOidc: row.hasOidc, createdAt: row.createdAt },
        via: "token",
      };
    },
  } satisfies TokenAuthenticator;
}
