// An administrator's reminder days per obligation kind: one row a kind, days typed as a list
// ("30, 15, 7"), saved row by row. An empty list turns that kind's reminders off.
import * as React from "react";
import { Button } from "@/client/components/ui/button";
import { Input } from "@/client/components/ui/input";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { isApiError } from "@/client/lib/api-client";
import { notify } from "@/client/lib/notify";
import { REMINDER_KIND_LABELS, type ReminderKind } from "@/domain/reminders";
import type { ReminderOffsetsResponse } from "@/domain/schemas/reminders";
import { useUpdateReminderOffsets } from "./reminders-api";

const DAYS_FORMAT = /^\s*(\d+\s*(,\s*\d+\s*)*)?$/;
const daysText = (days: number[]) => days.join(", ");

export function ReminderOffsetsTable({ offsets }: { offsets: ReminderOffsetsResponse["offsets"] }) {
  return (
    <Table aria-label="Reminder days by kind">
      <TableHeader>
        <TableRow>
          <TableHead>Kind</TableHead>
          <TableHead>Days before</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {offsets.map(({ kind, days }) => (
          <OffsetRow key={kind} kind={kind} days={days} />
        ))}
      </TableBody>
    </Table>
  );
}

function OffsetRow({ kind, days }: { kind: ReminderKind; days: number[] }) {
  const [text, setText] = React.useState(daysText(days));
  const [error, setError] = React.useState<string | null>(null);
  const update = useUpdateReminderOffsets();
  const label = REMINDER_KIND_LABELS[kind];
  const errorId = `reminder-days-${kind}-error`;

  // A saved answer becomes the row's new starting point.
  React.useEffect(() => setText(daysText(days)), [days]);

  const save = async () => {
    if (!DAYS_FORMAT.test(text)) {
      setError("Type whole numbers of days separated by commas, such as 30, 15, 7");
      return;
    }
    setError(null);
    const parsed = text
      .split(",")
      .map((part) => part.trim())
      .filter(Boolean)
      .map(Number);
    try {
      await update.mutateAsync({ kind, days: parsed });
      notify.success({ title: "Reminder days saved", description: label });
    } catch (caught) {
      const fieldMessage = isApiError(caught) ? caught.errors?.[0]?.message : undefined;
      setError(fieldMessage ?? (caught as Error).message);
    }
  };

  return (
    <TableRow>
      <TableCell className="font-medium">{label}</TableCell>
      <TableCell>
        <Input
          className="w-40"
          aria-label={`${label}: days before`}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") void save();
          }}
        />
        {error && (
          <p id={errorId} role="alert" className="mt-1 text-sm text-destructive">
            {error}
          </p>
        )}
      </TableCell>
      <TableCell>
        <Button
          variant="outline"
          size="sm"
          disabled={update.isPending || text === daysText(days)}
          onClick={() => void save()}
        >
          {/* The row's kind is in the name but not on screen; the visible word stays part of
              the name while it changes (axe's label-content-name-mismatch). */}
          {update.isPending ? "Saving..." : "Save"}
          <span className="sr-only"> {label} days</span>
        </Button>
      </TableCell>
    </TableRow>
  );
}
