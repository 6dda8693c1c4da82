// Create and revoke a SCIM token (decision 0060), as the API tokens' dialogs do: the new token is
// shown once in the same dialog box (so focus goes back to the Create button when it closes), and
// revoking asks first, since the identity provider is refused from its next request.
import * as React from "react";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { FormDialogBody } from "@/client/components/form/form-dialog";
import { SecretShownOnce } from "@/client/components/secret-shown-once";
import { Dialog, DialogContent } from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import type { ToastMessage } from "@/client/lib/notify";
import {
  type CreatedScimTokenResponse,
  createScimTokenRequestSchema,
  type ScimTokenResponse,
} from "@/domain/schemas/scim";
import { useCreateScimToken, useRevokeScimToken } from "./scim-api";

const detail = (error: unknown) => (error instanceof Error ? error.message : "Unknown error");

export const scimTokenToast = {
  created: (name: string): ToastMessage => ({
    title: "SCIM token created",
    description: `${name} has been created. Copy it now.`,
  }),
  revoked: (name: string): ToastMessage => ({
    title: "SCIM token revoked",
    description: `${name} no longer works.`,
  }),
  copied: "Token copied",
};

export function CreateScimTokenDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const create = useCreateScimToken();
  const [created, setCreated] = React.useState<CreatedScimTokenResponse | null>(null);
  const dialog = useFormDialog({
    schema: createScimTokenRequestSchema,
    defaultValues: { name: "" },
    run: (input) => create.mutateAsync(input),
    success: (result) => scimTokenToast.created(result.name),
    failure: (error) => ({
      title: "Error",
      description: `Failed to create SCIM token: ${detail(error)}`,
    }),
    onDone: (result) => setCreated(result),
  });
  const {
    register,
    formState: { errors },
  } = dialog.form;

  return (
    <Dialog open onOpenChange={(open) => !dialog.busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        {created ? (
          <NewScimToken created={created} onDone={() => onOpenChange(false)} />
        ) : (
          <FormDialogBody
            dialog={dialog}
            title="Create SCIM Token"
            description="Your identity provider (Entra ID, Okta...) sends it to provision and deprovision people."
            submitLabel="Create Token"
            busyLabel="Creating..."
            onOpenChange={onOpenChange}
          >
            <FormField
              label="Name"
              error={errors.name?.message}
              description="Which identity provider uses it."
            >
              {(field) => <Input {...field} {...register("name")} autoComplete="off" />}
            </FormField>
          </FormDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The new token, this once, selected for copying. Closing the dialog drops it for good. */
function NewScimToken({ created, onDone }: { created: CreatedScimTokenResponse; onDone(): void }) {
  return (
    <SecretShownOnce
      title="Copy your new SCIM token"
      label="SCIM token"
      value={created.token}
      description="Sent as Authorization: Bearer <token>."
      copiedTitle={scimTokenToast.copied}
      onDone={onDone}
    >
      This is the only time &ldquo;{created.name}&rdquo; is shown: you will not see it again. Paste
      it into your identity provider as the secret token; anyone who has it can create and
      deactivate people until it is revoked.
    </SecretShownOnce>
  );
}

export function RevokeScimTokenDialog({
  token,
  onOpenChange,
  afterRevoke,
}: {
  token: ScimTokenResponse;
  onOpenChange(open: boolean): void;
  /** Given focus once the token is revoked (its row, which opened this, is gone). */
  afterRevoke: React.RefObject<HTMLElement | null>;
}) {
  const revoked = React.useRef(false);
  const revoke = useRevokeScimToken();
  const action = useDialogAction({
    run: () => revoke.mutateAsync(token.id),
    success: () => scimTokenToast.revoked(token.name),
    failure: (error) => ({
      title: "Error",
      description: `Failed to revoke SCIM token: ${detail(error)}`,
    }),
    onDone: () => {
      revoked.current = true;
      onOpenChange(false);
    },
  });
  return (
    <ConfirmDialog
      title="Revoke SCIM token?"
      description={`Your identity provider's requests with "${token.name}" will be refused from the next one on, and provisioning stops until it has a new token. This cannot be undone.`}
      confirmLabel="Revoke"
      busyLabel="Revoking..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
      onCloseAutoFocus={(event) => {
        if (!revoked.current) return;
        event.preventDefault();
        afterRevoke.current?.focus();
      }}
    />
  );
}
