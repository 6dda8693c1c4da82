// Which licenses dialog is open, shared by the Licenses and License Assignments screens.
import type { AssignmentResponse, LicenseResponse } from "@/domain/schemas/licenses";
import { AccessHistoryDialog } from "./access-history-dialog";
import { AssignLicenseDialog } from "./assign-license-dialog";
import { DeleteLicenseDialog } from "./delete-license-dialog";
import { LicenseFormDialog } from "./license-form-dialog";
import type { LicenseAction } from "./license-row";
import { RenewLicenseDialog } from "./renew-license-dialog";
import { UnassignDialog } from "./unassign-dialog";

export type LicenseDialogState =
  | { kind: "add" }
  | { kind: LicenseAction; license: LicenseResponse }
  | { kind: "unassign"; assignment: AssignmentResponse }
  | null;

export function LicenseDialogs({
  state,
  assignmentsOf,
  onClose,
}: {
  state: LicenseDialogState;
  assignmentsOf(licenseId: number): AssignmentResponse[];
  onClose(): void;
}) {
  if (state === null) return null;
  const closeOnHide = (open: boolean) => {
    if (!open) onClose();
  };
  switch (state.kind) {
    case "add":
      return <LicenseFormDialog onOpenChange={closeOnHide} />;
    case "edit":
      return <LicenseFormDialog license={state.license} onOpenChange={closeOnHide} />;
    case "assign":
      return (
        <AssignLicenseDialog
          license={state.license}
          assignments={assignmentsOf(state.license.id)}
          onOpenChange={closeOnHide}
        />
      );
    case "renew":
      return <RenewLicenseDialog license={state.license} onOpenChange={closeOnHide} />;
    case "delete":
      return <DeleteLicenseDialog license={state.license} onOpenChange={closeOnHide} />;
    case "history":
      return <AccessHistoryDialog license={state.license} onOpenChange={closeOnHide} />;
    case "unassign":
      return <UnassignDialog assignment={state.assignment} onOpenChange={closeOnHide} />;
  }
}
