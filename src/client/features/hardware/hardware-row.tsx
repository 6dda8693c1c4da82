import { PencilIcon, SendIcon, Trash2Icon, UserMinusIcon, UserPlusIcon } from "lucide-react";
import { memo } from "react";
import { IconAction } from "@/client/components/icon-action";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatCalendarDate } from "@/client/lib/format";
import { hardwareTypeLabel } from "@/domain/hardware-types";
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { HardwareSpecsSummary } from "./hardware-specs-summary";
import { HardwareStatusBadge } from "./hardware-status-badge";

export type HardwareAction = "assign" | "unassign" | "edit" | "delete" | "request";

interface HardwareRowProps {
  item: HardwareResponse;
  isAdmin: boolean;
  viewerId: number;
  onAction(action: HardwareAction, item: HardwareResponse): void;
}

// Memoised: typing in the search box must not re-render every row.
export const HardwareRow = memo(function HardwareRow({
  item,
  isAdmin,
  viewerId,
  onAction,
}: HardwareRowProps) {
  const held = item.assignedToUserId !== null;
  return (
    <TableRow>
      <TableCell className="min-w-40 whitespace-normal">
        <div className="font-medium">{item.name}</div>
        {item.pcName && <div className="text-xs text-muted-foreground">{item.pcName}</div>}
        <HardwareSpecsSummary specs={item.specs} />
      </TableCell>
      <TableCell giveWay={2}>{hardwareTypeLabel(item.type)}</TableCell>
      <TableCell giveWay={2} className="font-mono text-xs">
        {item.identifier}
      </TableCell>
      <TableCell giveWay={1}>{item.location ?? "—"}</TableCell>
      <TableCell>
        <HardwareStatusBadge status={item.status} />
      </TableCell>
      <TableCell>
        {!held ? (
          <span className="text-muted-foreground">Available</span>
        ) : item.assignedToUserId === viewerId && !isAdmin ? (
          "Assigned to You"
        ) : (
          item.assignedToName
        )}
      </TableCell>
      <TableCell giveWay={1}>{formatCalendarDate(item.warrantyExpiry)}</TableCell>
      <TableCell>
        <div className="flex justify-end gap-0.5">
          {isAdmin ? (
            <>
              {held ? (
                <IconAction
                  label={`Unassign ${item.name}`}
                  onClick={() => onAction("unassign", item)}
                >
                  <UserMinusIcon aria-hidden="true" />
                </IconAction>
              ) : (
                <IconAction label={`Assign ${item.name}`} onClick={() => onAction("assign", item)}>
                  <UserPlusIcon aria-hidden="true" />
                </IconAction>
              )}
              <IconAction label={`Edit ${item.name}`} onClick={() => onAction("edit", item)}>
                <PencilIcon aria-hidden="true" />
              </IconAction>
              <IconAction
                label={`Delete ${item.name}`}
                className="text-destructive hover:text-destructive"
                onClick={() => onAction("delete", item)}
              >
                <Trash2Icon aria-hidden="true" />
              </IconAction>
            </>
          ) : (
            !held && (
              <IconAction label={`Request ${item.name}`} onClick={() => onAction("request", item)}>
                <SendIcon aria-hidden="true" />
              </IconAction>
            )
          )}
        </div>
      </TableCell>
    </TableRow>
  );
});
