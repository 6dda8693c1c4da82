// Office account assignments from a file: each row an account by its e-mail address and a person
// by username or e-mail, with the Assign Office Account dialog's fields (Assigned To, Device
// Name, Assigned Date, Notes) and its rules. Assigned To left blank is the person's name, as the
// dialog fills it in. The route refuses an inactive person; nothing in it makes an assignment
// unique, but the same account given to the same person on the same device twice (active) is
// one assignment written twice (a file imported again, a row copied): that is the duplicate,
// refused in the file and against the data.
//
// Locks as the Assign route takes them (accounts/assignments-service.ts): the people FOR SHARE,
// then the accounts FOR UPDATE, each in id order, held in the commit's transaction until the
// rows are written (an account deleted meanwhile waits, or is found gone).
import { and, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { createAccountAssignmentRequestSchema } from "../../../domain/schemas/accounts";
import { optionalText } from "../../../domain/schemas/common";
import { ACCOUNT_HOLDER_INACTIVE } from "../../accounts/assignments-service";
import { bulkInsert } from "../../db/bulk-insert";
import type { Executor } from "../../db/client";
import { idIn } from "../../db/id-list";
import { accountAssignments, accounts } from "../../db/schema";
import { displayNameOf } from "../../users/user-response";
import { peopleNamed } from "../people-named";
import { nameKey, recordsNamed } from "../references";
import { defineImportArea, type Resolved, type RowContext } from "./area";
import { firstLines, namedCell } from "./assignment-rows";

/** The dialog's fields, with the account and the person named instead of picked. */
const accountAssignmentImportSchema = createAccountAssignmentRequestSchema
  .pick({ deviceName: true, assignedDate: true, notes: true })
  .extend({
    account: namedCell("Write the office account's e-mail address"),
    user: namedCell("Write the person's username or e-mail address"),
    // Blank: the person's name, as the dialog fills it in; the route's limit otherwise.
    assignedTo: optionalText(200),
  });
type AccountAssignmentRow = z.output<typeof accountAssignmentImportSchema>;

interface StoredAccountAssignment {
  accountId: number;
  userId: number;
  assignedTo: string;
  deviceName: string;
  assignedDate: string;
  notes: string | null;
}

const INACTIVE = ACCOUNT_HOLDER_INACTIVE;
const ALREADY_ASSIGNED = "This account is already assigned to this user on this device.";

/** Accounts by e-mail address (unique regardless of case), locked FOR UPDATE in id order. */
async function lockAccountsNamed(db: Executor, emails: readonly string[]) {
  const named = await recordsNamed(emails, async (keys) => {
    const rows = await db
      .select({ id: accounts.id, email: accounts.email })
      .from(accounts)
      .where(sql`lower(${accounts.email}) = any(${sql.param(keys)}::text[])`)
      .orderBy(accounts.id)
      .for("update");
    return rows.map((row) => ({ key: nameKey(row.email), ...row }));
  });
  return new Map([...named].map(([key, found]) => [key, found[0]]));
}

/** 'accountId:userId:device' of the active assignments of these accounts. */
async function activeAssignmentsOf(db: Executor, accountIds: number[]) {
  if (accountIds.length === 0) return new Set<string>();
  const rows = await db
    .select({
      accountId: accountAssignments.accountId,
      userId: accountAssignments.userId,
      deviceName: accountAssignments.deviceName,
    })
    .from(accountAssignments)
    .where(
      and(idIn(accountAssignments.accountId, accountIds), eq(accountAssignments.isActive, true)),
    );
  return new Set(rows.map((row) => keyOf(row.accountId, row.userId, row.deviceName ?? "")));
}

const keyOf = (accountId: number, userId: number | null, deviceName: string) =>
  `${accountId}:${userId}:${nameKey(deviceName)}`;

async function resolveAccountAssignments(
  db: Executor,
  rows: AccountAssignmentRow[],
  context: RowContext[],
): Promise<Resolved<StoredAccountAssignment>[]> {
  // The people before the accounts: the Assign route's lock order (users/recipient-lock.ts).
  const people = await peopleNamed(
    db,
    rows.map((row) => row.user),
    { header: "User", inactive: INACTIVE },
  );
  const accountsNamed = await lockAccountsNamed(
    db,
    rows.map((row) => row.account),
  );
  const held = await activeAssignmentsOf(db, [
    ...new Set([...accountsNamed.values()].flatMap((account) => (account ? [account.id] : []))),
  ]);

  const answers = rows.map((row) => {
    const problems: string[] = [];
    const account = accountsNamed.get(nameKey(row.account));
    if (!account) {
      problems.push(
        `Account: no office account has the e-mail address '${row.account}'. Add it on the MS Office Accounts page first (or import it), or correct the address.`,
      );
    }
    const who = people.get(nameKey(row.user))!;
    if ("problem" in who) problems.push(who.problem);
    const person = "person" in who ? who.person : undefined;
    const key = account && person ? keyOf(account.id, person.id, row.deviceName) : null;
    return { row, problems, account, person, key };
  });
  const firstLine = firstLines(context, (_row, index) => answers[index]!.key);

  return answers.map(({ row, problems, account, person, key }, index) => {
    if (key !== null) {
      const first = firstLine.get(key)!;
      if (first !== context[index]!.line) {
        problems.push(`Same account, user and device as line ${first}.`);
      }
      if (held.has(key)) problems.push(ALREADY_ASSIGNED);
    }
    if (problems.length > 0 || !account || !person) return { problems };
    return {
      row: {
        accountId: account.id,
        userId: person.id,
        assignedTo: row.assignedTo ?? displayNameOf(person),
        deviceName: row.deviceName,
        assignedDate: row.assignedDate,
        notes: row.notes ?? null,
      },
    };
  });
}

export const accountAssignmentImport = defineImportArea<
  AccountAssignmentRow,
  StoredAccountAssignment
>({
  area: "account-assignments",
  activityArea: "office_accounts",
  table: "account_assignments",
  schema: accountAssignmentImportSchema,
  // Duplicates are found by ids, once the names are resolved (a person may be written by
  // username on one line and by e-mail address on another).
  duplicate: {
    label: "account, user and device",
    keyOf: () => null,
    existing: async () => new Set(),
    existsMessage: ALREADY_ASSIGNED,
  },
  resolve: resolveAccountAssignments,
  insert: (tx, rows) =>
    bulkInsert(
      tx,
      accountAssignments,
      rows.map((row) => ({ ...row, isActive: true })),
    ),
});
