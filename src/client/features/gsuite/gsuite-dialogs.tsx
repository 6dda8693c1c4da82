// Every dialog of the G Suite page, one at a time, chosen by the page's dialog state.
import type {
  GsuiteAccountResponse,
  GsuiteUserResponse,
  OrganizationResponse,
  PlanResponse,
} from "@/domain/schemas/gsuite";
import { AccountFormDialog } from "./account-form-dialog";
import { useAccount } from "./api";
import { AssignMultipleDialog } from "./assign-multiple-dialog";
import { AssignUserDialog } from "./assign-user-dialog";
import {
  DeleteAccountDialog,
  DeleteOrganizationDialog,
  DeletePlanDialog,
  UnassignDialog,
} from "./confirm-dialogs";
import { OrganizationDetailsDialog } from "./organization-details-dialog";
import { OrganizationFormDialog } from "./organization-form-dialog";
import { PlanFormDialog } from "./plan-form-dialog";
import { QuickAssignDialog } from "./quick-assign-dialog";

export type GsuiteDialogState =
  | null
  | { kind: "account"; account?: GsuiteAccountResponse }
  | { kind: "editLicense"; accountId: number }
  | { kind: "deleteAccount"; account: GsuiteAccountResponse }
  | { kind: "organization"; organization?: OrganizationResponse }
  | { kind: "organizationDetails"; organization: OrganizationResponse }
  | { kind: "deleteOrganization"; organization: OrganizationResponse }
  | { kind: "plan"; plan?: PlanResponse }
  | { kind: "deletePlan"; plan: PlanResponse }
  | { kind: "assignUser"; user?: GsuiteUserResponse; plan?: PlanResponse }
  | { kind: "assignMany"; plan: PlanResponse }
  | { kind: "quickAssign"; user: GsuiteUserResponse; plan: PlanResponse }
  | { kind: "unassign"; accountId: number };

/** Edit License from All Users: the account is read first, then edited. */
function EditLicense({
  accountId,
  onOpenChange,
}: {
  accountId: number;
  onOpenChange(open: boolean): void;
}) {
  const account = useAccount(accountId);
  if (!account.data) return null;
  return <AccountFormDialog account={account.data} onOpenChange={onOpenChange} />;
}

export function GsuiteDialogs({ state, onClose }: { state: GsuiteDialogState; onClose(): void }) {
  if (!state) return null;
  const onOpenChange = (open: boolean) => {
    if (!open) onClose();
  };
  switch (state.kind) {
    case "account":
      return <AccountFormDialog account={state.account} onOpenChange={onOpenChange} />;
    case "editLicense":
      return <EditLicense accountId={state.accountId} onOpenChange={onOpenChange} />;
    case "deleteAccount":
      return <DeleteAccountDialog account={state.account} onOpenChange={onOpenChange} />;
    case "organization":
      return (
        <OrganizationFormDialog organization={state.organization} onOpenChange={onOpenChange} />
      );
    case "organizationDetails":
      return (
        <OrganizationDetailsDialog organization={state.organization} onOpenChange={onOpenChange} />
      );
    case "deleteOrganization":
      return (
        <DeleteOrganizationDialog organization={state.organization} onOpenChange={onOpenChange} />
      );
    case "plan":
      return <PlanFormDialog plan={state.plan} onOpenChange={onOpenChange} />;
    case "deletePlan":
      return <DeletePlanDialog plan={state.plan} onOpenChange={onOpenChange} />;
    case "assignUser":
      return <AssignUserDialog user={state.user} plan={state.plan} onOpenChange={onOpenChange} />;
    case "assignMany":
      return <AssignMultipleDialog plan={state.plan} onOpenChange={onOpenChange} />;
    case "quickAssign":
      return <QuickAssignDialog user={state.user} plan={state.plan} onOpenChange={onOpenChange} />;
    case "unassign":
      return <UnassignDialog accountId={state.accountId} onOpenChange={onOpenChange} />;
  }
}
