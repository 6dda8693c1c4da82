// Deprovisioning is offboarding (issue 32 item 3). When an identity provider deactivates someone
// (active false, or DELETE), the default policy an administrator chose decides what happens to
// what they hold: 'release' runs the offboarding (offboarding/service.ts) with every holding
// released; 'hold' deactivates them, ends their sessions, tokens and feed, and keeps what they
// hold for review (scim_held_offboardings, until an administrator finishes the offboarding).
import { eq } from "drizzle-orm";
import { recordActivity } from "../activity/record";
import { deleteUserSessions } from "../auth/sessions";
import type { Db } from "../db/client";
import { apiTokens, calendarFeeds, scimHeldOffboardings, users } from "../db/schema";
import { notFound } from "../http/errors";
import { offboardUser } from "../offboarding/service";
import { listHoldings } from "../users/holdings";
import { lockPersonLeaving } from "../users/recipient-lock";
import { assertAnotherActiveAdmin } from "../users/service";
import { type ScimCaller, scimActor, scimDetail } from "./caller";
import { readScimSettings } from "./tokens-service";

export async function deprovision(db: Db, userId: number, caller: ScimCaller) {
  const { deprovisionPolicy } = await readScimSettings(db);
  if (deprovisionPolicy === "release") {
    const person = (await db.select().from(users).where(eq(users.id, userId)))[0];
    if (!person) throw notFound("User");
    const held = await listHoldings(db, person);
    await offboardUser(
      db,
      userId,
      { decisions: held.map((item) => ({ kind: item.kind, id: item.id, action: "release" })) },
      { session: null, performerName: `SCIM (${caller.tokenName})`, actor: scimActor(caller) },
    );
    return;
  }
  await db.transaction(async (tx) => {
    const person = await lockPersonLeaving(tx, userId);
    if (!person) throw notFound("User");
    if (!person.isActive) return;
    if (person.role === "admin") await assertAnotherActiveAdmin(tx, person.id);
    await tx
      .update(users)
      .set({ isActive: false, updatedAt: new Date() })
      .where(eq(users.id, userId));
    await deleteUserSessions(tx, userId);
    // As an offboarding does: a token or feed that left with them must not wake on re-activation.
    await tx.delete(apiTokens).where(eq(apiTokens.userId, userId));
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.userId, userId));
    await tx.insert(scimHeldOffboardings).values({ userId }).onConflictDoNothing();
    await recordActivity(tx, scimActor(caller), {
      action: "update",
      area: "users",
      itemId: userId,
      itemLabel: person.username,
      changes: { isActive: { before: true, after: false } },
      detail: { ...scimDetail(caller), deprovision: "hold" },
    });
  });
}
