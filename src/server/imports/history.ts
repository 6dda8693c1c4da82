// The import history: every import, newest first, with who ran it and who undid it (the list
// kit's page and total; offset pages, as the history stays small: one row per import).
import { asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ImportHistoryEntry, ImportHistoryQuery } from "../../domain/schemas/imports";
import type { Executor } from "../db/client";
import { csvImports, users } from "../db/schema";
import { selectPage } from "../lib/paging";
import { displayNameSql } from "../users/user-response";

const undoer = alias(users, "undoer");

// Every column but the created ids (up to tens of thousands a row): only whether there are any.
const { createdIds: _ids, ...entryColumns } = getTableColumns(csvImports);

export async function listImports(db: Executor, query: ImportHistoryQuery) {
  const where: SQL | undefined = query.area ? eq(csvImports.area, query.area) : undefined;
  const direction = query.order === "asc" ? asc : desc;
  const page = await selectPage(db, {
    from: csvImports,
    where,
    bounds: query,
    select: (total) =>
      db
        .select({
          entry: entryColumns,
          recorded: sql<boolean>`${csvImports.createdIds} is not null`,
          userName: displayNameSql(users),
          undoneByName: displayNameSql(undoer as unknown as typeof users),
          total,
        })
        .from(csvImports)
        .leftJoin(users, eq(users.id, csvImports.userId))
        .leftJoin(undoer, eq(undoer.id, csvImports.undoneBy))
        .where(where)
        .orderBy(direction(csvImports.startedAt), direction(csvImports.id))
        .$dynamic(),
  });
  const items: ImportHistoryEntry[] = page.rows.map(
    ({ entry, recorded, userName, undoneByName }) => ({
      id: entry.id,
      area: entry.area,
      userId: entry.userId,
      userName,
      fileName: entry.fileName,
      startedAt: entry.startedAt.toISOString(),
      finishedAt: entry.finishedAt?.toISOString() ?? null,
      outcome: entry.outcome,
      rows: entry.rows,
      message: entry.message,
      undoable: entry.outcome === "success" && recorded && entry.undoneAt === null,
      undoneAt: entry.undoneAt?.toISOString() ?? null,
      undoneByName: entry.undoneAt ? undoneByName : null,
      undoneRows: entry.undoneRows,
    }),
  );
  return { items, total: page.total };
}
