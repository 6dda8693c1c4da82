import { memo } from "react";
import { Link } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { TableCell, TableRow } from "@/client/components/ui/table";
import type { ActivityResponse } from "@/domain/schemas/activity";
import { ActivityChanges, ActivityWhen, ActivityWho } from "./activity-cells";
import { activityActionLabel, activityAreaLabel } from "./activity-labels";
import { activityItemPath } from "./item-link";

/** One record of the Activity page: when, who, from where, what, and what changed. */
export const ActivityRow = memo(function ActivityRow({ record }: { record: ActivityResponse }) {
  const itemPath = activityItemPath(record);
  const itemName = record.itemLabel ?? (record.itemId === null ? null : `#${record.itemId}`);
  return (
    <TableRow className="align-top">
      <TableCell className="pl-4">
        <ActivityWhen record={record} />
      </TableCell>
      <TableCell>
        <ActivityWho record={record} linkToPerson />
      </TableCell>
      <TableCell className="font-mono text-xs" title={record.userAgent ?? undefined}>
        {record.ipAddress ?? "—"}
      </TableCell>
      <TableCell>
        <Badge variant="secondary">{activityActionLabel(record.action)}</Badge>
      </TableCell>
      <TableCell className="whitespace-normal">
        <span className="block text-xs text-muted-foreground">
          {activityAreaLabel(record.area)}
        </span>
        {itemPath && itemName ? (
          <Link
            to={itemPath}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            {itemName}
          </Link>
        ) : (
          itemName && <span className="font-medium">{itemName}</span>
        )}
      </TableCell>
      <TableCell className="min-w-64 pr-4 whitespace-normal">
        <ActivityChanges record={record} />
      </TableCell>
    </TableRow>
  );
});
