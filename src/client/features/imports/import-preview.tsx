// What the Import dialog shows once a file is checked: a one-line summary, and each row beside its
// problems (the server lists the first rows only; the summary says how many more).
import { ListTable } from "@/client/components/list-table";
import { TableCell, TableHead, TableRow } from "@/client/components/ui/table";
import type { ImportPreviewResponse } from "@/domain/schemas/imports";

/** Cells shown beside each row: enough to recognise it. */
const SHOWN_COLUMNS = 2;

export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

export function PreviewSummary({ preview }: { preview: ImportPreviewResponse }) {
  const ignored =
    preview.ignoredColumns.length > 0
      ? ` Columns not imported: ${preview.ignoredColumns.join(", ")}.`
      : "";
  // What must be chosen before anything can be imported comes first.
  if (preview.missingFields.length > 0) {
    return (
      <>{`Choose the column of the file that holds ${preview.missingFields.join(", ")}: ${
        preview.missingFields.length === 1 ? "it is" : "they are"
      } required.`}</>
    );
  }
  if (preview.dateFormat.ambiguous) {
    return <>Choose the date format: every date of the file could be month first or day first.</>;
  }
  if (preview.invalidRows === 0) {
    return <>{`All ${plural(preview.totalRows, "row")} can be imported.${ignored}`}</>;
  }
  return (
    <>
      {`${plural(preview.totalRows, "row")}: ${preview.validRows} can be imported, ${
        preview.invalidRows
      } ${preview.invalidRows === 1 ? "has problems" : "have problems"} and will be skipped.${ignored}`}
      {preview.unlistedInvalidRows > 0 &&
        ` ${preview.unlistedInvalidRows} more rows with problems are not listed.`}
    </>
  );
}

export function PreviewTable({ preview }: { preview: ImportPreviewResponse }) {
  const shown = preview.columns.slice(0, SHOWN_COLUMNS);
  return (
    <div className="max-h-80 overflow-auto rounded-md border">
      <ListTable
        label="Rows of the file"
        head={
          <>
            <TableHead>Line</TableHead>
            {shown.map((column) => (
              <TableHead key={column}>{column}</TableHead>
            ))}
            <TableHead>Problems</TableHead>
          </>
        }
      >
        {preview.rows.map((row) => (
          <TableRow key={row.line}>
            <TableCell>{row.line}</TableCell>
            {shown.map((column) => (
              <TableCell key={column} className="max-w-48 truncate">
                {row.values[column]}
              </TableCell>
            ))}
            <TableCell className="whitespace-normal">
              {row.problems.length === 0 ? (
                <span className="text-muted-foreground">OK</span>
              ) : (
                <ul className="list-disc pl-4 text-destructive">
                  {row.problems.map((problem) => (
                    <li key={problem}>{problem}</li>
                  ))}
                </ul>
              )}
            </TableCell>
          </TableRow>
        ))}
      </ListTable>
    </div>
  );
}
