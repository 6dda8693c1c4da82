// The License Assignments list (administrators only) through listAssignments with its filters.
// That list is not paged (GET /api/assignments answers whole), so this table is one read.
import type { AssignmentListQuery, AssignmentResponse } from "../../../domain/schemas/licenses";
import type { Db } from "../../db/client";
import { listAssignments } from "../../licenses/assignments-service";
import { describeFilters } from "../filters";
import type { ExportTable } from "../table";

export function assignmentTable(
  db: Db,
  query: AssignmentListQuery,
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
    pages: async function* () {
      yield await listAssignments(db, query);
    },
  };
}
