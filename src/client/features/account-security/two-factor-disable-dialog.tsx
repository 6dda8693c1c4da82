// Turning off the second factor, and asking for new recovery codes: both take proof that the person
// at the keyboard is the owner (a current code, or for turning off the password).
import * as React from "react";
import { z } from "zod";
import { FormDialog, FormDialogBody } from "@/client/components/form/form-dialog";
import { Dialog, DialogContent } from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { totpCodeSchema } from "@/domain/schemas/two-factor";
import { useDisableTwoFactor, useRegenerateRecoveryCodes } from "./two-factor-api";
import { RecoveryCodesView } from "./two-factor-setup-dialog";

export const TWO_FACTOR_DISABLED_TOAST = "Two-factor authentication turned off";

const disableFormSchema = z
  .object({ code: z.string().trim().max(64), password: z.string().max(1024) })
  .refine((form) => form.code !== "" || form.password !== "", {
    message: "Enter a code from your authenticator app or your password",
    path: ["code"],
  });

const failure = (error: unknown) => ({
  title: "Error",
  description: error instanceof Error ? error.message : "Please try again.",
});

export function TwoFactorDisableDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const disable = useDisableTwoFactor();
  const dialog = useFormDialog({
    schema: disableFormSchema,
    defaultValues: { code: "", password: "" },
    run: ({ code, password }) => disable.mutateAsync(code !== "" ? { code } : { password }),
    success: () => ({ title: TWO_FACTOR_DISABLED_TOAST }),
    failure,
    onDone: () => onOpenChange(false),
  });
  const { errors } = dialog.form.formState;
  return (
    <FormDialog
      dialog={dialog}
      title="Turn off two-factor authentication"
      description="Signing in will need only your password. Enter a code from your authenticator app (or a recovery code), or your password."
      submitLabel="Turn off"
      busyLabel="Turning off..."
      onOpenChange={onOpenChange}
    >
      <FormField label="Authentication code" error={errors.code?.message}>
        <Input
          {...dialog.form.register("code")}
          autoComplete="one-time-code"
          // No autoFocus: the dialog focuses its first field itself; an input focused while the
          // dialog mounts would be taken for the opener, and focus would not return on close.
          disabled={dialog.busy}
        />
      </FormField>
      <FormField label="Or your password" error={errors.password?.message}>
        <Input
          {...dialog.form.register("password")}
          type="password"
          autoComplete="current-password"
          disabled={dialog.busy}
        />
      </FormField>
    </FormDialog>
  );
}

/**
 * New recovery codes: the form, then the codes in the same dialog box (not a second dialog), so
 * closing it gives focus back to the button that opened it.
 */
export function RecoveryCodesDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const regenerate = useRegenerateRecoveryCodes();
  const [codes, setCodes] = React.useState<string[] | null>(null);
  const dialog = useFormDialog({
    schema: z.object({ code: totpCodeSchema }),
    defaultValues: { code: "" },
    run: ({ code }) => regenerate.mutateAsync(code),
    success: () => ({ title: "New recovery codes created" }),
    failure,
    onDone: (result) => setCodes(result.recoveryCodes),
  });
  return (
    <Dialog open onOpenChange={(open) => !dialog.busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        {codes ? (
          <RecoveryCodesView codes={codes} onDone={() => onOpenChange(false)} />
        ) : (
          <FormDialogBody
            dialog={dialog}
            title="New recovery codes"
            description="Your current recovery codes stop working. Enter a code from your authenticator app."
            submitLabel="Create new codes"
            busyLabel="Creating..."
            onOpenChange={onOpenChange}
          >
            <FormField
              label="Authentication code"
              error={dialog.form.formState.errors.code?.message}
            >
              <Input
                {...dialog.form.register("code")}
                inputMode="numeric"
                autoComplete="one-time-code"
                // No autoFocus, as above.
                disabled={dialog.busy}
              />
            </FormField>
          </FormDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}
