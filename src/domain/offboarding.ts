// How offboarding names things, the same in the dialog and on the printed checklist.
import type { HoldingKind, OffboardAction, OffboardOutcome } from "./schemas/offboarding";

export const HOLDING_KIND_LABELS: Record<HoldingKind, string> = {
  license_seat: "License seat",
  hardware: "Hardware",
  office_account: "Office account",
  gsuite_account: "G Suite account",
  trust_review: "Trust review approval",
  hardware_request: "Hardware request",
};

/** What 'release' means for each kind (decision 0027), in the words of the dialog's choice. */
export const RELEASE_LABELS: Record<HoldingKind, string> = {
  license_seat: "Release the seat",
  hardware: "Return to available",
  office_account: "End the assignment",
  gsuite_account: "Unassign",
  trust_review: "Back to pending",
  hardware_request: "Close the request",
};

const RELEASED: Record<HoldingKind, string> = {
  license_seat: "Seat released",
  hardware: "Returned to available: collect the item",
  office_account: "Assignment ended",
  gsuite_account: "Unassigned",
  trust_review: "Approval withdrawn: back to pending",
  hardware_request: "Request closed (rejected)",
};

/** The checklist's line for what was done with one item. */
export function outcomeText(outcome: Pick<OffboardOutcome, "kind" | "action" | "toUserName">) {
  const byAction: Record<OffboardAction, () => string> = {
    release: () => RELEASED[outcome.kind],
    reassign: () => `Reassigned to ${outcome.toUserName ?? "another person"}`,
    keep: () => "Kept by the person",
  };
  return byAction[outcome.action]();
}
