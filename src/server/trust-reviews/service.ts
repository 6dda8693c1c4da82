// Trust reviews (client license assignments): list (tabs and search in SQL), create, edit,
// approval decisions (pending only, by the signed-in administrator) and activation. Every write
// is recorded in the activity log in its own transaction (decision 0021).
import { and, eq, type SQL } from "drizzle-orm";
import { changesBetween } from "../../domain/activity";
import { todayIso } from "../../domain/dates";
import {
  type CreateTrustReviewRequest,
  type TrustReviewApprovalRequest,
  type TrustReviewListQuery,
  type TrustReviewResponse,
  type TrustReviewStatusRequest,
  trustReviewCursors,
  type UpdateTrustReviewRequest,
} from "../../domain/schemas/trust-reviews";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { ActiveSession } from "../auth/sessions";
import type { Db, Executor } from "../db/client";
import { licenses, trustReviews } from "../db/schema";
import { updateRow } from "../db/update-row";
import { AppError, conflict, notFound } from "../http/errors";
import { selectKeysetPage } from "../lib/keyset";
import { anyColumnContains } from "../lib/text-search";
import { trustReviewSorts, trustReviewStatusCondition } from "./list-query";

const reviewColumns = {
  review: {
    id: trustReviews.id,
    licenseId: trustReviews.licenseId,
    clientName: trustReviews.clientName,
    domain: trustReviews.domain,
    assignedDate: trustReviews.assignedDate,
    paymentStatus: trustReviews.paymentStatus,
    clientPaymentAmount: trustReviews.clientPaymentAmount,
    clientPaymentCurrency: trustReviews.clientPaymentCurrency,
    paymentFrequency: trustReviews.paymentFrequency,
    lastPaymentDate: trustReviews.lastPaymentDate,
    nextPaymentDate: trustReviews.nextPaymentDate,
    isActive: trustReviews.isActive,
    cancellationRequestDate: trustReviews.cancellationRequestDate,
    cancellationReason: trustReviews.cancellationReason,
    approvalStatus: trustReviews.approvalStatus,
    approvedBy: trustReviews.approvedBy,
    notes: trustReviews.notes,
    createdAt: trustReviews.createdAt,
    updatedAt: trustReviews.updatedAt,
  },
  license: {
    id: licenses.id,
    name: licenses.name,
    totalSeats: licenses.totalSeats,
    paymentAmount: licenses.paymentAmount,
    paymentFrequency: licenses.paymentFrequency,
    paymentCurrency: licenses.paymentCurrency,
  },
};

type ReviewRow = {
  review: { [K in keyof typeof reviewColumns.review]: (typeof trustReviews.$inferSelect)[K] };
  license: { [K in keyof typeof reviewColumns.license]: (typeof licenses.$inferSelect)[K] };
};

function toResponse({ review, license }: ReviewRow): TrustReviewResponse {
  return {
    ...review,
    license,
    createdAt: review.createdAt.toISOString(),
    updatedAt: review.updatedAt.toISOString(),
  };
}

/** What the list's search looks in; each column has a trigram index (list-indexes.test.ts). */
export const trustReviewSearchColumns = [
  trustReviews.clientName,
  trustReviews.domain,
  trustReviews.notes,
];

export async function listTrustReviews(db: Db, query: TrustReviewListQuery) {
  const conditions: (SQL | undefined)[] = [trustReviewStatusCondition(query.status)];
  // Client name, the Domain field, and domains written in the notes.
  if (query.search) {
    conditions.push(anyColumnContains(trustReviewSearchColumns, query.search));
  }
  const where = and(...conditions);
  // A page by keyset (lib/keyset.ts), read from the sort's index at the cursor; only the page's
  // rows are joined to their licenses.
  const page = await selectKeysetPage(db, {
    cursors: trustReviewCursors,
    sortName: query.sort,
    sort: trustReviewSorts[query.sort],
    order: query.order,
    query,
    from: trustReviews,
    where,
    bounds: query,
    select: (total, cursor, window) =>
      db
        .select({ ...reviewColumns, cursor, total })
        .from(trustReviews)
        .innerJoin(licenses, eq(licenses.id, trustReviews.licenseId))
        .where(window.where)
        .orderBy(...window.orderBy)
        .$dynamic(),
    idOf: (row) => row.review.id,
    statement: { list: "trust_reviews", shape: undefined, values: {} },
  });
  return { reviews: page.rows.map(toResponse), total: page.total, cursors: page.cursors };
}

export async function findTrustReview(db: Executor, id: number) {
  const [row] = await db
    .select(reviewColumns)
    .from(trustReviews)
    .innerJoin(licenses, eq(licenses.id, trustReviews.licenseId))
    .where(eq(trustReviews.id, id))
    .limit(1);
  if (!row) throw notFound("Client license assignment");
  return toResponse(row);
}

const licenseMissing = () =>
  new AppError(400, "VALIDATION_FAILED", "Please select a license", [
    { path: "licenseId", message: "Please select a license" },
  ]);

async function assertLicense(db: Executor, licenseId: number | undefined) {
  if (licenseId === undefined) return;
  const [row] = await db
    .select({ id: licenses.id })
    .from(licenses)
    .where(eq(licenses.id, licenseId));
  if (!row) throw licenseMissing();
}

type TrustReviewRow = typeof trustReviews.$inferSelect;

/** The row as stored, locked until the transaction ends: what a change is compared against. */
async function lockTrustReview(tx: Executor, id: number): Promise<TrustReviewRow> {
  const [row] = await tx.select().from(trustReviews).where(eq(trustReviews.id, id)).for("update");
  if (!row) throw notFound("Client license assignment");
  return row;
}

/**
 * A client assignment's change in the activity log (an assignment holds no secret). An edit that
 * left every field as it was (a form saved unchanged, an active assignment activated again) is
 * not a change and is not recorded, as in the other areas.
 */
async function logTrustReview(
  tx: Executor,
  actor: ActivityActor,
  action: "create" | "update" | "approve" | "reject",
  before: TrustReviewRow | null,
  after: TrustReviewRow,
) {
  const changes = changesBetween(before, after);
  if (!changes) return;
  await recordActivity(tx, actor, {
    action,
    area: "trust_reviews",
    itemId: after.id,
    itemLabel: after.clientName,
    changes,
  });
}

/** Who decided: the approval is recorded under the administrator's own username. */
const decidedBy = (status: string, username: string | null) =>
  status === "pending" ? null : username;

/**
 * The row a new assignment is stored as (the form's create and the import's): an inactive one
 * keeps its cancellation (dated today unless given), an active one none; a decided approval names
 * the administrator who saved it.
 */
export const newTrustReviewValues = (
  input: CreateTrustReviewRequest,
  username: string | null,
): typeof trustReviews.$inferInsert => ({
  ...input,
  assignedDate: input.assignedDate as string,
  domain: input.domain ?? null,
  clientPaymentAmount: input.clientPaymentAmount ?? null,
  lastPaymentDate: input.lastPaymentDate ?? null,
  nextPaymentDate: input.nextPaymentDate ?? null,
  cancellationRequestDate: input.isActive ? null : (input.cancellationRequestDate ?? todayIso()),
  cancellationReason: input.isActive ? null : (input.cancellationReason ?? null),
  notes: input.notes ?? null,
  approvedBy: decidedBy(input.approvalStatus, username),
});

export async function createTrustReview(
  db: Db,
  input: CreateTrustReviewRequest,
  session: ActiveSession,
  actor: ActivityActor,
): Promise<TrustReviewResponse> {
  const id = await db.transaction(async (tx) => {
    await assertLicense(tx, input.licenseId);
    const [row] = await tx
      .insert(trustReviews)
      .values(newTrustReviewValues(input, session.user.username))
      .returning();
    await logTrustReview(tx, actor, "create", null, row!);
    return row!.id;
  });
  return findTrustReview(db, id);
}

/** The edit form: any field, including any of the four approval values (spec). */
export async function updateTrustReview(
  db: Db,
  id: number,
  input: UpdateTrustReviewRequest,
  session: ActiveSession,
  actor: ActivityActor,
): Promise<TrustReviewResponse> {
  await db.transaction(async (tx) => {
    const current = await lockTrustReview(tx, id);
    await assertLicense(tx, input.licenseId);
    const approvalChanged =
      input.approvalStatus !== undefined && input.approvalStatus !== current.approvalStatus;
    const row = await updateRow(tx, trustReviews, eq(trustReviews.id, id), current, {
      ...input,
      ...(approvalChanged
        ? { approvedBy: decidedBy(input.approvalStatus!, session.user.username) }
        : {}),
    });
    await logTrustReview(tx, actor, "update", current, row);
  });
  return findTrustReview(db, id);
}

/** What the approval dialog's decision is recorded as; 'keep' is an edit of the status. */
const DECISION_ACTIONS = { approved: "approve", rejected: "reject", keep: "update" } as const;

/**
 * The approval dialog: a pending assignment becomes approved, rejected or kept for review. The
 * row is locked before its status is checked, so of two administrators deciding at once exactly
 * one wins and the other, reading the decided row, gets 409.
 */
export async function decideTrustReview(
  db: Db,
  id: number,
  input: TrustReviewApprovalRequest,
  session: ActiveSession,
  actor: ActivityActor,
): Promise<TrustReviewResponse> {
  await db.transaction(async (tx) => {
    const current = await lockTrustReview(tx, id);
    if (current.approvalStatus !== "pending") {
      throw conflict(
        "APPROVAL_NOT_PENDING",
        `This assignment is no longer pending (it is ${current.approvalStatus}).`,
      );
    }
    const row = await updateRow(tx, trustReviews, eq(trustReviews.id, id), current, {
      approvalStatus: input.status,
      approvedBy: session.user.username,
    });
    await logTrustReview(tx, actor, DECISION_ACTIONS[input.status], current, row);
  });
  return findTrustReview(db, id);
}

/** Activate or deactivate; deactivating records when (today unless given) and why. */
export async function setTrustReviewActive(
  db: Db,
  id: number,
  input: TrustReviewStatusRequest,
  actor: ActivityActor,
): Promise<TrustReviewResponse> {
  await db.transaction(async (tx) => {
    const current = await lockTrustReview(tx, id);
    const row = await updateRow(
      tx,
      trustReviews,
      eq(trustReviews.id, id),
      current,
      input.isActive
        ? { isActive: true, cancellationRequestDate: null, cancellationReason: null }
        : {
            isActive: false,
            cancellationRequestDate: input.cancellationRequestDate ?? todayIso(),
            cancellationReason: input.cancellationReason ?? null,
          },
    );
    await logTrustReview(tx, actor, "update", current, row);
  });
  return findTrustReview(db, id);
}
