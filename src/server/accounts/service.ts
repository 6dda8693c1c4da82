// Office accounts: list (visibility, search, filters, sort), create, update, delete. Passwords
// are sealed with the secrets helper and never selected for a list (account-response.ts).
import { and, asc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { ACCOUNT_PROVIDERS } from "../../domain/enums";
import {
  ACCOUNT_PROVIDER_LABELS,
  type AccountListQuery,
  type AccountResponse,
  type AccountUser,
  accountCursors,
  type CreateAccountRequest,
  DUPLICATE_ACCOUNT_EMAIL_MESSAGE,
  type UpdateAccountRequest,
} from "../../domain/schemas/accounts";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import { idIn } from "../db/id-list";
import { accountAssignments, accounts } from "../db/schema";
import { updateRow } from "../db/update-row";
import { conflict, notFound } from "../http/errors";
import { type PageCursors, selectKeysetPage } from "../lib/keyset";
import type { Secrets } from "../lib/secrets";
import { containsPattern } from "../lib/text-search";
import { unusedOfficeAccountWhere } from "../licenses/unused-seats";
import { accountVisibility } from "./access";
import { accountChanges } from "./account-activity";
import { type AccountListRow, accountListColumns, toAccountResponse } from "./account-response";
import { accountSorts } from "./list-order";

const duplicateEmail = () =>
  conflict("DUPLICATE_EMAIL", DUPLICATE_ACCOUNT_EMAIL_MESSAGE, [
    { path: "email", message: DUPLICATE_ACCOUNT_EMAIL_MESSAGE },
  ]);

async function assertEmailFree(db: Executor, email: string, exceptId?: number) {
  const [existing] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      and(
        sql`lower(${accounts.email}) = lower(${email})`,
        exceptId === undefined ? undefined : sql`${accounts.id} <> ${exceptId}`,
      ),
    )
    .limit(1);
  if (existing) throw duplicateEmail();
}

export async function findAccount(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db.select().from(accounts).where(eq(accounts.id, id)).limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound("Account");
  return row;
}

/** One account as the list shows it (password masked), for a link to it (issue 15). */
export async function getAccount(db: Db, id: number): Promise<AccountResponse> {
  const row = await findAccount(db, id);
  const users = await activeUsersOf(db, [id]);
  return toAccountResponse(row, users.get(id) ?? []);
}

/** The active assignments of these accounts (all accounts when ids is omitted), by account. */
export async function activeUsersOf(db: Executor, ids?: number[]) {
  const byAccount = new Map<number, AccountUser[]>();
  if (ids && ids.length === 0) return byAccount;
  const rows = await db
    .select({
      accountId: accountAssignments.accountId,
      assignmentId: accountAssignments.id,
      userId: accountAssignments.userId,
      assignedTo: accountAssignments.assignedTo,
      deviceName: accountAssignments.deviceName,
    })
    .from(accountAssignments)
    .where(
      and(
        eq(accountAssignments.isActive, true),
        ids ? idIn(accountAssignments.accountId, ids) : undefined,
      ),
    )
    .orderBy(asc(accountAssignments.id));
  for (const { accountId, ...user } of rows) {
    const list = byAccount.get(accountId);
    if (list) list.push(user);
    else byAccount.set(accountId, [user]);
  }
  return byAccount;
}

async function withUsers(db: Executor, rows: AccountListRow[]): Promise<AccountResponse[]> {
  // A long list is cheaper to read whole than to name row by row (and PostgreSQL caps a
  // statement at 65,535 parameters).
  const users = await activeUsersOf(db, rows.length > 1000 ? undefined : rows.map((r) => r.id));
  return rows.map((row) => toAccountResponse(row, users.get(row.id) ?? []));
}

/** The providers whose value or label contains the search text ('micro' → microsoft365). */
const providersMatching = (search: string) => {
  const needle = search.toLowerCase();
  return ACCOUNT_PROVIDERS.filter(
    (provider) =>
      provider.includes(needle) || ACCOUNT_PROVIDER_LABELS[provider].toLowerCase().includes(needle),
  );
};

/**
 * Search: the e-mail, provider, payment method and details, and who or which device uses it. The
 * matches are one UNION of index-answered scans (trigram indexes, BitmapOr); the list keeps the
 * accounts whose id is in it. An OR of ILIKEs and a subquery beside them would read every account.
 */
function searchCondition(db: Executor, search: string): SQL {
  const pattern = containsPattern(search);
  const providers = providersMatching(search);
  const ownFields = db
    .select({ id: accounts.id })
    .from(accounts)
    .where(
      or(
        ilike(accounts.email, pattern),
        ilike(accounts.paymentMethod, pattern),
        ilike(accounts.paymentDetails, pattern),
        providers.length ? inArray(accounts.provider, providers) : undefined,
      ),
    );
  const users = db
    .select({ id: accountAssignments.accountId })
    .from(accountAssignments)
    .where(
      and(
        eq(accountAssignments.isActive, true),
        or(
          ilike(accountAssignments.assignedTo, pattern),
          ilike(accountAssignments.deviceName, pattern),
        ),
      ),
    );
  return inArray(accounts.id, unionAll(ownFields, users));
}

export interface AccountList {
  accounts: AccountResponse[];
  total: number | null;
  /** Where the page starts and ends (X-Prev-Cursor, X-Next-Cursor); null when empty. */
  cursors: PageCursors;
}

/**
 * The accounts the viewer may see (all for administrators, else those actively assigned to
 * them), filtered, searched and ordered in SQL; one page with its total when asked for.
 */
export async function listAccounts(
  db: Db,
  session: ActiveSession,
  query: AccountListQuery & {
    /** UNUSED_AFTER_DAYS (app.config.unusedAfterDays), for `unused`. */
    unusedAfterDays: number;
  },
): Promise<AccountList> {
  const where = and(
    accountVisibility(db, session),
    query.status ? eq(accounts.status, query.status) : undefined,
    query.provider ? eq(accounts.provider, query.provider) : undefined,
    query.search ? searchCondition(db, query.search) : undefined,
    // Suspended at the provider or not signed in for a while (issue 33), as Needs Attention counts:
    // administrators only (a shared account's sign-ins are no holder's to read).
    query.unused && session.user.role === "admin"
      ? unusedOfficeAccountWhere(query.unusedAfterDays)
      : undefined,
  );
  // A page by keyset (lib/keyset.ts): read from the sort's index at the cursor, at any depth.
  const page = await selectKeysetPage(db, {
    cursors: accountCursors,
    sortName: query.sort,
    sort: accountSorts[query.sort],
    order: query.order,
    query,
    from: accounts,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ account: accountListColumns, cursor, total })
        .from(accounts)
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.account.id,
    statement: { list: "accounts", shape: undefined, values: {} },
  });
  return {
    accounts: await withUsers(
      db,
      page.rows.map((row) => row.account),
    ),
    total: page.total,
    cursors: page.cursors,
  };
}

export async function createAccount(
  db: Db,
  secrets: Secrets,
  input: CreateAccountRequest,
  actor: ActivityActor,
) {
  const { password, ...fields } = input;
  await assertEmailFree(db, fields.email);
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(accounts)
        .values({
          ...fields,
          paymentMethod: fields.paymentMethod ?? null,
          paymentDetails: fields.paymentDetails ?? null,
          renewalDate: fields.renewalDate ?? null,
          paymentAmount: fields.paymentAmount ?? null,
          notes: fields.notes ?? null,
          passwordCiphertext: secrets.seal(password).ciphertext,
        })
        .returning();
      await recordActivity(tx, actor, {
        action: "create",
        area: "office_accounts",
        itemId: row!.id,
        itemLabel: row!.email,
        changes: accountChanges(null, row!),
      });
      return toAccountResponse(row!, []);
    });
  } catch (error) {
    // Two concurrent creates of one e-mail: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export async function updateAccount(
  db: Db,
  secrets: Secrets,
  id: number,
  input: UpdateAccountRequest,
  actor: ActivityActor,
) {
  const { password, ...fields } = input;
  try {
    return await db.transaction(async (tx) => {
      const before = await findAccount(tx, id, { lock: true });
      if (fields.email !== undefined) await assertEmailFree(tx, fields.email, id);
      const row = await updateRow(tx, accounts, eq(accounts.id, id), before, {
        ...fields,
        ...(password ? { passwordCiphertext: secrets.seal(password).ciphertext } : {}),
      });
      const changes = accountChanges(before, row);
      if (changes) {
        await recordActivity(tx, actor, {
          action: "update",
          area: "office_accounts",
          itemId: id,
          itemLabel: row.email,
          changes,
        });
      }
      const users = await activeUsersOf(tx, [id]);
      return toAccountResponse(row, users.get(id) ?? []);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

/** Deletes an account; its assignments go with it (ON DELETE CASCADE). */
export async function deleteAccount(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(accounts).where(eq(accounts.id, id)).returning();
    if (!deleted) throw notFound("Account");
    await recordActivity(tx, actor, {
      action: "delete",
      area: "office_accounts",
      itemId: id,
      itemLabel: deleted.email,
      changes: accountChanges(deleted, null),
    });
  });
}
