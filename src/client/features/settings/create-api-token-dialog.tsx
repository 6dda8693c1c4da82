// Create API Token (decision 0024): a name and an expiry, validated with the server's own schema.
// The server's answer is the only time the token is sent: the same dialog box then shows it with
// a Copy button, and once closed it is gone (nothing keeps it, not even the query cache). One box
// for both steps, so focus goes back to the Create button when it closes.
import * as React from "react";
import type { z } from "zod";
import { FormDialogBody } from "@/client/components/form/form-dialog";
import { SelectField } from "@/client/components/form/select-field";
import { SecretShownOnce } from "@/client/components/secret-shown-once";
import { Dialog, DialogContent } from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import {
  API_TOKEN_EXPIRY_DAYS,
  type CreateApiTokenRequest,
  type CreatedApiTokenResponse,
  createApiTokenRequestSchema,
} from "@/domain/schemas/api-tokens";
import { apiTokenFailure, apiTokenToast } from "./api-token-toasts";
import { useCreateApiToken } from "./api-tokens-api";

interface ApiTokenFormValues {
  name: string;
  /** A select's value is text; the schema reads it as a whole number of days. */
  expiresInDays: string;
}

const EXPIRY_OPTIONS = API_TOKEN_EXPIRY_DAYS.map((days) => ({
  value: String(days),
  label: days === 365 ? "1 year" : `${days} days`,
}));

export function CreateApiTokenDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const create = useCreateApiToken();
  const [created, setCreated] = React.useState<CreatedApiTokenResponse | null>(null);
  const dialog = useFormDialog({
    schema: createApiTokenRequestSchema as z.ZodType<CreateApiTokenRequest, ApiTokenFormValues>,
    defaultValues: { name: "", expiresInDays: "30" },
    run: (input) => create.mutateAsync(input),
    success: (result) => apiTokenToast.created(result.name),
    failure: apiTokenFailure.create,
    onDone: (result) => setCreated(result),
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;

  return (
    <Dialog open onOpenChange={(open) => !dialog.busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        {created ? (
          <NewToken created={created} onDone={() => onOpenChange(false)} />
        ) : (
          <FormDialogBody
            dialog={dialog}
            title="Create API Token"
            description="A token acts as you, with your role, in scripts that send it as a Bearer token."
            submitLabel="Create Token"
            busyLabel="Creating..."
            onOpenChange={onOpenChange}
          >
            <FormField
              label="Name"
              error={errors.name?.message}
              description="What the token is for."
            >
              {(field) => <Input {...field} {...register("name")} autoComplete="off" />}
            </FormField>
            <FormField label="Expires in" error={errors.expiresInDays?.message}>
              {(field) => (
                <SelectField
                  {...field}
                  control={control}
                  name="expiresInDays"
                  options={EXPIRY_OPTIONS}
                />
              )}
            </FormField>
          </FormDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The new token, this once, selected for copying. Closing the dialog drops it for good. */
function NewToken({ created, onDone }: { created: CreatedApiTokenResponse; onDone(): void }) {
  return (
    <SecretShownOnce
      title="Copy your new API token"
      label="API token"
      value={created.token}
      description="Send it as Authorization: Bearer <token>."
      copiedTitle={apiTokenToast.copied}
      onDone={onDone}
    >
      This is the only time &ldquo;{created.name}&rdquo; is shown: you will not see it again. Anyone
      who has it can act as you until it expires or is revoked.
    </SecretShownOnce>
  );
}
