import { useCallback, useMemo } from "react";
import type { AssignmentResponse } from "@/domain/schemas/licenses";
import { activeAssignmentsByLicense } from "./assignment-groups";

const NONE: AssignmentResponse[] = [];

/**
 * A license's active assignments among those read with a page. The lookup and the arrays it
 * returns stay the same objects until new data arrives, so memoised rows do not re-render.
 */
export function useAssignmentsOf(assignments: readonly AssignmentResponse[] | undefined) {
  const byLicense = useMemo(() => activeAssignmentsByLicense(assignments), [assignments]);
  return useCallback((licenseId: number) => byLicense.get(licenseId) ?? NONE, [byLicense]);
}
