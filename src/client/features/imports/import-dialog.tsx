// The Import dialog of a list page (issue 15): pick a CSV file, check it (upload progress, then
// every row's problems beside the row), import it (the server's count of rows written, polled),
// with the area's template one click away. The server checks everything again on import.
import { useQueryClient } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { FormAlert } from "@/client/components/form/form-alert";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Label } from "@/client/components/ui/label";
import { notify } from "@/client/lib/notify";
import { IMPORT_AREA_LABELS, type ImportArea } from "@/domain/imports/columns";
import {
  type ImportPreviewResponse,
  MAX_IMPORT_BYTES,
  MAX_IMPORT_MEGABYTES,
} from "@/domain/schemas/imports";
import { checkImportFile, fetchImportProgress, importFile, importTemplateUrl } from "./api";
import { PreviewSummary, PreviewTable, plural } from "./import-preview";

const POLL_MS = 500;

type Step =
  | { kind: "choose" }
  | { kind: "checking"; uploaded: number }
  | { kind: "preview"; preview: ImportPreviewResponse }
  | { kind: "importing"; preview: ImportPreviewResponse; uploaded: number; written: string | null };

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

export function ImportDialog({
  area,
  title,
  open,
  onOpenChange,
}: {
  area: ImportArea;
  /** "Import Licenses" */
  title: string;
  open: boolean;
  onOpenChange(open: boolean): void;
}) {
  const fileId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  const importing = step.kind === "importing";

  useEffect(() => {
    if (!open) {
      setFile(null);
      setStep({ kind: "choose" });
      setError(null);
    }
  }, [open]);

  // While the import runs, the server counts the rows it has written.
  useEffect(() => {
    if (!importing) return;
    const timer = setInterval(() => {
      fetchImportProgress(area)
        .then((progress) => {
          if (progress.phase !== "writing") return;
          setStep((current) =>
            current.kind === "importing"
              ? { ...current, written: `${progress.processed} of ${progress.total}` }
              : current,
          );
        })
        .catch(() => {});
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [importing, area]);

  async function check() {
    if (!file) {
      setError("Choose a CSV file first.");
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setError(`The file is larger than ${MAX_IMPORT_MEGABYTES} MB, the most one import takes.`);
      return;
    }
    setError(null);
    setStep({ kind: "checking", uploaded: 0 });
    try {
      const preview = await checkImportFile(area, file, (uploaded) =>
        setStep({ kind: "checking", uploaded }),
      );
      setStep({ kind: "preview", preview });
    } catch (caught) {
      setError((caught as Error).message);
      setStep({ kind: "choose" });
    }
  }

  async function runImport(preview: ImportPreviewResponse) {
    if (!file) return;
    setError(null);
    setStep({ kind: "importing", preview, uploaded: 0, written: null });
    try {
      const result = await importFile(area, file, preview.invalidRows > 0, (uploaded) =>
        setStep((current) => (current.kind === "importing" ? { ...current, uploaded } : current)),
      );
      await queryClient.invalidateQueries();
      notify.success({
        title: "Import complete",
        description: `${plural(result.imported, "row")} imported${
          result.skipped > 0 ? `, ${result.skipped} skipped` : ""
        }.`,
      });
      onOpenChange(false);
    } catch (caught) {
      setError((caught as Error).message);
      setStep({ kind: "preview", preview });
    }
  }

  const preview = step.kind === "preview" || step.kind === "importing" ? step.preview : null;
  const busy = step.kind === "checking" || importing;

  return (
    <Dialog open={open} onOpenChange={(next) => !importing && onOpenChange(next)}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Add {IMPORT_AREA_LABELS[area]} from a CSV file (UTF-8, a header row naming the columns,
            at most {MAX_IMPORT_MEGABYTES} MB). Check the file first: nothing is saved until you
            import.
          </DialogDescription>
        </DialogHeader>

        <a
          href={importTemplateUrl(area)}
          download
          className="inline-flex w-fit items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          <DownloadIcon aria-hidden="true" className="size-4" />
          Download the template
        </a>

        <div className="grid gap-2">
          <Label htmlFor={fileId}>CSV file</Label>
          <input
            id={fileId}
            type="file"
            accept=".csv,text/csv"
            disabled={busy}
            onChange={(event) => {
              setFile(event.target.files?.[0] ?? null);
              setStep({ kind: "choose" });
              setError(null);
            }}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </div>

        <FormAlert>{error}</FormAlert>

        <p role="status" aria-live="polite" className="text-sm text-muted-foreground">
          {step.kind === "checking" &&
            (step.uploaded < 1
              ? `Uploading ${percent(step.uploaded)}...`
              : "Checking every row...")}
          {step.kind === "importing" &&
            (step.uploaded < 1
              ? `Uploading ${percent(step.uploaded)}...`
              : step.written
                ? `Importing: ${step.written} rows written...`
                : "Checking the file again...")}
          {step.kind === "preview" && <PreviewSummary preview={step.preview} />}
        </p>

        {preview && <PreviewTable preview={preview} />}

        <DialogFooter>
          <Button variant="outline" disabled={importing} onClick={() => onOpenChange(false)}>
            Cancel
          </Button>
          {preview ? (
            <Button
              disabled={importing || preview.validRows === 0}
              onClick={() => void runImport(preview)}
            >
              {importing
                ? "Importing..."
                : preview.invalidRows > 0
                  ? `Import ${plural(preview.validRows, "valid row")}`
                  : `Import ${plural(preview.validRows, "row")}`}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => void check()}>
              {step.kind === "checking" ? "Checking..." : "Check file"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
