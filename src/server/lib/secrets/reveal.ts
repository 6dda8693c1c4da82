// Revealing a sealed secret: the clear text is produced only after the view is recorded (who,
// when, from which address, with which browser, in which session), in the same transaction, so
// no reveal goes unrecorded and a failed record reveals nothing.
import type { SecretEntityType } from "../../../domain/enums";
import type { Db, Executor } from "../../db/client";
import { secretRevealLogs } from "../../db/schema";
import type { Secrets } from "./index";

/**
 * What a reveal log records of who looked. The viewer a request makes (auth/viewer.ts viewerOf)
 * is one; the secrets helper needs only these fields, so it does not reach up into sign-in.
 */
export interface RevealViewer {
  session: { id: string; user: { id: number } };
  ipAddress: string | null;
  userAgent: string | null;
}

/** User agents are kept to this length in the logs. */
export const MAX_LOGGED_USER_AGENT = 512;

/**
 * Reveals one secret: `find` loads its ciphertext (and refuses a viewer who may not see it),
 * `record` writes the view to the area's log, then the secret is opened, all in one transaction.
 */
export async function revealSecret<Found extends string | null>(
  db: Db,
  secrets: Secrets,
  steps: {
    find(tx: Executor): Promise<Found>;
    record(tx: Executor): Promise<unknown>;
  },
): Promise<Found> {
  return db.transaction(async (tx) => {
    const ciphertext = await steps.find(tx);
    // No secret stored (an office account a workspace sync found, issue 33): nothing is opened,
    // so nothing is logged, as for a G Suite account without a password.
    if (ciphertext === null) return null as Found;
    await steps.record(tx);
    return secrets.open(ciphertext) as Found;
  });
}

/** The log of reveals of secrets other than license keys (office and G Suite passwords). */
export async function recordSecretReveal(
  tx: Executor,
  entity: { type: SecretEntityType; id: number },
  viewer: RevealViewer,
) {
  const [row] = await tx
    .insert(secretRevealLogs)
    .values({
      entityType: entity.type,
      entityId: entity.id,
      userId: viewer.session.user.id,
      ipAddress: viewer.ipAddress,
      userAgent: viewer.userAgent?.slice(0, MAX_LOGGED_USER_AGENT) ?? null,
      sessionId: viewer.session.id,
    })
    .returning();
  return row!;
}
