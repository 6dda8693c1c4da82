// Revealing an office account's password: opened only after its secret_reveal_logs row is
// written, in the same transaction (lib/secrets/reveal.ts), and only to someone who may see the
// account (404 otherwise, as for an account that does not exist).
import { and, eq } from "drizzle-orm";
import { actorOfViewer, recordActivity } from "../activity/record";
import type { Viewer } from "../auth/viewer";
import type { Db } from "../db/client";
import { accounts } from "../db/schema";
import { notFound } from "../http/errors";
import { recordSecretReveal, revealSecret, type Secrets } from "../lib/secrets";
import { accountVisibility } from "./access";

export async function revealAccountPassword(
  db: Db,
  secrets: Secrets,
  accountId: number,
  viewer: Viewer,
) {
  let email = "";
  const password = await revealSecret(db, secrets, {
    find: async (tx) => {
      const [row] = await tx
        .select({ ciphertext: accounts.passwordCiphertext, email: accounts.email })
        .from(accounts)
        .where(and(eq(accounts.id, accountId), accountVisibility(tx, viewer.session)))
        .limit(1);
      if (!row) throw notFound("Account");
      email = row.email;
      return row.ciphertext;
    },
    record: async (tx) => {
      await recordSecretReveal(tx, { type: "account", id: accountId }, viewer);
      await recordActivity(tx, actorOfViewer(viewer), {
        action: "reveal",
        area: "office_accounts",
        itemId: accountId,
        itemLabel: email,
        detail: { field: "password" },
      });
    },
  });
  return { password };
}
