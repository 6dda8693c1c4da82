// Revoke API token: confirmed, since a script using it fails from its next request on.
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { ApiTokenResponse } from "@/domain/schemas/api-tokens";
import { apiTokenFailure, apiTokenToast } from "./api-token-toasts";
import { useRevokeApiToken } from "./api-tokens-api";

export interface RevokeApiTokenDialogProps {
  token: ApiTokenResponse;
  onOpenChange(open: boolean): void;
}

export function RevokeApiTokenDialog({ token, onOpenChange }: RevokeApiTokenDialogProps) {
  const revoke = useRevokeApiToken();
  const action = useDialogAction({
    run: () => revoke.mutateAsync(token.id),
    success: () => apiTokenToast.revoked(token.name),
    failure: apiTokenFailure.revoke,
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Revoke API token?"
      description={`Scripts using "${token.name}" (${token.username}) will be refused from their next request. This cannot be undone.`}
      confirmLabel="Revoke"
      busyLabel="Revoking..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}
