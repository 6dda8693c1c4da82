import { Button } from "@/client/components/ui/button";
import { DialogFooter } from "@/client/components/ui/dialog";

export interface FormDialogFooterProps {
  /** The form is being sent: both buttons wait, and the submit button says busyLabel. */
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Disables submitting for a reason other than being busy (no seats left...). */
  submitDisabled?: boolean;
  onCancel(): void;
}

/** Cancel and submit at the foot of a form in a dialog; goes inside the <form>. */
export function FormDialogFooter({
  busy,
  submitLabel,
  busyLabel,
  submitDisabled = false,
  onCancel,
}: FormDialogFooterProps) {
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy || submitDisabled}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </DialogFooter>
  );
}
