// One import at a time per area, across every instance sharing the database: an import claims a
// csv_imports row (no finished_at) under an advisory lock, and a second claim for the same area
// finds it and gets 409. The claim is its own short transaction, committed before the work, so
// it is visible to every connection at once.
// Within one process the claim is also kept in memory and checked first: on PGlite (always one
// process) the single connection runs one transaction at a time, so a second claim would wait
// for the first import's whole write transaction and then succeed, instead of answering 409.
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import type { ImportArea } from "../../domain/imports/columns";
import { IMPORT_RUNNING_MESSAGE } from "../../domain/schemas/imports";
import type { Db, Executor } from "../db/client";
import { csvImports } from "../db/schema";
import { conflict } from "../http/errors";

/** A claim older than this is taken for dead (its server stopped mid-way). */
export const IMPORT_LEASE_MINUTES = 15;

const lockImports = (tx: Executor, area: ImportArea) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`quartermaster.csv-import.${area}`}))`);

// Per database handle, i.e. per application instance (tests run two instances in one process).
const claimedHere = new WeakMap<Db, Set<ImportArea>>();
const claimsOf = (db: Db) => {
  let claims = claimedHere.get(db);
  if (!claims) {
    claims = new Set<ImportArea>();
    claimedHere.set(db, claims);
  }
  return claims;
};

/**
 * Claims the area's import slot; 409 IMPORT_IN_PROGRESS while another import holds it. The
 * caller ends the claim with finishImport and, whatever happened, releaseClaimHere.
 */
export async function claimImport(
  db: Db,
  area: ImportArea,
  userId: number | null,
): Promise<number> {
  const claims = claimsOf(db);
  if (claims.has(area)) throw conflict("IMPORT_IN_PROGRESS", IMPORT_RUNNING_MESSAGE);
  claims.add(area);
  try {
    return await claimRow(db, area, userId);
  } catch (error) {
    claims.delete(area);
    throw error;
  }
}

export function releaseClaimHere(db: Db, area: ImportArea) {
  claimsOf(db).delete(area);
}

function claimRow(db: Db, area: ImportArea, userId: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    await lockImports(tx, area);
    await tx
      .update(csvImports)
      .set({
        finishedAt: sql`now()`,
        outcome: "error",
        message: "The import was interrupted (its server stopped before it finished).",
      })
      .where(
        and(
          eq(csvImports.area, area),
          isNull(csvImports.finishedAt),
          lt(csvImports.startedAt, sql`now() - make_interval(mins => ${IMPORT_LEASE_MINUTES})`),
        ),
      );
    const [running] = await tx
      .select({ id: csvImports.id })
      .from(csvImports)
      .where(and(eq(csvImports.area, area), isNull(csvImports.finishedAt)))
      .limit(1);
    if (running) throw conflict("IMPORT_IN_PROGRESS", IMPORT_RUNNING_MESSAGE);
    const [row] = await tx
      .insert(csvImports)
      .values({ area, userId })
      .returning({ id: csvImports.id });
    return row!.id;
  });
}

/** Marks the import done: inside the import's transaction on success, alone on failure. */
export async function finishImport(
  db: Executor,
  id: number,
  outcome: { rows: number; message: string; success: boolean },
) {
  await db
    .update(csvImports)
    .set({
      finishedAt: sql`now()`,
      outcome: outcome.success ? "success" : "error",
      rows: outcome.rows,
      message: outcome.message,
    })
    .where(eq(csvImports.id, id));
}

/** Whether an import into the area is running (on any instance). */
export async function importRunning(db: Executor, area: ImportArea): Promise<boolean> {
  const [row] = await db
    .select({ id: csvImports.id })
    .from(csvImports)
    .where(
      and(
        eq(csvImports.area, area),
        isNull(csvImports.finishedAt),
        sql`${csvImports.startedAt} >= now() - make_interval(mins => ${IMPORT_LEASE_MINUTES})`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
