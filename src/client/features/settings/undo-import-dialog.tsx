// Undo an import: confirmed, since the rows it removes are deleted; the toast says what was
// removed and which rows were kept (edited since, or in use) and why.
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import type { ToastMessage } from "@/client/lib/notify";
import { IMPORT_AREA_LABELS } from "@/domain/imports/columns";
import type { ImportHistoryEntry, ImportUndoResponse } from "@/domain/schemas/imports";
import { useUndoImport } from "./import-history-api";

const rows = (n: number) => `${n} row${n === 1 ? "" : "s"}`;
const NAMED_KEPT = 5;

export function undoneToast(result: ImportUndoResponse): ToastMessage {
  const kept = result.kept.slice(0, NAMED_KEPT).map(({ label, reason }) => {
    const why = reason === "changed" ? "edited since" : "in use";
    return `${label || "(unnamed)"} (${why})`;
  });
  const more = result.kept.length - kept.length;
  return {
    title: "Import undone",
    description:
      result.kept.length === 0
        ? `Removed ${rows(result.removed)}.`
        : `Removed ${rows(result.removed)}; kept ${rows(result.kept.length)}: ${kept.join(", ")}${more > 0 ? ` and ${more} more` : ""}.`,
  };
}

export function UndoImportDialog({
  entry,
  onOpenChange,
}: {
  entry: ImportHistoryEntry;
  onOpenChange(open: boolean): void;
}) {
  const undo = useUndoImport();
  const action = useDialogAction({
    run: () => undo.mutateAsync(entry.id),
    success: undoneToast,
    failure: (error) => ({
      title: "Error",
      description: `Failed to undo the import: ${error instanceof Error ? error.message : "Unknown error"}`,
    }),
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Undo this import?"
      description={`The ${rows(entry.rows)} of ${IMPORT_AREA_LABELS[entry.area]} it created${entry.fileName ? ` from ${entry.fileName}` : ""} are deleted, except those edited or used since, which are kept and listed.`}
      confirmLabel="Undo import"
      busyLabel="Undoing..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}
