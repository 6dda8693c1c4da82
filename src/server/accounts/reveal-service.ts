// Revealing an office account's password: opened only after its secret_reveal_logs row is
// written, in the same transaction (lib/secrets/reveal.ts), and only to someone who may see the
// account (404 otherwise, as for an account that does not exist).
import { and, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts } from "../db/schema";
import { notFound } from "../http/errors";
import { recordSecretReveal, revealSecret, type Secrets, type Viewer } from "../lib/secrets";
import { accountVisibility } from "./access";

export async function revealAccountPassword(
  db: Db,
  secrets: Secrets,
  accountId: number,
  viewer: Viewer,
) {
  const password = await revealSecret(db, secrets, {
    find: async (tx) => {
      const [row] = await tx
        .select({ ciphertext: accounts.passwordCiphertext })
        .from(accounts)
        .where(and(eq(accounts.id, accountId), accountVisibility(tx, viewer.session)))
        .limit(1);
      if (!row) throw notFound("Account");
      return row.ciphertext;
    },
    record: (tx) => recordSecretReveal(tx, { type: "account", id: accountId }, viewer),
  });
  return { password };
}
