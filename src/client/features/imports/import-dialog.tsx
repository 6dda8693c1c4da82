// The Import dialog of a list page (issues 15 and 31): pick a CSV file or an Excel workbook, check
// it (upload progress, then the mapping of its columns and every row's problems beside the row),
// change any column's field, separator, sheet or date format (checked again at once), import it
// (the server's count of rows written, polled), with the area's template one click away. The
// server checks everything again on import. Choices made by hand are remembered per area.
import { useQueryClient } from "@tanstack/react-query";
import { DownloadIcon } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
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
  XLSX_MEDIA_TYPE,
} from "@/domain/schemas/imports";
import {
  checkImportFile,
  fetchImportProgress,
  type ImportReading,
  importFile,
  importTemplateUrl,
} from "./api";
import { ColumnMappingTable, ReadingOptions } from "./import-mapping";
import { PreviewSummary, PreviewTable, plural } from "./import-preview";
import { rememberedFor, rememberMapping } from "./remembered-mapping";

const POLL_MS = 500;

type Step =
  | { kind: "choose" }
  | { kind: "checking"; uploaded: number; preview: ImportPreviewResponse | null }
  | { kind: "preview"; preview: ImportPreviewResponse }
  | { kind: "importing"; preview: ImportPreviewResponse; uploaded: number; written: string | null };

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;
const NO_READING: ImportReading = { mapping: {} };

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
  const separatorId = useId();
  const sheetId = useId();
  const dateFormatId = useId();
  const queryClient = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [reading, setReading] = useState<ImportReading>(NO_READING);
  const [step, setStep] = useState<Step>({ kind: "choose" });
  const [error, setError] = useState<string | null>(null);
  // Only the latest check's answer is shown when the person changes things quickly.
  const latestCheck = useRef(0);
  const importing = step.kind === "importing";

  useEffect(() => {
    if (!open) {
      setFile(null);
      setReading(NO_READING);
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

  async function check(next: ImportReading, first = false) {
    if (!file) {
      setError("Choose a CSV file or an Excel workbook first.");
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setError(`The file is larger than ${MAX_IMPORT_MEGABYTES} MB, the most one import takes.`);
      return;
    }
    const id = ++latestCheck.current;
    const shown = step.kind === "preview" ? step.preview : null;
    setError(null);
    setReading(next);
    setStep({ kind: "checking", uploaded: 0, preview: shown });
    try {
      let preview = await checkImportFile(area, file, next, (uploaded) => {
        if (id === latestCheck.current) setStep({ kind: "checking", uploaded, preview: shown });
      });
      // A new file: the columns this person mapped by hand last time are mapped so again.
      const remembered = first ? rememberedFor(area, preview.mapping) : {};
      if (Object.keys(remembered).length > 0) {
        next = { ...next, mapping: remembered };
        setReading(next);
        preview = await checkImportFile(area, file, next, () => {});
      }
      if (id !== latestCheck.current) return;
      rememberMapping(area, preview.mapping);
      setStep({ kind: "preview", preview });
    } catch (caught) {
      if (id !== latestCheck.current) return;
      setError((caught as Error).message);
      setStep(shown ? { kind: "preview", preview: shown } : { kind: "choose" });
    }
  }

  /** One column to another field: a field held by another chosen column is taken from it. */
  function mapColumn(column: string, field: string | null) {
    const mapping: Record<string, string | null> = {};
    for (const [name, chosen] of Object.entries(reading.mapping)) {
      mapping[name] = field !== null && chosen === field ? null : chosen;
    }
    mapping[column] = field;
    void check({ ...reading, mapping });
  }

  async function runImport(preview: ImportPreviewResponse) {
    if (!file) return;
    setError(null);
    setStep({ kind: "importing", preview, uploaded: 0, written: null });
    try {
      const result = await importFile(area, file, reading, preview.invalidRows > 0, (uploaded) =>
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

  const preview =
    step.kind === "preview" || step.kind === "importing"
      ? step.preview
      : step.kind === "checking"
        ? step.preview
        : null;
  const busy = step.kind === "checking" || importing;
  const blocked =
    !preview || preview.missingFields.length > 0 || preview.dateFormat.ambiguous || busy;

  return (
    <Dialog open={open} onOpenChange={(next) => !importing && onOpenChange(next)}>
      <DialogContent className="sm:max-w-3xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>
            Add {IMPORT_AREA_LABELS[area]} from a CSV file or an Excel workbook (a header row naming
            the columns, at most {MAX_IMPORT_MEGABYTES} MB). Check the file first: you can choose
            where each column goes, and nothing is saved until you import.
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
          <Label htmlFor={fileId}>CSV or Excel file</Label>
          <input
            id={fileId}
            type="file"
            accept={`.csv,.tsv,.txt,.xlsx,text/csv,${XLSX_MEDIA_TYPE}`}
            disabled={busy}
            onChange={(event) => {
              latestCheck.current++;
              setFile(event.target.files?.[0] ?? null);
              setReading(NO_READING);
              setStep({ kind: "choose" });
              setError(null);
            }}
            className="text-sm file:mr-3 file:rounded-md file:border file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
          />
        </div>

        <FormAlert>{error}</FormAlert>

        {preview && (
          <>
            <ReadingOptions
              preview={preview}
              disabled={busy}
              separatorId={separatorId}
              sheetId={sheetId}
              dateFormatId={dateFormatId}
              onSeparator={(separator) => void check({ ...reading, separator, mapping: {} })}
              onSheet={(sheet) => void check({ ...reading, sheet, mapping: {} })}
              onDateFormat={(dateFormat) => void check({ ...reading, dateFormat })}
            />
            <ColumnMappingTable
              area={area}
              preview={preview}
              disabled={busy}
              onChange={mapColumn}
            />
          </>
        )}

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
              disabled={blocked || preview.validRows === 0}
              onClick={() => void runImport(preview)}
            >
              {importing
                ? "Importing..."
                : preview.invalidRows > 0
                  ? `Import ${plural(preview.validRows, "valid row")}`
                  : `Import ${plural(preview.validRows, "row")}`}
            </Button>
          ) : (
            <Button disabled={busy} onClick={() => void check(reading, true)}>
              {step.kind === "checking" ? "Checking..." : "Check file"}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
