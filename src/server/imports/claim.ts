// One import at a time per area, across every instance sharing the database: an import takes the
// area's single-run lease (db/lease.ts), then records itself as a csv_imports row (no finished_at
// yet) for the history; a second import into the area finds the lease held and gets 409. An
// import is not renewed: one that runs past the hold is taken for dead (its server stopped
// mid-way), and the next import marks its row interrupted.
import { randomUUID } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { ImportArea } from "../../domain/imports/columns";
import { IMPORT_RUNNING_MESSAGE } from "../../domain/schemas/imports";
import type { Db, Executor } from "../db/client";
import { type Lease, leaseHeld, releaseLease, takeLease } from "../db/lease";
import { csvImports } from "../db/schema";
import { conflict } from "../http/errors";

/** An import holds its area's lease this long; past it, it is taken for dead. */
export const IMPORT_LEASE_MINUTES = 15;

const importLease = (area: ImportArea): Lease => ({
  name: `csv-import:${area}`,
  holdMs: IMPORT_LEASE_MINUTES * 60_000,
});

/** A running import: its csv_imports row and its hold on the area's lease. */
export interface ImportClaim {
  area: ImportArea;
  id: number;
  holder: string;
}

/**
 * Claims the area's import slot; 409 IMPORT_IN_PROGRESS while another import holds it. The
 * caller ends the claim with finishImport and, whatever happened, releaseClaim.
 */
export async function claimImport(
  db: Db,
  area: ImportArea,
  userId: number | null,
  fileName: string | null = null,
): Promise<ImportClaim> {
  const holder = randomUUID();
  if (!(await takeLease(db, importLease(area), holder))) {
    throw conflict("IMPORT_IN_PROGRESS", IMPORT_RUNNING_MESSAGE);
  }
  try {
    return { area, id: await recordStart(db, area, userId, fileName), holder };
  } catch (error) {
    // The start's own failure is the one to answer with, not a second one from the release.
    await releaseLease(db, importLease(area), holder).catch(() => {});
    throw error;
  }
}

/** Frees the area for the next import. */
export async function releaseClaim(db: Db, claim: ImportClaim) {
  await releaseLease(db, importLease(claim.area), claim.holder);
}

// Under the lease, an unfinished row is an import whose server died: it is marked so.
function recordStart(
  db: Db,
  area: ImportArea,
  userId: number | null,
  fileName: string | null,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx
      .update(csvImports)
      .set({
        finishedAt: sql`now()`,
        outcome: "error",
        message: "The import was interrupted (its server stopped before it finished).",
      })
      .where(and(eq(csvImports.area, area), isNull(csvImports.finishedAt)));
    const [row] = await tx
      .insert(csvImports)
      .values({ area, userId, fileName })
      .returning({ id: csvImports.id });
    return row!.id;
  });
}

/** Marks the import done: inside the import's transaction on success, alone on failure. */
export async function finishImport(
  db: Executor,
  id: number,
  outcome: { rows: number; message: string; success: boolean; createdIds?: number[] },
) {
  await db
    .update(csvImports)
    .set({
      finishedAt: sql`now()`,
      outcome: outcome.success ? "success" : "error",
      rows: outcome.rows,
      message: outcome.message,
      createdIds: outcome.createdIds ?? null,
    })
    .where(eq(csvImports.id, id));
}

/**
 * Runs `work` holding the area's import lease, as an import would (an undo): an import and an
 * undo of the same area never run together. 409 IMPORT_IN_PROGRESS while an import holds it.
 */
export async function withImportLease<T>(
  db: Db,
  area: ImportArea,
  work: () => Promise<T>,
): Promise<T> {
  const holder = randomUUID();
  if (!(await takeLease(db, importLease(area), holder))) {
    throw conflict("IMPORT_IN_PROGRESS", IMPORT_RUNNING_MESSAGE);
  }
  try {
    return await work();
  } finally {
    // A database that fails here too leaves the lease to run out.
    await releaseLease(db, importLease(area), holder).catch(() => {});
  }
}

/** Whether an import into the area is running (on any instance). */
export const importRunning = (db: Executor, area: ImportArea): Promise<boolean> =>
  leaseHeld(db, importLease(area));
