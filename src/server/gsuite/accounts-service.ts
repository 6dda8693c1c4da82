// G Suite accounts: list (search, filters, paging in SQL), create, partial update, delete, and the
// logged reveal of passwords. A password is stored only sealed (server/lib/secrets); lists say
// whether there is one, never what it is. Every change and reveal is recorded in the activity log
// (area gsuite) in its own transaction.
import { and, eq, isNull, type SQL, sql } from "drizzle-orm";
import { isOnDomain } from "../../domain/gsuite";
import {
  type CreateGsuiteAccountRequest,
  type GsuiteAccountListQuery,
  gsuiteAccountCursors,
  type UpdateGsuiteAccountRequest,
} from "../../domain/schemas/gsuite";
import { type ActivityActor, actorOfViewer, recordActivity } from "../activity/record";
import type { Viewer } from "../auth/viewer";
import type { Db, Executor } from "../db/client";
import { isUniqueViolation } from "../db/driver-errors";
import { idIn } from "../db/id-list";
import { gsuiteAccounts, gsuiteOrganizations, users } from "../db/schema";
import { updateRow } from "../db/update-row";
import { badRequest, conflict, notFound } from "../http/errors";
import { keysetOrder, keysetSort, selectKeysetPage } from "../lib/keyset";
import { recordSecretReveal, type Secrets } from "../lib/secrets";
import { anyColumnContains } from "../lib/text-search";
import { unusedWhere } from "../licenses/unused-seats";
import { type AssignmentMail, queueHolderChange } from "../mail/assignment-mail";
import { lockActiveRecipient } from "../users/recipient-lock";
import { displayNameOf } from "../users/user-response";
import { accountColumns, toAccountResponse } from "./account-response";
import { accountEditAction, gsuiteAccountChanges } from "./gsuite-activity";
import {
  findDefaultOrganization,
  findOrganization,
  findOrganizationByDomain,
} from "./organizations-service";
import { findPlan, findPlanByName } from "./plans-service";

export const DUPLICATE_EMAIL = "An account with this email already exists";
export const duplicateEmail = () =>
  conflict("DUPLICATE_EMAIL", DUPLICATE_EMAIL, [{ path: "email", message: DUPLICATE_EMAIL }]);

const lowerEmail = sql`lower(${gsuiteAccounts.email})`;

/**
 * The list's sorts (keys in domain/schemas/gsuite.ts): each key, then e-mail, then id, all in
 * the chosen direction; accounts without an organization name last either way (decision 0042).
 */
export const gsuiteAccountSorts = {
  email: keysetSort(gsuiteAccountCursors, "email", [lowerEmail], gsuiteAccounts.id),
  organization: keysetSort(
    gsuiteAccountCursors,
    "organization",
    [gsuiteAccounts.organization, lowerEmail],
    gsuiteAccounts.id,
  ),
  planType: keysetSort(
    gsuiteAccountCursors,
    "planType",
    [gsuiteAccounts.planType, lowerEmail],
    gsuiteAccounts.id,
  ),
  createdAt: keysetSort(
    gsuiteAccountCursors,
    "createdAt",
    [gsuiteAccounts.createdAt],
    gsuiteAccounts.id,
  ),
};

export const listOrder = (query: Pick<GsuiteAccountListQuery, "sort" | "order">): SQL[] =>
  keysetOrder(gsuiteAccountSorts[query.sort], query.order);

/** What the list's search looks in; each column has a trigram index (list-indexes.test.ts). */
export const gsuiteAccountSearchColumns = [
  gsuiteAccounts.email,
  gsuiteAccounts.organization,
  gsuiteAccounts.planType,
];

/**
 * Accounts searched over email, organization and plan type (case-insensitive substring), filtered
 * by organization, holder or 'nobody', ordered and paged in SQL.
 */
export async function listAccounts(
  db: Db,
  query: GsuiteAccountListQuery & {
    /** UNUSED_AFTER_DAYS (app.config.unusedAfterDays), for `unused`. */
    unusedAfterDays: number;
  },
) {
  const where = and(
    query.search ? anyColumnContains(gsuiteAccountSearchColumns, query.search) : undefined,
    query.organizationId === undefined
      ? undefined
      : eq(gsuiteAccounts.organizationId, query.organizationId),
    query.assignedToUserId === undefined
      ? undefined
      : eq(gsuiteAccounts.assignedToUserId, query.assignedToUserId),
    query.unassigned ? isNull(gsuiteAccounts.assignedToUserId) : undefined,
    // Suspended at Google or not signed in for a while (issue 33).
    query.unused ? unusedWhere(gsuiteAccounts, query.unusedAfterDays) : undefined,
  );
  // A page by keyset (lib/keyset.ts): its rows from gsuite_accounts alone, read from the sort's
  // index at the cursor, and the holders' names for just those rows after.
  const { assignedToName: _name, ...pageColumns } = accountColumns;
  const page = await selectKeysetPage(db, {
    cursors: gsuiteAccountCursors,
    sortName: query.sort,
    sort: gsuiteAccountSorts[query.sort],
    order: query.order,
    query,
    from: gsuiteAccounts,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ account: pageColumns, cursor, total })
        .from(gsuiteAccounts)
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.account.id,
    statement: { list: "gsuite_accounts", shape: undefined, values: {} },
  });
  const holderIds = [...new Set(page.rows.flatMap((row) => row.account.assignedToUserId ?? []))];
  const holders =
    holderIds.length === 0
      ? []
      : await db
          .select({ id: users.id, fullName: users.fullName, username: users.username })
          .from(users)
          .where(idIn(users.id, holderIds));
  const nameOf = new Map(holders.map((holder) => [holder.id, displayNameOf(holder)]));
  return {
    accounts: page.rows.map((row) =>
      toAccountResponse(
        {
          ...row.account,
          assignedToName:
            row.account.assignedToUserId === null
              ? null
              : (nameOf.get(row.account.assignedToUserId) ?? null),
        },
        query.unusedAfterDays,
      ),
    ),
    total: page.total,
    cursors: page.cursors,
  };
}

/** `unusedAfterDays`: UNUSED_AFTER_DAYS (app.config.unusedAfterDays), for `unused`. */
export async function getAccount(db: Executor, id: number, unusedAfterDays: number) {
  const [row] = await db
    .select(accountColumns)
    .from(gsuiteAccounts)
    .leftJoin(users, eq(users.id, gsuiteAccounts.assignedToUserId))
    .where(eq(gsuiteAccounts.id, id))
    .limit(1);
  if (!row) throw notFound("G Suite account");
  return toAccountResponse(row, unusedAfterDays);
}

async function lockAccount(tx: Executor, id: number) {
  const [row] = await tx
    .select()
    .from(gsuiteAccounts)
    .where(eq(gsuiteAccounts.id, id))
    .limit(1)
    .for("update");
  if (!row) throw notFound("G Suite account");
  return row;
}

const unknownOrganization = () =>
  badRequest("Organization must be one of the organizations", [
    { path: "organization", message: "Organization must be one of the organizations" },
  ]);

/** The organization a write names (by id, then by domain), or the default one. */
async function resolveOrganization(
  tx: Executor,
  input: { organizationId?: number | undefined; organization?: string | undefined },
  fallback?: number | null,
) {
  if (input.organizationId !== undefined) {
    const [row] = await tx
      .select()
      .from(gsuiteOrganizations)
      .where(eq(gsuiteOrganizations.id, input.organizationId))
      .limit(1);
    if (!row) throw unknownOrganization();
    return row;
  }
  if (input.organization !== undefined) {
    const row = await findOrganizationByDomain(tx, input.organization);
    if (!row) throw unknownOrganization();
    return row;
  }
  if (fallback) return findOrganization(tx, fallback);
  const row = await findDefaultOrganization(tx);
  if (!row) {
    throw badRequest("Add an organization first", [
      { path: "organization", message: "Add an organization first" },
    ]);
  }
  return row;
}

/** The plan a write names: by id (its name becomes the plan type) or by name (id if one matches). */
async function resolvePlan(
  tx: Executor,
  input: { planId?: number | undefined; planType?: string | undefined },
) {
  if (input.planId !== undefined) {
    const plan = await findPlan(tx, input.planId).catch(() => {
      throw badRequest("Plan not found", [{ path: "planType", message: "Plan not found" }]);
    });
    return { planId: plan.id, planType: plan.name };
  }
  if (input.planType !== undefined) {
    const plan = await findPlanByName(tx, input.planType);
    return { planId: plan?.id ?? null, planType: plan?.name ?? input.planType };
  }
  return undefined;
}

/** Every account's address is on its organization's domain (the form's and the import's rule). */
export const offDomainMessage = (domain: string) =>
  `Email must be on the organization's domain (${domain})`;

function assertEmailOnDomain(email: string, domain: string) {
  if (!isOnDomain(email, domain)) {
    const message = offDomainMessage(domain);
    throw badRequest(message, [{ path: "email", message }]);
  }
}

/**
 * The person an account is handed to: they exist and are active, their row locked until the
 * commit (users/recipient-lock.ts). An edit that leaves the account with the holder it has gives
 * nothing, so an account kept by someone who has since left can still be edited.
 */
async function lockNewHolder(
  tx: Executor,
  userId: number | null | undefined,
  holder: number | null = null,
) {
  if (userId === null || userId === undefined || userId === holder) return;
  await lockActiveRecipient(tx, userId, {
    inactive: "Accounts cannot be assigned to an inactive user",
    path: "assignedToUserId",
    missing: () =>
      badRequest("User not found", [{ path: "assignedToUserId", message: "User not found" }]),
  });
}

async function assertEmailFree(tx: Executor, email: string, exceptId?: number) {
  const [row] = await tx
    .select({ id: gsuiteAccounts.id })
    .from(gsuiteAccounts)
    .where(sql`lower(${gsuiteAccounts.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (row && row.id !== exceptId) throw duplicateEmail();
}

/** The people an account was taken from and given to hear of it (assignment-mail.ts). */
const tellHolders = (
  tx: Executor,
  mail: AssignmentMail,
  email: string,
  holders: { from: number | null; to: number | null },
) => queueHolderChange(tx, mail, { kind: "gsuite_account", name: email }, holders);

/** A new account's fields once its organization and plan are found. */
export type NewAccount = Omit<
  CreateGsuiteAccountRequest,
  "organization" | "organizationId" | "planType" | "planId" | "assignedToUserId"
> & {
  organization: string;
  organizationId: number;
  planType: string;
  planId: number | null;
  assignedToUserId: number | null;
};

/** A new account's row, its password sealed: the Add Account form and the import write the same. */
export const newAccountValues = (secrets: Secrets, account: NewAccount) => ({
  email: account.email,
  passwordCiphertext: account.password ? secrets.seal(account.password).ciphertext : null,
  organization: account.organization,
  organizationId: account.organizationId,
  planType: account.planType,
  planId: account.planId,
  price: account.price,
  paymentCurrency: account.paymentCurrency,
  paymentFrequency: account.paymentFrequency,
  assignedToUserId: account.assignedToUserId,
  notes: account.notes ?? null,
  status: account.status,
});

export async function createAccount(
  db: Db,
  secrets: Secrets,
  input: CreateGsuiteAccountRequest,
  actor: ActivityActor,
  unusedAfterDays: number,
  mail: AssignmentMail = null,
) {
  try {
    return await db.transaction(async (tx) => {
      const organization = await resolveOrganization(tx, input);
      assertEmailOnDomain(input.email, organization.domain);
      const plan = (await resolvePlan(tx, input))!;
      await lockNewHolder(tx, input.assignedToUserId);
      await assertEmailFree(tx, input.email);
      const [row] = await tx
        .insert(gsuiteAccounts)
        .values(
          newAccountValues(secrets, {
            ...input,
            organization: organization.domain,
            organizationId: organization.id,
            planType: plan.planType,
            planId: plan.planId,
            assignedToUserId: input.assignedToUserId ?? null,
          }),
        )
        .returning();
      await recordActivity(tx, actor, {
        action: "create",
        area: "gsuite",
        itemId: row!.id,
        itemLabel: row!.email,
        changes: gsuiteAccountChanges(null, row!),
      });
      await tellHolders(tx, mail, input.email, { from: null, to: input.assignedToUserId ?? null });
      return getAccount(tx, row!.id, unusedAfterDays);
    });
  } catch (error) {
    // Two concurrent creates of one address: the unique index decides, the loser gets the 409.
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export async function updateAccount(
  db: Db,
  secrets: Secrets,
  id: number,
  input: UpdateGsuiteAccountRequest,
  actor: ActivityActor,
  unusedAfterDays: number,
  mail: AssignmentMail = null,
) {
  try {
    return await db.transaction(async (tx) => {
      const current = await lockAccount(tx, id);
      const organizationNamed =
        input.organizationId !== undefined || input.organization !== undefined;
      const organization =
        organizationNamed || input.email !== undefined
          ? await resolveOrganization(tx, input, current.organizationId)
          : undefined;
      const email = input.email ?? current.email;
      if (organization) assertEmailOnDomain(email, organization.domain);
      if (input.email !== undefined) await assertEmailFree(tx, input.email, id);
      const plan = await resolvePlan(tx, input);
      await lockNewHolder(tx, input.assignedToUserId, current.assignedToUserId);
      const row = await updateRow(tx, gsuiteAccounts, eq(gsuiteAccounts.id, id), current, {
        email: input.email,
        passwordCiphertext: input.password ? secrets.seal(input.password).ciphertext : undefined,
        ...(organization
          ? { organization: organization.domain, organizationId: organization.id }
          : {}),
        ...plan,
        price: input.price,
        paymentCurrency: input.paymentCurrency,
        paymentFrequency: input.paymentFrequency,
        assignedToUserId: input.assignedToUserId,
        status: input.status,
        notes: input.notes,
      });
      // An edit that sets every field to what it was changes nothing, and records nothing.
      const changes = gsuiteAccountChanges(current, row);
      if (changes) {
        await recordActivity(tx, actor, {
          action: accountEditAction(current, row),
          area: "gsuite",
          itemId: id,
          itemLabel: row.email,
          changes,
        });
      }
      if (input.assignedToUserId !== undefined) {
        await tellHolders(tx, mail, email, {
          from: current.assignedToUserId,
          to: input.assignedToUserId,
        });
      }
      return getAccount(tx, id, unusedAfterDays);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateEmail();
    throw error;
  }
}

export async function deleteAccount(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const [deleted] = await tx.delete(gsuiteAccounts).where(eq(gsuiteAccounts.id, id)).returning();
    if (!deleted) throw notFound("G Suite account");
    await recordActivity(tx, actor, {
      action: "delete",
      area: "gsuite",
      itemId: id,
      itemLabel: deleted.email,
      changes: gsuiteAccountChanges(deleted, null),
    });
  });
}

/**
 * Show Passwords: the passwords of these accounts, each view written to secret_reveal_logs (who,
 * when, address, browser, session) and to the activity log in the same transaction before
 * anything is opened. Accounts without a password answer null and are not logged; an unknown id
 * is a 404 for the whole call.
 */
export async function revealPasswords(db: Db, secrets: Secrets, ids: number[], viewer: Viewer) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({
        id: gsuiteAccounts.id,
        email: gsuiteAccounts.email,
        ciphertext: gsuiteAccounts.passwordCiphertext,
      })
      .from(gsuiteAccounts)
      .where(idIn(gsuiteAccounts.id, ids));
    if (rows.length !== ids.length) throw notFound("G Suite account");
    const byId = new Map(rows.map((row) => [row.id, row]));
    const answer: { id: number; password: string | null }[] = [];
    for (const id of ids) {
      const { email, ciphertext } = byId.get(id)!;
      if (ciphertext !== null) {
        await recordSecretReveal(tx, { type: "gsuite_account", id }, viewer);
        await recordActivity(tx, actorOfViewer(viewer), {
          action: "reveal",
          area: "gsuite",
          itemId: id,
          itemLabel: email,
          detail: { field: "password" },
        });
      }
      answer.push({ id, password: ciphertext === null ? null : secrets.open(ciphertext) });
    }
    return answer;
  });
}
