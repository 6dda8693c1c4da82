// Directory listings from CSV: the listing form's rules (a next payment date unless one-time).
// The form allows two listings of one name (the same directory in two cities), so a duplicate
// is the same name in the same location, ignoring case, among the listings not deleted.
import { and, isNull, sql } from "drizzle-orm";
import {
  type CreateDirectoryRequest,
  createDirectoryRequestSchema,
} from "../../../domain/schemas/directories";
import { bulkInsert } from "../../db/bulk-insert";
import { directories } from "../../db/schema";
import { chunked, defineImportArea } from "./area";

const KEY_SEPARATOR = "\u001f";
const keyOf = (name: string, location: string | null | undefined) =>
  `${name.trim().toLowerCase()}${KEY_SEPARATOR}${(location ?? "").trim().toLowerCase()}`;

export const directoryImport = defineImportArea<CreateDirectoryRequest>({
  area: "directories",
  activityArea: "directories",
  table: "directories",
  schema: createDirectoryRequestSchema,
  duplicate: {
    label: "name and location",
    keyOf: (row) => keyOf(row.name, row.location),
    existing: async (db, keys) => {
      const found = new Set<string>();
      const key = sql<string>`lower(${directories.name}) || ${KEY_SEPARATOR} || lower(coalesce(${directories.location}, ''))`;
      for (const batch of chunked(keys, 5000)) {
        const rows = await db
          .select({ key })
          .from(directories)
          .where(
            and(isNull(directories.deletedAt), sql`${key} = any(${sql.param(batch)}::text[])`),
          );
        for (const row of rows) found.add(row.key);
      }
      return found;
    },
    existsMessage: "A directory listing with this name and location already exists.",
  },
  insert: async (tx, rows) => {
    return bulkInsert(
      tx,
      directories,
      rows.map((row) => ({
        ...row,
        url: row.url ?? null,
        location: row.location ?? null,
        nextPaymentDate: row.nextPaymentDate ?? null,
        lastPaymentDate: row.lastPaymentDate ?? null,
        notes: row.notes ?? null,
      })),
    );
  },
});
