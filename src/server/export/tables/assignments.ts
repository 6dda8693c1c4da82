// The License Assignments list (administrators only) with its filters, read a page at a time by
// keyset (assignmentsInPages): the largest table of all, where offset pages grow quadratic.
import type { AssignmentListQuery, AssignmentResponse } from "../../../domain/schemas/licenses";
import type { Db } from "../../db/client";
import { assignmentsInPages } from "../../licenses/assignments-service";
import { describeFilters } from "../filters";
import { EXPORT_PAGE_SIZE } from "../row-pages";
import type { ExportTable } from "../table";

export type AssignmentExportQuery = Omit<
  AssignmentListQuery,
  "limit" | "offset" | "after" | "before"
> & { unusedAfterDays: number };

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
      ["Unused", query.unused ? "yes" : undefined],
    ]),
    columns: [
      { header: "License", type: "text", value: (a) => a.licenseName, weight: 2 },
      { header: "Assigned To", type: "text", value: (a) => a.assignedTo, weight: 1.5 },
      { header: "Assigned Date", type: "date", value: (a) => a.assignedDate },
      { header: "Active", type: "boolean", value: (a) => a.isActive, weight: 0.6 },
      { header: "Notes", type: "text", value: (a) => a.notes, weight: 2 },
    ],
    pages: () => assignmentsInPages(db, query, EXPORT_PAGE_SIZE),
  };
}
