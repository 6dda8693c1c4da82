// The License Assignments list (administrators only) through listAssignments with its filters,
// read a page at a time.
import type { AssignmentListQuery, AssignmentResponse } from "../../../domain/schemas/licenses";
import type { Db } from "../../db/client";
import { listAssignments } from "../../licenses/assignments-service";
import { describeFilters } from "../filters";
import { pagesOf } from "../row-pages";
import type { ExportTable } from "../table";

export type AssignmentExportQuery = Omit<AssignmentListQuery, "limit" | "offset" | "withTotal">;

export function assignmentTable(
  db: Db,
  query: AssignmentExportQuery,
): ExportTable<AssignmentResponse> {
  return {
    name: "assignments",
    title: "License Assignments",
    filters: describeFilters([
      ["License id", query.licenseId === undefined ? undefined : String(query.licenseId)],
      ["Active", query.active === undefined ? undefined : query.active ? "yes" : "no"],
    ]),
    columns: [
      { header: "License", type: "text", value: (a) => a.licenseName, weight: 2 },
      { header: "Assigned To", type: "text", value: (a) => a.assignedTo, weight: 1.5 },
      { header: "Assigned Date", type: "date", value: (a) => a.assignedDate },
      { header: "Active", type: "boolean", value: (a) => a.isActive, weight: 0.6 },
      { header: "Notes", type: "text", value: (a) => a.notes, weight: 2 },
    ],
    pages: () =>
      pagesOf(async (bounds) => (await listAssignments(db, { ...query, ...bounds })).assignments),
  };
}
