// Settings card 'Imports' (issue 31, item 4), for administrators: the newest imports with who ran
// them, when, the file and the rows created, and Undo behind a confirmation (decision 0045).
// Settings because it spans every list; each list's Import dialog stays where it was.
import { History, Undo2 } from "lucide-react";
import * as React from "react";
import { IconAction } from "@/client/components/icon-action";
import { LoadFailed } from "@/client/components/load-failed";
import { Badge } from "@/client/components/ui/badge";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { formatTimestamp } from "@/client/lib/format";
import { IMPORT_AREA_LABELS } from "@/domain/imports/columns";
import type { ImportHistoryEntry } from "@/domain/schemas/imports";
import { IMPORT_HISTORY_PAGE, useImportHistory } from "./import-history-api";
import { SettingsCard } from "./settings-card";
import { UndoImportDialog } from "./undo-import-dialog";

function outcomeOf(entry: ImportHistoryEntry) {
  if (entry.undoneAt) {
    return (
      <Badge variant="secondary">
        Undone{entry.undoneByName ? ` by ${entry.undoneByName}` : ""}
      </Badge>
    );
  }
  if (!entry.finishedAt) return <Badge variant="secondary">Running</Badge>;
  if (entry.outcome === "error") return <Badge variant="destructive">Failed</Badge>;
  return null;
}

export function ImportHistoryCard() {
  const history = useImportHistory();
  const [undoing, setUndoing] = React.useState<ImportHistoryEntry | null>(null);
  return (
    <SettingsCard
      icon={History}
      title="Imports"
      description={`The last ${IMPORT_HISTORY_PAGE} imports from files. Undo removes the rows an import created, except those edited or used since.`}
    >
      {history.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading imports" />
      ) : history.isError ? (
        <LoadFailed what="imports" query={history} />
      ) : history.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No imports yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <Table aria-label="Imports">
            <TableHeader>
              <TableRow>
                <TableHead>List</TableHead>
                <TableHead>File</TableHead>
                <TableHead>By</TableHead>
                <TableHead>When</TableHead>
                <TableHead className="text-right">Rows</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {history.data.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="font-medium">{IMPORT_AREA_LABELS[entry.area]}</TableCell>
                  <TableCell className="break-all">{entry.fileName ?? "—"}</TableCell>
                  <TableCell>{entry.userName ?? "—"}</TableCell>
                  <TableCell>{formatTimestamp(entry.startedAt)}</TableCell>
                  <TableCell className="text-right">{entry.rows}</TableCell>
                  <TableCell className="text-right">
                    {outcomeOf(entry)}
                    {entry.undoable && (
                      <IconAction
                        label={`Undo the import of ${entry.fileName ?? IMPORT_AREA_LABELS[entry.area]}`}
                        onClick={() => setUndoing(entry)}
                      >
                        <Undo2 aria-hidden="true" />
                      </IconAction>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      {undoing && (
        <UndoImportDialog entry={undoing} onOpenChange={(open) => !open && setUndoing(null)} />
      )}
    </SettingsCard>
  );
}
