// The mapping step of the Import dialog: each column of the file beside the field it goes to (or
// Ignore), as the server suggested or the person chose, and how the file is read (separator,
// sheet, date format). Every change is checked again at once by the dialog.
import { SelectInput, type SelectOption } from "@/client/components/form/select-input";
import { ListTable } from "@/client/components/list-table";
import { Label } from "@/client/components/ui/label";
import { TableCell, TableHead, TableRow } from "@/client/components/ui/table";
import { IMPORT_COLUMNS, type ImportArea } from "@/domain/imports/columns";
import { DATE_FORMAT_LABELS, DATE_FORMATS, type DateFormat } from "@/domain/imports/values";
import {
  CSV_SEPARATORS,
  type CsvSeparator,
  type ImportPreviewResponse,
} from "@/domain/schemas/imports";

/** Radix's select takes no empty value: this one stands for "ignore the column". */
const IGNORE = "__ignore__";

const SEPARATOR_LABELS: Record<CsvSeparator, string> = {
  comma: "Comma (,)",
  semicolon: "Semicolon (;)",
  tab: "Tab",
};

export function fieldOptions(area: ImportArea): SelectOption[] {
  return [
    { value: IGNORE, label: "Ignore" },
    ...IMPORT_COLUMNS[area].map((column) => ({
      value: column.field,
      label: column.required ? `${column.header} (required)` : column.header,
    })),
  ];
}

export function ColumnMappingTable({
  area,
  preview,
  disabled,
  onChange,
}: {
  area: ImportArea;
  preview: ImportPreviewResponse;
  disabled: boolean;
  onChange(column: string, field: string | null): void;
}) {
  const options = fieldOptions(area);
  return (
    // No scroll box of its own: the dialog scrolls, so a keyboard reaches every column.
    <div className="rounded-md border">
      <ListTable
        label="Columns of the file"
        head={
          <>
            <TableHead>Column of the file</TableHead>
            <TableHead>Goes to</TableHead>
          </>
        }
      >
        {preview.mapping.map((entry) => (
          <TableRow key={entry.column}>
            <TableCell className="max-w-48 truncate">{entry.column}</TableCell>
            <TableCell>
              <div className="flex items-center gap-2">
                <SelectInput
                  aria-label={`Field for ${entry.column}`}
                  className="w-56"
                  disabled={disabled}
                  value={entry.field ?? IGNORE}
                  options={options}
                  onValueChange={(value) => onChange(entry.column, value === IGNORE ? null : value)}
                />
                {entry.suggested && entry.field && (
                  <span className="text-xs text-muted-foreground">suggested</span>
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </div>
  );
}

export function ReadingOptions({
  preview,
  disabled,
  separatorId,
  sheetId,
  dateFormatId,
  onSeparator,
  onSheet,
  onDateFormat,
}: {
  preview: ImportPreviewResponse;
  disabled: boolean;
  separatorId: string;
  sheetId: string;
  dateFormatId: string;
  onSeparator(separator: CsvSeparator): void;
  onSheet(sheet: string): void;
  onDateFormat(format: DateFormat): void;
}) {
  const { dateFormat } = preview;
  return (
    <div className="flex flex-wrap gap-4">
      {preview.separator && (
        <div className="grid gap-1">
          <Label htmlFor={separatorId}>Separator</Label>
          <SelectInput
            id={separatorId}
            className="w-44"
            disabled={disabled}
            value={preview.separator}
            options={CSV_SEPARATORS.map((value) => ({ value, label: SEPARATOR_LABELS[value] }))}
            onValueChange={onSeparator}
          />
        </div>
      )}
      {preview.sheets.length > 1 && (
        <div className="grid gap-1">
          <Label htmlFor={sheetId}>Sheet</Label>
          <SelectInput
            id={sheetId}
            className="w-44"
            disabled={disabled}
            value={preview.sheet ?? undefined}
            options={preview.sheets.map((sheet) => ({ value: sheet, label: sheet }))}
            onValueChange={onSheet}
          />
        </div>
      )}
      {dateFormat.used && (
        <div className="grid gap-1">
          <Label htmlFor={dateFormatId}>Date format</Label>
          <SelectInput
            id={dateFormatId}
            className="w-64"
            disabled={disabled}
            value={dateFormat.ambiguous ? undefined : dateFormat.used}
            placeholder="Choose: month or day first?"
            options={DATE_FORMATS.map((value) => ({ value, label: DATE_FORMAT_LABELS[value] }))}
            onValueChange={onDateFormat}
            aria-invalid={dateFormat.ambiguous || undefined}
          />
        </div>
      )}
    </div>
  );
}
