import type * as React from "react";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";

export interface ConfirmDialogProps {
  /** Leave out when the dialog is mounted only while it is shown. */
  open?: boolean;
  title: string;
  description: React.ReactNode;
  confirmLabel: string;
  /** What the confirm button says while the request runs ('Deleting...'). */
  busyLabel: string;
  busy: boolean;
  onConfirm(): void;
  onOpenChange(open: boolean): void;
  /**
   * Where focus goes on close, when not back to the opener (hooks/use-return-focus.ts): call
   * preventDefault() and focus it.
   */
  onCloseAutoFocus?(event: Event): void;
}

/** Cancel / confirm for a destructive action; stays open until the request has finished. */
export function ConfirmDialog({
  open = true,
  title,
  description,
  confirmLabel,
  busyLabel,
  busy,
  onConfirm,
  onOpenChange,
  onCloseAutoFocus,
}: ConfirmDialogProps) {
  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle>{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            disabled={busy}
            onClick={(event) => {
              // Radix closes on click; the caller closes once the server has answered.
              event.preventDefault();
              onConfirm();
            }}
          >
            {busy ? busyLabel : confirmLabel}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
