import type * as React from "react";
import { FormAlert } from "@/client/components/form/form-alert";
import { FormDialogFooter } from "@/client/components/form/form-dialog-footer";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import type { FormDialogState } from "@/client/hooks/use-form-dialog";
import { cn } from "@/client/lib/utils";

export interface FormDialogProps {
  /** From useFormDialog: submit, busy and the server's reason. */
  dialog: FormDialogState;
  title: string;
  description: React.ReactNode;
  submitLabel: string;
  /** What the submit button says while the request runs (spec: 'Saving...', 'Assigning...'). */
  busyLabel?: string;
  /** Disables submitting for a reason other than being busy (no seats left...). */
  submitDisabled?: boolean;
  /** Closing: Esc, the close button and Cancel. Not while the request runs. */
  onOpenChange(open: boolean): void;
  /** Width and other classes of the dialog box. */
  className?: string;
  /** The fields (FormField...), laid out as the form needs. */
  children: React.ReactNode;
  /** Shown under the form, outside it (an item's History): its buttons do not submit. */
  after?: React.ReactNode;
}

/**
 * A dialog holding one form. Mount it only while it is shown, so each opening starts from the
 * default values; focus returns to whatever opened it (DialogContent does that).
 */
export function FormDialog({ className, ...body }: FormDialogProps) {
  return (
    <Dialog open onOpenChange={(open) => !body.dialog.busy && body.onOpenChange(open)}>
      <DialogContent className={cn("sm:max-w-lg", className)}>
        <FormDialogBody {...body} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * What FormDialog shows inside its box, for a dialog that shows something else after the form
 * in the same box (a secret shown once): the box stays open, so focus still returns to the opener.
 */
export function FormDialogBody({
  dialog,
  title,
  description,
  submitLabel,
  busyLabel = "Saving...",
  submitDisabled,
  onOpenChange,
  children,
  after,
}: Omit<FormDialogProps, "className">) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{description}</DialogDescription>
      </DialogHeader>
      <form onSubmit={dialog.onSubmit} noValidate className="grid gap-4">
        {children}
        <FormAlert>{dialog.problem}</FormAlert>
        <FormDialogFooter
          busy={dialog.busy}
          busyLabel={busyLabel}
          submitLabel={submitLabel}
          submitDisabled={submitDisabled}
          onCancel={() => onOpenChange(false)}
        />
      </form>
      {after}
    </>
  );
}
