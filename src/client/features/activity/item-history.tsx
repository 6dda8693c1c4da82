// An item's History inside its dialog (issue 15): the activity log's records of that one item,
// newest first, a page at a time. Closed at first; the records are asked for only once opened.
// Only administrators read the log (the server refuses anyone else), so others see no section.
import { ChevronDown, History } from "lucide-react";
import { useId, useState } from "react";
import { ListCard } from "@/client/components/list-card";
import { ListTable } from "@/client/components/list-table";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { TableCell, TableHead, TableRow } from "@/client/components/ui/table";
import { useAuth } from "@/client/features/auth";
import { ITEM_HISTORY_PAGE_SIZE } from "@/client/lib/page-sizes";
import { cn } from "@/client/lib/utils";
import type { ActivityArea } from "@/domain/activity";
import { ActivityChanges, ActivityWhen, ActivityWho } from "./activity-cells";
import { activityActionLabel } from "./activity-labels";
import { useActivityPage } from "./api";

export interface ItemHistoryProps {
  area: ActivityArea;
  itemId: number;
}

export function ItemHistory({ area, itemId }: ItemHistoryProps) {
  const { isAdmin } = useAuth();
  const [open, setOpen] = useState(false);
  const regionId = useId();
  if (!isAdmin) return null;
  return (
    <section aria-label="History" className="grid gap-3 border-t pt-4">
      <Button
        type="button"
        variant="ghost"
        className="w-fit px-2"
        aria-expanded={open}
        aria-controls={regionId}
        onClick={() => setOpen((shown) => !shown)}
      >
        <History aria-hidden="true" />
        History
        <ChevronDown
          aria-hidden="true"
          className={cn("transition-transform", open && "rotate-180")}
        />
      </Button>
      <div id={regionId} hidden={!open}>
        {open && <ItemHistoryRecords area={area} itemId={itemId} />}
      </div>
    </section>
  );
}

/** The item's records, for a dialog that has its own tab for them (mounted when shown). */
export function ItemHistoryRecords({ area, itemId }: ItemHistoryProps) {
  const [page, setPage] = useState(1);
  const records = useActivityPage({ area, itemId: String(itemId) }, page, ITEM_HISTORY_PAGE_SIZE);
  const pager = records.data && {
    label: "History pages",
    page,
    pageSize: ITEM_HISTORY_PAGE_SIZE,
    offset: records.data.offset,
    shown: records.data.rows.length,
    total: records.data.total,
    estimated: records.data.estimated,
    onPageChange: setPage,
  };
  return (
    <ListCard
      query={records}
      loadingLabel="Loading history"
      errorTitle="Failed to load the history."
      errorDetail={records.error?.message}
      empty={{
        icon: <History />,
        title: "No history yet.",
        description: "Nothing has been recorded for this item.",
      }}
      pager={pager}
    >
      <div className="max-h-72 overflow-auto">
        <ListTable
          label="History"
          busy={records.isPlaceholderData}
          head={
            <>
              <TableHead className="pl-4">When</TableHead>
              <TableHead>Who</TableHead>
              <TableHead>Action</TableHead>
              <TableHead className="pr-4">Changes</TableHead>
            </>
          }
        >
          {records.data?.rows.map((record) => (
            <TableRow key={record.id} className="align-top">
              <TableCell className="pl-4">
                <ActivityWhen record={record} />
              </TableCell>
              <TableCell>
                <ActivityWho record={record} />
              </TableCell>
              <TableCell>
                <Badge variant="secondary">{activityActionLabel(record.action)}</Badge>
              </TableCell>
              <TableCell className="min-w-56 pr-4 whitespace-normal">
                <ActivityChanges record={record} />
              </TableCell>
            </TableRow>
          ))}
        </ListTable>
      </div>
    </ListCard>
  );
}
