// Creating, listing and revoking personal API tokens. The token is generated here, returned once
// and stored only as its SHA-256; each change is in the activity log, in its transaction.
import { and, count, desc, eq, gt } from "drizzle-orm";
import {
  type ApiTokenResponse,
  type CreateApiTokenRequest,
  type CreatedApiTokenResponse,
  MAX_API_TOKENS_PER_USER,
} from "../../domain/schemas/api-tokens";
import { type ActivityActor, recordActivity } from "../activity/record";
import { hashToken } from "../auth/sessions";
import type { Db } from "../db/client";
import { apiTokens, users } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { generateApiToken } from "./token-format";

const DAY_MS = 24 * 60 * 60 * 1000;

type TokenRow = Pick<
  typeof apiTokens.$inferSelect,
  "id" | "name" | "userId" | "createdAt" | "expiresAt" | "lastUsedAt"
>;

const toResponse = (row: TokenRow, username: string): ApiTokenResponse => ({
  id: row.id,
  name: row.name,
  userId: row.userId,
  username,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

const listed = {
  id: apiTokens.id,
  name: apiTokens.name,
  userId: apiTokens.userId,
  createdAt: apiTokens.createdAt,
  expiresAt: apiTokens.expiresAt,
  lastUsedAt: apiTokens.lastUsedAt,
};

/** A token for `owner` (the administrator creating it), shown this once. */
export async function createApiToken(
  db: Db,
  owner: { id: number; username: string },
  request: CreateApiTokenRequest,
  actor: ActivityActor,
  now = new Date(),
): Promise<CreatedApiTokenResponse> {
  const token = generateApiToken();
  const expiresAt = new Date(now.getTime() + request.expiresInDays * DAY_MS);
  const row = await db.transaction(async (tx) => {
    // The owner's row is locked so two requests cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, owner.id)).for("update");
    const [live] = await tx
      .select({ n: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, owner.id), gt(apiTokens.expiresAt, now)));
    if ((live?.n ?? 0) >= MAX_API_TOKENS_PER_USER) {
      throw conflict(
        "API_TOKEN_LIMIT",
        `You already have ${MAX_API_TOKENS_PER_USER} live API tokens; revoke one first`,
      );
    }
    const [created] = await tx
      .insert(apiTokens)
      .values({ userId: owner.id, name: request.name, tokenHash: hashToken(token), expiresAt })
      .returning(listed);
    await recordActivity(tx, actor, {
      action: "token_create",
      area: "api_tokens",
      itemId: created!.id,
      itemLabel: created!.name,
      detail: { expiresAt: expiresAt.toISOString() },
    });
    return created!;
  });
  return { ...toResponse(row, owner.username), token };
}

/** Every token, newest first, with its owner: administrators see and may revoke any. */
export async function listApiTokens(db: Db): Promise<ApiTokenResponse[]> {
  const rows = await db
    .select({ ...listed, username: users.username })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  return rows.map((row) => toResponse(row, row.username));
}

/** Revokes (deletes) a token: refused from the next request on, on every instance. */
export async function revokeApiToken(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(apiTokens)
      .where(eq(apiTokens.id, id))
      .returning({ id: apiTokens.id, name: apiTokens.name, userId: apiTokens.userId });
    if (!removed) throw notFound("API token");
    await recordActivity(tx, actor, {
      action: "token_revoke",
      area: "api_tokens",
      itemId: removed.id,
      itemLabel: removed.name,
      detail: { ownerId: removed.userId },
    });
  });
}
