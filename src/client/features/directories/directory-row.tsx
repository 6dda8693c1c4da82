// One listing in the Directories table: name, URL (a link opening in a new tab), payment with
// its currency symbol, frequency, status, next payment (flagged when overdue), actions.
import { CreditCardIcon, PencilIcon, Trash2Icon } from "lucide-react";
import { memo } from "react";
import { IconAction } from "@/client/components/icon-action";
import { Badge } from "@/client/components/ui/badge";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatCalendarDate, formatMoney } from "@/client/lib/format";
import {
  DIRECTORY_STATUS_LABELS,
  directoryFrequencyLabel,
  isDirectoryOverdue,
} from "@/domain/directories";
import type { DirectoryResponse } from "@/domain/schemas/directories";

export type DirectoryAction = "edit" | "pay" | "delete";

const STATUS_VARIANT = {
  active: "default",
  "one-off": "secondary",
  cancelled: "outline",
} as const;

export const DirectoryRow = memo(function DirectoryRow({
  directory,
  today,
  onAction,
}: {
  directory: DirectoryResponse;
  today: string;
  onAction(action: DirectoryAction, directory: DirectoryResponse): void;
}) {
  const overdue = isDirectoryOverdue(directory, today);
  const paid = directory.isOneTime && directory.nextPaymentDate === null;
  return (
    <TableRow>
      <TableCell className="font-medium">{directory.name}</TableCell>
      <TableCell>
        {directory.url ? (
          <a
            href={directory.url}
            target="_blank"
            rel="noopener noreferrer"
            className="text-primary underline-offset-4 hover:underline"
          >
            {directory.url.replace(/^https?:\/\//, "")}
          </a>
        ) : (
          "—"
        )}
      </TableCell>
      <TableCell>{formatMoney(directory.paymentAmount, directory.paymentCurrency)}</TableCell>
      <TableCell>
        {directory.isOneTime
          ? "One-time"
          : directoryFrequencyLabel(directory.paymentFrequencyMonths)}
      </TableCell>
      <TableCell>
        <Badge variant={STATUS_VARIANT[directory.status]}>
          {DIRECTORY_STATUS_LABELS[directory.status]}
        </Badge>
      </TableCell>
      <TableCell>
        {paid ? (
          "Paid"
        ) : (
          <span className="flex items-center gap-2">
            {formatCalendarDate(directory.nextPaymentDate)}
            {overdue && <Badge variant="destructive">Overdue</Badge>}
          </span>
        )}
      </TableCell>
      <TableCell className="text-right">
        <div className="flex justify-end gap-1">
          {!directory.isCancelled && !paid && (
            <IconAction
              label={`Record payment for ${directory.name}`}
              onClick={() => onAction("pay", directory)}
            >
              <CreditCardIcon />
            </IconAction>
          )}
          <IconAction label={`Edit ${directory.name}`} onClick={() => onAction("edit", directory)}>
            <PencilIcon />
          </IconAction>
          <IconAction
            label={`Delete ${directory.name}`}
            onClick={() => onAction("delete", directory)}
          >
            <Trash2Icon />
          </IconAction>
        </div>
      </TableCell>
    </TableRow>
  );
});
