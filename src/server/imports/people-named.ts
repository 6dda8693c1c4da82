// The people an assignment file names: by username or by e-mail address, ignoring case, as the
// Assign dialogs' picker finds them. A username is unique and wins; an e-mail address names a
// person only when one user has it (addresses are not unique: two accounts of one person, a
// shared mailbox). The people found are locked FOR SHARE, as every gift locks its recipient
// (users/recipient-lock.ts), and their locked rows are the answer: a person deactivated or deleted
// meanwhile is seen as such.
import { sql } from "drizzle-orm";
import type { Executor } from "../db/client";
import { users } from "../db/schema";
import { lockRecipients, type Recipient } from "../users/recipient-lock";
import { nameKey, recordsNamed } from "./references";

/** The person a cell names, or the sentence saying why it names nobody, or several. */
export type PersonNamed = { person: Recipient } | { problem: string };

/** `header`: the file's column ('User'); `inactive`: the Assign route's refusal of such a person. */
export async function peopleNamed(
  db: Executor,
  names: readonly string[],
  words: { header: string; inactive: string },
): Promise<Map<string, PersonNamed>> {
  const found = await recordsNamed(names, async (keys) => {
    const rows = await db
      .select({ id: users.id, username: users.username, email: users.email })
      .from(users)
      .where(
        sql`lower(${users.username}) = any(${sql.param(keys)}::text[]) or lower(${users.email}) = any(${sql.param(keys)}::text[])`,
      );
    const wanted = new Set(keys);
    return rows.flatMap((row) => [
      ...(wanted.has(nameKey(row.username))
        ? [{ key: nameKey(row.username), id: row.id, byUsername: true }]
        : []),
      ...(row.email && wanted.has(nameKey(row.email))
        ? [{ key: nameKey(row.email), id: row.id, byUsername: false }]
        : []),
    ]);
  });
  const ids = [...found.values()].flatMap((matches) => matches.map((match) => match.id));
  const locked = await lockRecipients(db, ids);
  const answers = new Map<string, PersonNamed>();
  for (const name of names) {
    const key = nameKey(name);
    if (answers.has(key)) continue;
    const matches = found.get(key) ?? [];
    const byUsername = matches.filter((match) => match.byUsername);
    const candidates = (byUsername.length > 0 ? byUsername : matches)
      .map((match) => locked.get(match.id))
      .filter((person): person is Recipient => person !== undefined);
    answers.set(key, personOf(candidates, name.trim(), words));
  }
  return answers;
}

function personOf(
  candidates: Recipient[],
  shown: string,
  words: { header: string; inactive: string },
): PersonNamed {
  if (candidates.length === 0) {
    return {
      problem: `${words.header}: no user has the username or e-mail address '${shown}'. Add the person on the Users page first (or import them), or correct the cell.`,
    };
  }
  if (candidates.length > 1) {
    const usernames = candidates.map((person) => `'${person.username}'`).join(", ");
    return {
      problem: `${words.header}: ${candidates.length} users have the e-mail address '${shown}' (${usernames}), so the row cannot say which: give the username instead.`,
    };
  }
  const person = candidates[0]!;
  if (!person.isActive) {
    return { problem: `${words.header}: '${person.username}' is inactive. ${words.inactive}.` };
  }
  return { person };
}
