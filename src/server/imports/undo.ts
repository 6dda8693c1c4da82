// Undoing an import (issue 31, item 4; decision 0045): the rows it created that nobody has
// touched since are deleted; the others stay and are listed with why. A row counts as touched
// when it was edited (its updated_at moved past the import's end, or the activity log records a
// change to it since, where the log names the row itself) or when another row now refers to it
// (any foreign key, whatever its ON DELETE: a cascade would take later data with it, a SET NULL
// would quietly change it). One transaction under the area's import lease, so an import and an
// undo of an area never overlap.
import { eq, sql } from "drizzle-orm";
import type { ImportArea } from "../../domain/imports/columns";
import type { ImportUndoResponse } from "../../domain/schemas/imports";
import { type ActivityActor, recordActivity } from "../activity/record";
import type { Db, Tx } from "../db/client";
import { rowsOf } from "../db/rows-of";
import { csvImports } from "../db/schema";
import { conflict, notFound } from "../http/errors";
import { importAreas } from "./areas";
import { withImportLease } from "./claim";

/** What names a row of each area's table in the undo's answer. */
const LABELS: Record<ImportArea, string> = {
  licenses: "name",
  hardware: "name",
  users: "username",
  directories: "name",
  accounts: "email",
  seats: "assigned_to",
  "account-assignments": "coalesce(assigned_to, device_name, '')",
  "gsuite-organizations": "name",
  "gsuite-plans": "name",
  "gsuite-accounts": "email",
  "trust-reviews": "client_name",
};

// Seats and account assignments are logged under their license or account (item_id names the
// parent, not the row): their edits are seen by updated_at alone, kept by a trigger (migration 0047).
const LOGGED_UNDER_PARENT: ReadonlySet<ImportArea> = new Set(["seats", "account-assignments"]);

// Activity that does not change a row: reading or exporting it leaves it the import's.
const NOT_A_CHANGE = ["reveal", "export"] as const;

type Kept = ImportUndoResponse["kept"][number];

const stillRunning = () =>
  conflict("IMPORT_NOT_UNDOABLE", "This import is still running: undo it once it has finished.");

const idsOf = (result: unknown) => new Set(rowsOf<{ id: number }>(result).map((r) => Number(r.id)));

/** The created rows another table's row refers to (every single-column foreign key to it). */
async function referenced(tx: Tx, table: string, ids: number[]): Promise<Set<number>> {
  const keys = rowsOf<{ child: string; col: string }>(
    await tx.execute(sql`
      select c.conrelid::regclass::text as child, a.attname as col
      from pg_constraint c
      join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
      where c.contype = 'f' and c.confrelid = ${table}::regclass and cardinality(c.conkey) = 1`),
  );
  const found = new Set<number>();
  for (const { child, col } of keys) {
    const hits = await tx.execute(
      sql`select distinct ${sql.identifier(col)} as id from ${sql.raw(child)}
          where ${sql.identifier(col)} = any(${sql.param(ids)}::int[])`,
    );
    for (const id of idsOf(hits)) found.add(id);
  }
  return found;
}

/** The created rows edited since the import finished. */
async function edited(
  tx: Tx,
  area: ImportArea,
  ids: number[],
  importId: number,
): Promise<Set<number>> {
  // Compared in SQL: the timestamps' microseconds matter (a row written by the import has the
  // import's own now()), and a JavaScript Date keeps only milliseconds.
  const finishedAt = sql`(select finished_at from csv_imports where id = ${importId})`;
  const definition = importAreas[area];
  const found = LOGGED_UNDER_PARENT.has(area)
    ? new Set<number>()
    : idsOf(
        await tx.execute(sql`
          select distinct item_id as id from activity_log
          where area = ${definition.activityArea} and item_id = any(${sql.param(ids)}::int[])
            and action <> all(${sql.param([...NOT_A_CHANGE])}::text[])
            and occurred_at > ${finishedAt}`),
      );
  const hasUpdatedAt = rowsOf(
    await tx.execute(sql`
      select 1 from pg_attribute
      where attrelid = ${definition.table}::regclass and attname = 'updated_at' and not attisdropped`),
  );
  if (hasUpdatedAt.length > 0) {
    const moved = await tx.execute(sql`
      select id from ${sql.identifier(definition.table)}
      where id = any(${sql.param(ids)}::int[]) and updated_at > ${finishedAt}`);
    for (const id of idsOf(moved)) found.add(id);
  }
  return found;
}

export async function undoImport(
  db: Db,
  id: number,
  actor: ActivityActor,
): Promise<ImportUndoResponse> {
  const [found] = await db
    .select({ area: csvImports.area, finishedAt: csvImports.finishedAt })
    .from(csvImports)
    .where(eq(csvImports.id, id));
  if (!found) throw notFound("Import");
  // Before the lease, which the running import itself holds: say what is wrong with this one.
  if (!found.finishedAt) throw stillRunning();
  return withImportLease(db, found.area, () =>
    db.transaction(async (tx) => {
      const [entry] = await tx.select().from(csvImports).where(eq(csvImports.id, id)).for("update");
      if (!entry) throw notFound("Import");
      if (entry.undoneAt) {
        throw conflict("IMPORT_ALREADY_UNDONE", "This import was undone already.");
      }
      if (!entry.finishedAt || entry.outcome !== "success" || !entry.createdIds) {
        if (!entry.finishedAt) throw stillRunning();
        throw conflict(
          "IMPORT_NOT_UNDOABLE",
          "This import has nothing to undo: it wrote no rows, or ran before imports recorded the rows they created.",
        );
      }
      const area = entry.area;
      const table = importAreas[area].table;
      // Locked first: an edit or a new reference to one of them waits for the undo, and one
      // that came first is seen by the checks below.
      const rows = rowsOf<{ id: number; label: string | null }>(
        await tx.execute(sql`
          select id, ${sql.raw(LABELS[area])} as label from ${sql.identifier(table)}
          where id = any(${sql.param(entry.createdIds)}::int[]) order by id for update`),
      );
      const ids = rows.map((row) => Number(row.id));
      const changed = ids.length > 0 ? await edited(tx, area, ids, id) : new Set<number>();
      const inUse = ids.length > 0 ? await referenced(tx, table, ids) : new Set<number>();
      const kept: Kept[] = [];
      const removable: number[] = [];
      for (const row of rows) {
        const rowId = Number(row.id);
        const reason = changed.has(rowId) ? "changed" : inUse.has(rowId) ? "in_use" : null;
        if (reason) kept.push({ id: rowId, label: row.label ?? "", reason });
        else removable.push(rowId);
      }
      if (removable.length > 0) {
        await tx.execute(
          sql`delete from ${sql.identifier(table)} where id = any(${sql.param(removable)}::int[])`,
        );
      }
      await tx
        .update(csvImports)
        .set({ undoneAt: sql`now()`, undoneBy: actor.userId, undoneRows: removable.length })
        .where(eq(csvImports.id, id));
      await recordActivity(tx, actor, {
        action: "delete",
        area: importAreas[area].activityArea,
        itemId: null,
        itemLabel: "CSV import undone",
        detail: {
          importId: id,
          fileName: entry.fileName,
          removed: removable.length,
          kept: kept.length,
        },
      });
      return { removed: removable.length, kept };
    }),
  );
}
