// A SCIM request's bearer token, looked up on every request (nothing cached: a revoked token is
// refused from the next request, on every instance). Only `Authorization: Bearer` is read
// (http/bearer.ts). last_used_at is written at most once a minute.
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { hashToken } from "../auth/sessions";
import type { Db } from "../db/client";
import { scimTokens } from "../db/schema";
import { bearerTokenOf } from "../http/bearer";
import type { ScimCaller } from "./caller";
import { ScimError } from "./errors";
import { isWellFormedScimToken } from "./token-format";

const TOUCH_INTERVAL_MS = 60_000;

export function createScimAuthenticator(db: Db) {
  return async (request: FastifyRequest): Promise<ScimCaller> => {
    const token = bearerTokenOf(request);
    if (!token || !isWellFormedScimToken(token)) {
      throw new ScimError(401, "A valid SCIM bearer token is required");
    }
    const [row] = await db
      .select()
      .from(scimTokens)
      .where(eq(scimTokens.tokenHash, hashToken(token)))
      .limit(1);
    if (!row) throw new ScimError(401, "A valid SCIM bearer token is required");
    const now = Date.now();
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= TOUCH_INTERVAL_MS) {
      await db
        .update(scimTokens)
        .set({ lastUsedAt: sql`greatest(${scimTokens.lastUsedAt}, ${new Date(now)})` })
        .where(eq(scimTokens.id, row.id));
    }
    return {
      tokenId: row.id,
      tokenName: row.name,
      ipAddress: request.ip ?? null,
      userAgent: request.headers["user-agent"] ?? null,
    };
  };
}
