import type { AssignmentResponse } from "@/domain/schemas/licenses";

/** Active assignments per license id, oldest assignment first (the order seats were given). */
export function activeAssignmentsByLicense(
  assignments: readonly AssignmentResponse[] | undefined,
): Map<number, AssignmentResponse[]> {
  const groups = new Map<number, AssignmentResponse[]>();
  for (const assignment of assignments ?? []) {
    if (!assignment.isActive) continue;
    const group = groups.get(assignment.licenseId);
    if (group) group.push(assignment);
    else groups.set(assignment.licenseId, [assignment]);
  }
  for (const group of groups.values()) {
    group.sort(
      (a, b) =>
        a.assignedDate.localeCompare(b.assignedDate) ||
        a.createdAt.localeCompare(b.createdAt) ||
        a.id - b.id,
    );
  }
  return groups;
}

/** How many assignments a card lists before 'Show all N assignments' (spec part 1, section 9). */
export const ASSIGNMENTS_LISTED_PER_CARD = 4;

export function visibleAssignments<T>(assignments: readonly T[], showAll: boolean): T[] {
  return showAll ? [...assignments] : assignments.slice(0, ASSIGNMENTS_LISTED_PER_CARD);
}
