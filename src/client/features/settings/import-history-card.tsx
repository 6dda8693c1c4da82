// Settings card 'Imports' (issue 31, item 4), for administrators: the imports newest first, a page
// at a time (its page in the address), with who ran them, when, the file and the rows created, and Undo behind a confirmation (decision 0045).
// Settings because it spans every list; each list's Import dialog stays where it was.
import { History, Undo2 } from "lucide-react";
import * as React from "react";
import { useSearchParams } from "react-router";
import { IconAction } from "@/client/components/icon-action";
import { ListPager } from "@/client/components/list-pager";
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
import { useSearchParamsUpdate } from "@/client/hooks/use-search-params-update";
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

/** The card's page in the address (?importsPage=2), so a reload or a shared link keeps it. */
const PAGE_PARAM = "importsPage";

function usePageParam() {
  const [params] = useSearchParams();
  const updateParams = useSearchParamsUpdate();
  const raw = Number(params.get(PAGE_PARAM));
  const page = Number.isInteger(raw) && raw >= 1 ? raw : 1;
  const setPage = React.useCallback(
    (next: number) =>
      updateParams((current) => {
        if (next <= 1) current.delete(PAGE_PARAM);
        else current.set(PAGE_PARAM, String(next));
        return current;
      }),
    [updateParams],
  );
  return [page, setPage] as const;
}

export function ImportHistoryCard() {
  const [page, setPage] = usePageParam();
  const history = useImportHistory(page);
  const pageCount = history.data
    ? Math.max(1, Math.ceil(history.data.total / IMPORT_HISTORY_PAGE))
    : 1;
  // A page past the end (imports undone elsewhere, an old link): the last page instead.
  React.useEffect(() => {
    if (history.data && page > pageCount) setPage(pageCount);
  }, [history.data, page, pageCount, setPage]);
  const [undoing, setUndoing] = React.useState<ImportHistoryEntry | null>(null);
  return (
    <SettingsCard
      icon={History}
      title="Imports"
      description="Imports from files, newest first. Undo removes the rows an import created, except those edited or used since."
    >
      {history.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading imports" />
      ) : history.isError ? (
        <LoadFailed what="imports" query={history} />
      ) : history.data.total === 0 ? (
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
              {history.data.rows.map((entry) => (
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
          {history.data.total > IMPORT_HISTORY_PAGE && (
            <div className="mt-3">
              <ListPager
                label="Imports pages"
                page={page}
                pageCount={pageCount}
                offset={history.data.offset}
                shown={history.data.rows.length}
                total={history.data.total}
                onPageChange={setPage}
              />
            </div>
          )}
        </div>
      )}
      {undoing && (
        <UndoImportDialog entry={undoing} onOpenChange={(open) => !open && setUndoing(null)} />
      )}
    </SettingsCard>
  );
}
