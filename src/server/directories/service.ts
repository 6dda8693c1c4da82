// Directory listings: list (status filter, search, sort in SQL), create, update (a price change
// keeps its history), delete with undo (soft delete), and Record payment with its history.
import { and, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import { todayIso } from "../../domain/dates";
import { nextPaymentAfterPayment } from "../../domain/directories";
import {
  type CreateDirectoryRequest,
  type DirectoryHistoryResponse,
  type DirectoryListQuery,
  type DirectoryResponse,
  directoryCursors,
  NEXT_PAYMENT_DATE_MESSAGE,
  type RecordDirectoryPaymentRequest,
  type UpdateDirectoryRequest,
} from "../../domain/schemas/directories";
import { type ActivityActor, recordActivity } from "../activity/record";
import { loadCurrencyRates } from "../currency-rates/service";
import type { Db, Executor } from "../db/client";
import { directories, directoryPayments, directoryPriceChanges } from "../db/schema";
import { updateRow } from "../db/update-row";
import { badRequest, conflict, notFound } from "../http/errors";
import { selectKeysetPage } from "../lib/keyset";
import { matchingIds } from "../lib/text-search";
import { rateSql } from "../money/rates-sql";
import { amountMerge } from "./amount-merge";
import { directoryColumns, toDirectoryResponse } from "./directory-response";
import { directorySearchColumns, directorySort, directoryStatusCondition } from "./list-query";

const notDeleted = isNull(directories.deletedAt);

export async function listDirectories(db: Db, query: DirectoryListQuery) {
  const conditions: (SQL | undefined)[] = [notDeleted, directoryStatusCondition(query.status)];
  if (query.search) {
    conditions.push(matchingIds(directories.id, directorySearchColumns, query.search));
  }
  const where = and(...conditions);
  // Only the amount order converts: the rates are read for it alone. Its page is a merge of a
  // walk per currency (amount-merge.ts); a search has its matches sorted, few as they are.
  const rates = query.sort === "paymentAmount" ? await loadCurrencyRates(db) : undefined;
  const toUsd = rates && rateSql(rates, "USD");
  const merge = rates && !query.search ? await amountMerge(db, rates, "USD", query) : undefined;
  const page = await selectKeysetPage(db, {
    cursors: directoryCursors,
    sortName: query.sort,
    sort: directorySort(query.sort, toUsd),
    order: query.order,
    query,
    from: directories,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ directory: directoryColumns, cursor, total })
        .from(directories)
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.directory.id,
    narrow: merge && ((window) => merge(where, query.order, window)),
    statement: { list: "directories", shape: undefined, values: {} },
  });
  return {
    directories: page.rows.map((row) => toDirectoryResponse(row.directory)),
    total: page.total,
    cursors: page.cursors,
  };
}

async function findDirectory(db: Executor, id: number, options: { lock?: boolean } = {}) {
  const query = db
    .select(directoryColumns)
    .from(directories)
    .where(and(eq(directories.id, id), notDeleted))
    .limit(1);
  const [row] = options.lock ? await query.for("update") : await query;
  if (!row) throw notFound("Directory");
  return row;
}

/** One listing (not a deleted one), for a link to it (issue 15). */
export async function getDirectory(db: Db, id: number): Promise<DirectoryResponse> {
  return toDirectoryResponse(await findDirectory(db, id));
}

/** A listing change in the activity log (a listing holds no secret). */
const logDirectory = (
  tx: Executor,
  actor: ActivityActor,
  action: "create" | "update" | "delete" | "restore" | "pay",
  row: { id: number; name: string },
  extra: { changes?: ReturnType<typeof changesBetween>; detail?: Record<string, unknown> } = {},
) =>
  recordActivity(tx, actor, {
    action,
    area: "directories",
    itemId: row.id,
    itemLabel: row.name,
    ...extra,
  });

export async function createDirectory(
  db: Db,
  input: CreateDirectoryRequest,
  actor: ActivityActor,
): Promise<DirectoryResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(directories)
      .values({
        ...input,
        url: input.url ?? null,
        location: input.location ?? null,
        nextPaymentDate: input.nextPaymentDate ?? null,
        lastPaymentDate: input.lastPaymentDate ?? null,
        notes: input.notes ?? null,
      })
      .returning(directoryColumns);
    await logDirectory(tx, actor, "create", row!, { changes: changesBetween(null, row!) });
    return toDirectoryResponse(row!);
  });
}

/** Updates the fields given; a new amount or currency is written to the price history. */
export async function updateDirectory(
  db: Db,
  id: number,
  input: UpdateDirectoryRequest,
  userId: number,
  actor: ActivityActor,
): Promise<DirectoryResponse> {
  return db.transaction(async (tx) => {
    const current = await findDirectory(tx, id, { lock: true });
    const isOneTime = input.isOneTime ?? current.isOneTime;
    const nextPaymentDate =
      input.nextPaymentDate === undefined ? current.nextPaymentDate : input.nextPaymentDate;
    if (!isOneTime && !nextPaymentDate) {
      throw badRequest(NEXT_PAYMENT_DATE_MESSAGE, [
        { path: "nextPaymentDate", message: NEXT_PAYMENT_DATE_MESSAGE },
      ]);
    }
    const newAmount =
      input.paymentAmount === undefined ? current.paymentAmount : input.paymentAmount;
    const newCurrency = input.paymentCurrency ?? current.paymentCurrency;
    if (newAmount !== current.paymentAmount || newCurrency !== current.paymentCurrency) {
      await tx.insert(directoryPriceChanges).values({
        directoryId: id,
        previousAmount: current.paymentAmount,
        previousCurrency: current.paymentCurrency,
        newAmount,
        newCurrency,
        changedByUserId: userId,
      });
    }
    const row = await updateRow(
      tx,
      directories,
      eq(directories.id, id),
      current,
      input,
      directoryColumns,
    );
    const changes = changesBetween(current, row);
    if (changes) await logDirectory(tx, actor, "update", row, { changes });
    return toDirectoryResponse(row);
  });
}

/** Deletes a listing so that Undo can bring it back, with its history, for as long as it wants. */
export async function deleteDirectory(db: Db, id: number, actor: ActivityActor) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(directories)
      .set({ deletedAt: new Date() })
      .where(and(eq(directories.id, id), notDeleted))
      .returning({ id: directories.id, name: directories.name });
    if (!row) throw notFound("Directory");
    await logDirectory(tx, actor, "delete", row);
  });
}

export async function restoreDirectory(
  db: Db,
  id: number,
  actor: ActivityActor,
): Promise<DirectoryResponse> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(directories)
      .set({ deletedAt: null })
      .where(and(eq(directories.id, id), isNotNull(directories.deletedAt)))
      .returning(directoryColumns);
    if (!row) throw notFound("Deleted directory");
    await logDirectory(tx, actor, "restore", row);
    return toDirectoryResponse(row);
  });
}

export async function directoryHistory(
  db: Executor,
  id: number,
): Promise<DirectoryHistoryResponse> {
  await findDirectory(db, id);
  const payments = await db
    .select({
      id: directoryPayments.id,
      paidOn: directoryPayments.paidOn,
      amount: directoryPayments.amount,
      currency: directoryPayments.currency,
      recordedAt: directoryPayments.createdAt,
    })
    .from(directoryPayments)
    .where(eq(directoryPayments.directoryId, id))
    .orderBy(desc(directoryPayments.paidOn), desc(directoryPayments.id));
  const priceChanges = await db
    .select({
      id: directoryPriceChanges.id,
      changedAt: directoryPriceChanges.changedAt,
      previousAmount: directoryPriceChanges.previousAmount,
      previousCurrency: directoryPriceChanges.previousCurrency,
      newAmount: directoryPriceChanges.newAmount,
      newCurrency: directoryPriceChanges.newCurrency,
    })
    .from(directoryPriceChanges)
    .where(eq(directoryPriceChanges.directoryId, id))
    .orderBy(desc(directoryPriceChanges.changedAt), desc(directoryPriceChanges.id));
  return {
    payments: payments.map((row) => ({ ...row, recordedAt: row.recordedAt.toISOString() })),
    priceChanges: priceChanges.map((row) => ({ ...row, changedAt: row.changedAt.toISOString() })),
  };
}

/**
 * Records a payment: keeps a history row, sets the last payment date and moves the next one
 * forward by the frequency (a one-time listing is then paid and has none). Under a row lock, so
 * two payments recorded at once move the date twice, never once.
 */
export async function recordDirectoryPayment(
  db: Db,
  id: number,
  input: RecordDirectoryPaymentRequest,
  userId: number,
  actor: ActivityActor,
) {
  const directory = await db.transaction(async (tx) => {
    const current = await findDirectory(tx, id, { lock: true });
    if (current.isCancelled) {
      throw conflict("CONFLICT", "A cancelled listing takes no payments.");
    }
    if (current.isOneTime && current.nextPaymentDate === null && current.lastPaymentDate !== null) {
      throw conflict("CONFLICT", "This one-time listing has already been paid.");
    }
    const amount = input.amount ?? current.paymentAmount;
    if (amount === null) {
      throw badRequest("Enter the amount paid: the listing has no payment amount.", [
        { path: "amount", message: "Enter the amount paid" },
      ]);
    }
    const paidOn = input.paidOn ?? todayIso();
    const currency = input.currency ?? current.paymentCurrency;
    await tx.insert(directoryPayments).values({
      directoryId: id,
      paidOn,
      amount,
      currency,
      recordedByUserId: userId,
    });
    const [row] = await tx
      .update(directories)
      .set({ lastPaymentDate: paidOn, nextPaymentDate: nextPaymentAfterPayment(current, paidOn) })
      .where(eq(directories.id, id))
      .returning(directoryColumns);
    await logDirectory(tx, actor, "pay", row!, {
      changes: changesBetween(current, row!),
      detail: { paidOn, amount, currency },
    });
    return toDirectoryResponse(row!);
  });
  return { directory, history: await directoryHistory(db, id) };
}
