import { HistoryIcon, UserMinusIcon, UserPlusIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardAction,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { formatCalendarDate, titleCase } from "@/client/lib/format";
import { getLicenseStatus } from "@/domain/license-status";
import type { AssignmentResponse, LicenseResponse } from "@/domain/schemas/licenses";
import { ASSIGNMENTS_LISTED_PER_CARD, visibleAssignments } from "./assignment-groups";
import { LicenseStatusBadge } from "./license-status-badge";
import { NO_SEATS_LEFT } from "./license-toasts";

interface LicenseAssignmentCardProps {
  license: LicenseResponse;
  assignments: AssignmentResponse[];
  today: string;
  onAssign(): void;
  onUnassign(assignment: AssignmentResponse): void;
  onViewHistory(): void;
}

export function LicenseAssignmentCard({
  license,
  assignments,
  today,
  onAssign,
  onUnassign,
  onViewHistory,
}: LicenseAssignmentCardProps) {
  const [showAll, setShowAll] = useState(false);
  const listed = visibleAssignments(assignments, showAll);
  const titleId = `license-card-${license.id}`;
  const noSeats = license.seatsLeft <= 0;
  const noSeatsId = `license-card-${license.id}-no-seats`;

  return (
    <Card aria-labelledby={titleId} role="region" className="gap-4" data-license-card="">
      <CardHeader>
        <CardTitle id={titleId}>{license.name}</CardTitle>
        <CardDescription>
          {license.product} · {titleCase(license.licenseType)}
        </CardDescription>
        <CardAction>
          <LicenseStatusBadge status={getLicenseStatus(license, today)} />
        </CardAction>
      </CardHeader>
      <CardContent className="grid gap-4">
        <dl className="grid grid-cols-3 gap-2 rounded-lg bg-muted/60 p-3 text-center">
          <div>
            <dt className="text-xs text-muted-foreground">Total</dt>
            <dd className="text-lg font-semibold tabular-nums">{license.totalSeats}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Assigned</dt>
            <dd className="text-lg font-semibold tabular-nums">{license.assignedSeats}</dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground">Available</dt>
            <dd className="text-lg font-semibold tabular-nums">{license.seatsLeft}</dd>
          </div>
        </dl>

        <div className="grid gap-2">
          <h4 className="text-sm font-medium">Current Assignments</h4>
          {assignments.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody holds a seat yet.</p>
          ) : (
            <ul className="grid gap-1">
              {listed.map((assignment) => (
                <li
                  key={assignment.id}
                  className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5"
                >
                  <div className="min-w-0">
                    <div className="truncate text-sm font-medium">{assignment.assignedTo}</div>
                    <div className="text-xs text-muted-foreground">
                      Since {formatCalendarDate(assignment.assignedDate)}
                    </div>
                  </div>
                  <Button
                    variant="ghost"
                    size="icon-sm"
                    aria-label={`Unassign ${assignment.assignedTo}`}
                    title={`Unassign ${assignment.assignedTo}`}
                    onClick={() => onUnassign(assignment)}
                  >
                    <UserMinusIcon aria-hidden="true" />
                  </Button>
                </li>
              ))}
            </ul>
          )}
          {assignments.length > ASSIGNMENTS_LISTED_PER_CARD && (
            <Button
              variant="link"
              size="sm"
              className="justify-self-start px-0"
              aria-expanded={showAll}
              onClick={() => setShowAll((value) => !value)}
            >
              {showAll ? "Show fewer" : `Show all ${assignments.length} assignments`}
            </Button>
          )}
        </div>
      </CardContent>
      <CardFooter className="mt-auto flex-wrap gap-2">
        <Button
          size="sm"
          onClick={onAssign}
          disabled={noSeats}
          aria-describedby={noSeats ? noSeatsId : undefined}
        >
          <UserPlusIcon aria-hidden="true" />
          Assign License
        </Button>
        <Button size="sm" variant="outline" onClick={onViewHistory}>
          <HistoryIcon aria-hidden="true" />
          View History
        </Button>
        {/* A disabled button can be neither focused nor hovered: why it is off is written out. */}
        {noSeats && (
          <span id={noSeatsId} className="text-xs text-muted-foreground">
            {NO_SEATS_LEFT}
          </span>
        )}
      </CardFooter>
    </Card>
  );
}
