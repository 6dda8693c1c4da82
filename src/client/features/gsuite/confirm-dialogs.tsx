// The page's confirmations: delete an account, an organization or a plan, and unassign a licence
// ('Are you sure you want to unassign this license?').
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { ToastMessage } from "@/client/lib/notify";
import { useDeleteAccount, useDeleteOrganization, useDeletePlan, useUpdateAccount } from "./api";
import { gsuiteFailure, gsuiteToast, UNASSIGN_PROMPT } from "./gsuite-toasts";

interface ConfirmProps {
  onOpenChange(open: boolean): void;
}

function Confirm({
  title,
  description,
  confirmLabel,
  busyLabel,
  run,
  success,
  failure,
  onOpenChange,
}: ConfirmProps & {
  title: string;
  description: string;
  confirmLabel: string;
  busyLabel: string;
  run(): Promise<unknown>;
  success: ToastMessage;
  failure: ToastMessage | ((error: unknown) => ToastMessage);
}) {
  const action = useDialogAction({
    run,
    success: () => success,
    failure,
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      busyLabel={busyLabel}
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}

export function DeleteAccountDialog({
  account,
  onOpenChange,
}: ConfirmProps & { account: { id: number; email: string } }) {
  const remove = useDeleteAccount();
  return (
    <Confirm
      title="Delete G Suite Account"
      description={`Are you sure you want to delete ${account.email}? This cannot be undone.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      run={() => remove.mutateAsync(account.id)}
      success={gsuiteToast.accountDeleted}
      failure={gsuiteFailure.deleteAccount}
      onOpenChange={onOpenChange}
    />
  );
}

export function DeleteOrganizationDialog({
  organization,
  onOpenChange,
}: ConfirmProps & { organization: { id: number; name: string } }) {
  const remove = useDeleteOrganization();
  return (
    <Confirm
      title="Delete Organization"
      description={`Are you sure you want to delete ${organization.name}? An organization that accounts still use cannot be deleted.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      run={() => remove.mutateAsync(organization.id)}
      success={gsuiteToast.organizationDeleted}
      failure={gsuiteFailure.deleteOrganization}
      onOpenChange={onOpenChange}
    />
  );
}

export function DeletePlanDialog({
  plan,
  onOpenChange,
}: ConfirmProps & { plan: { id: number; name: string } }) {
  const remove = useDeletePlan();
  return (
    <Confirm
      title="Delete Plan"
      description={`Are you sure you want to delete ${plan.name}? A plan that accounts still use cannot be deleted.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      run={() => remove.mutateAsync(plan.id)}
      success={gsuiteToast.planDeleted}
      failure={gsuiteFailure.deletePlan}
      onOpenChange={onOpenChange}
    />
  );
}

export function UnassignDialog({ accountId, onOpenChange }: ConfirmProps & { accountId: number }) {
  const update = useUpdateAccount();
  return (
    <Confirm
      title="Unassign License"
      description={UNASSIGN_PROMPT}
      confirmLabel="Unassign"
      busyLabel="Unassigning..."
      run={() => update.mutateAsync({ id: accountId, body: { assignedToUserId: null } })}
      success={gsuiteToast.unassigned}
      failure={gsuiteFailure.unassign}
      onOpenChange={onOpenChange}
    />
  );
}
