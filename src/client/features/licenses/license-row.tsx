import {
  HistoryIcon,
  PencilIcon,
  RefreshCwIcon,
  Trash2Icon,
  UserPlusIcon,
  XIcon,
} from "lucide-react";
import { memo, useState } from "react";
import { IconAction } from "@/client/components/icon-action";
import { TableCell, TableRow } from "@/client/components/ui/table";
import { formatCalendarDate, formatMoney, titleCase } from "@/client/lib/format";
import { getLicenseStatus } from "@/domain/license-status";
import type { AssignmentResponse, LicenseResponse } from "@/domain/schemas/licenses";
import { LicenseKeyToggle } from "./license-key-toggle";
import { LicenseStatusBadge } from "./license-status-badge";
import { NO_SEATS_LEFT } from "./license-toasts";

// Assignees shown on a row before '+N more', so a 30-seat license does not make a tall row.
const ASSIGNEES_SHOWN = 3;

export type LicenseAction = "assign" | "renew" | "edit" | "delete" | "history";

interface LicenseRowProps {
  license: LicenseResponse;
  today: string;
  isAdmin: boolean;
  /** Active assignments of this license (administrators only). */
  assignments: AssignmentResponse[];
  onAction(action: LicenseAction, license: LicenseResponse): void;
  onUnassign(assignment: AssignmentResponse): void;
}

function daysHint(daysLeft: number | null, key: string): string | null {
  if (daysLeft === null) return null;
  if (key === "expired") return `Expired ${-daysLeft} day${daysLeft === -1 ? "" : "s"} ago`;
  if (key === "expiring") {
    return daysLeft === 0 ? "Expires today" : `${daysLeft} day${daysLeft === 1 ? "" : "s"} left`;
  }
  return null;
}

// Memoised: typing in the search box or opening a dialog must not re-render 50 rows; the page
// passes stable callbacks and the same assignments array until new data arrives.
export const LicenseRow = memo(function LicenseRow({
  license,
  today,
  isAdmin,
  assignments,
  onAction,
  onUnassign,
}: LicenseRowProps) {
  const status = getLicenseStatus(license, today);
  const hint = daysHint(status.daysLeft, status.key);
  const [showAllAssignees, setShowAllAssignees] = useState(false);
  const hiddenAssignees = showAllAssignees ? 0 : Math.max(0, assignments.length - ASSIGNEES_SHOWN);
  const shownAssignees = assignments.slice(0, assignments.length - hiddenAssignees);

  return (
    <TableRow>
      <TableCell className="min-w-40 whitespace-normal">
        <div className="font-medium">{license.name}</div>
        <div className="text-xs text-muted-foreground">
          {license.product} · {titleCase(license.licenseType)}
        </div>
        {/* The record's own free-text status (spec part 1, section 3), beside the computed badge. */}
        <div className="text-xs text-muted-foreground">{`Status: ${license.status}`}</div>
      </TableCell>
      <TableCell className="whitespace-nowrap">
        <LicenseKeyToggle
          key={license.licenseKeyMasked}
          licenseId={license.id}
          masked={license.licenseKeyMasked}
        />
      </TableCell>
      <TableCell>
        <div className="grid gap-1">
          <LicenseStatusBadge status={status} />
          {license.renewalStatus === "auto" ? (
            <span className="text-sm">Auto-renews</span>
          ) : (
            <div className="text-sm">
              {license.expiryDate ? formatCalendarDate(license.expiryDate) : "No expiry date"}
              {hint && <div className="text-xs text-muted-foreground">{hint}</div>}
            </div>
          )}
        </div>
      </TableCell>
      {isAdmin && (
        <>
          <TableCell className="min-w-40 whitespace-normal">
            <div className="text-sm">
              {license.assignedSeats} / {license.totalSeats} seats used
            </div>
            {license.lowSeats && (
              <div className="text-xs font-medium text-amber-800 dark:text-amber-300">
                Low on seats: {license.seatsLeft} left (alert at {license.lowSeatThreshold})
              </div>
            )}
            {license.unusedSeats > 0 && (
              <div className="text-xs text-muted-foreground">
                {license.unusedSeats} unused {license.unusedSeats === 1 ? "seat" : "seats"}
              </div>
            )}
            {assignments.length > 0 && (
              <ul
                className="mt-1 flex flex-wrap gap-1"
                aria-label={`Assigned users of ${license.name}`}
              >
                {shownAssignees.map((assignment) => (
                  <li
                    key={assignment.id}
                    className="inline-flex items-center gap-0.5 rounded-full bg-muted py-0.5 pr-0.5 pl-2 text-xs"
                  >
                    {assignment.assignedTo}
                    <button
                      type="button"
                      aria-label={`Unassign ${assignment.assignedTo}`}
                      title={`Unassign ${assignment.assignedTo}`}
                      onClick={() => onUnassign(assignment)}
                      className="rounded-full p-0.5 text-muted-foreground hover:bg-background hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      <XIcon aria-hidden="true" className="size-3" />
                    </button>
                  </li>
                ))}
                {hiddenAssignees > 0 && (
                  <li>
                    <button
                      type="button"
                      onClick={() => setShowAllAssignees(true)}
                      className="rounded-full px-2 py-0.5 text-xs text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      +{hiddenAssignees} more
                    </button>
                  </li>
                )}
              </ul>
            )}
          </TableCell>
          <TableCell giveWay={1}>
            <div className="tabular-nums">
              {formatMoney(license.paymentAmount, license.paymentCurrency)}
            </div>
            <div className="text-xs text-muted-foreground">
              {titleCase(license.paymentFrequency)}
            </div>
          </TableCell>
          <TableCell>
            <div className="flex justify-end gap-0.5">
              <IconAction
                label="Assign license"
                unavailable={license.seatsLeft <= 0 ? NO_SEATS_LEFT : undefined}
                onClick={() => onAction("assign", license)}
              >
                <UserPlusIcon aria-hidden="true" />
              </IconAction>
              <IconAction label="Renew license" onClick={() => onAction("renew", license)}>
                <RefreshCwIcon aria-hidden="true" />
              </IconAction>
              <IconAction label="Edit license" onClick={() => onAction("edit", license)}>
                <PencilIcon aria-hidden="true" />
              </IconAction>
              <IconAction
                label="Delete license"
                className="text-destructive hover:text-destructive"
                onClick={() => onAction("delete", license)}
              >
                <Trash2Icon aria-hidden="true" />
              </IconAction>
              <IconAction label="View access history" onClick={() => onAction("history", license)}>
                <HistoryIcon aria-hidden="true" />
              </IconAction>
            </div>
          </TableCell>
        </>
      )}
    </TableRow>
  );
});
