// Creating, listing and revoking SCIM tokens, and the deprovisioning policy. A token is made
// here, answered once and stored only as its SHA-256 (the hash personal API tokens use); every
// change is in the activity log, in its transaction.
import { desc, eq } from "drizzle-orm";
import type {
  CreatedScimTokenResponse,
  CreateScimTokenRequest,
  ScimSettings,
  ScimTokenResponse,
} from "../../domain/schemas/scim";
import { type ActivityActor, recordActivity } from "../activity/record";
import { hashToken } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { scimSettings, scimTokens } from "../db/schema";
import { notFound } from "../http/errors";
import { generateScimToken } from "./token-format";

const listed = {
  id: scimTokens.id,
  name: scimTokens.name,
  createdAt: scimTokens.createdAt,
  lastUsedAt: scimTokens.lastUsedAt,
};

const toResponse = (row: {
  id: number;
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}): ScimTokenResponse => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

export async function createScimToken(
  db: Db,
  request: CreateScimTokenRequest,
  actor: ActivityActor,
): Promise<CreatedScimTokenResponse> {
  const token = generateScimToken();
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(scimTokens)
      .values({ name: request.name, tokenHash: hashToken(token) })
      .returning(listed);
    await recordActivity(tx, actor, {
      action: "token_create",
      area: "scim",
      itemId: created!.id,
      itemLabel: created!.name,
    });
    return created!;
  });
  return { ...toResponse(row), token };
}

export async function listScimTokens(db: Db): Promise<ScimTokenResponse[]> {
  const rows = await db
    .select(listed)
    .from(scimTokens)
    .orderBy(desc(scimTokens.createdAt), desc(scimTokens.id));
  return rows.map(toResponse);
}

/** Deletes the token: refused from the next request on, on every instance (nothing is cached). */
export async function revokeScimToken(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(scimTokens)
      .where(eq(scimTokens.id, id))
      .returning({ id: scimTokens.id, name: scimTokens.name });
    if (!removed) throw notFound("SCIM token");
    await recordActivity(tx, actor, {
      action: "token_revoke",
      area: "scim",
      itemId: removed.id,
      itemLabel: removed.name,
    });
  });
}

/** The deprovisioning policy; 'hold' until an administrator chooses (nothing released unasked). */
export async function readScimSettings(db: Executor): Promise<ScimSettings> {
  const [row] = await db.select().from(scimSettings).where(eq(scimSettings.id, 1));
  return { deprovisionPolicy: row?.deprovisionPolicy ?? "hold" };
}

export async function writeScimSettings(db: Db, settings: ScimSettings, actor: ActivityActor) {
  return db.transaction(async (tx) => {
    const before = await readScimSettings(tx);
    await tx
      .insert(scimSettings)
      .values({ id: 1, deprovisionPolicy: settings.deprovisionPolicy })
      .onConflictDoUpdate({
        target: scimSettings.id,
        set: { deprovisionPolicy: settings.deprovisionPolicy, updatedAt: new Date() },
      });
    if (before.deprovisionPolicy !== settings.deprovisionPolicy) {
      await recordActivity(tx, actor, {
        action: "settings_change",
        area: "scim",
        itemId: null,
        itemLabel: "SCIM deprovisioning",
        changes: {
          deprovisionPolicy: {
            before: before.deprovisionPolicy,
            after: settings.deprovisionPolicy,
          },
        },
      });
    }
    return settings;
  });
}
