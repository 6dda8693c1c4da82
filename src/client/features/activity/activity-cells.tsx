// The parts of one activity record that the Activity page and an item's History both show: who
// did it, and which fields changed from what to what (secrets arrive masked from the server and
// are shown as they come).
import { Link } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import { formatTimestamp } from "@/client/lib/format";
import type { ActivityResponse } from "@/domain/schemas/activity";
import { plainWords } from "./activity-labels";

/** Longer values (a note, a JSON spec) are cut here; the whole value is in the cell's title. */
const MAX_VALUE_CHARS = 80;

function valueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "string") return value;
  return JSON.stringify(value);
}

function Value({ value }: { value: unknown }) {
  const text = valueText(value);
  const short = text.length > MAX_VALUE_CHARS ? `${text.slice(0, MAX_VALUE_CHARS)}…` : text;
  return (
    <span className="break-words" title={short === text ? undefined : text}>
      {short}
    </span>
  );
}

export function ActivityWhen({ record }: { record: ActivityResponse }) {
  return (
    <time dateTime={record.occurredAt} className="whitespace-nowrap">
      {formatTimestamp(record.occurredAt)}
    </time>
  );
}

/**
 * Who made the change. On the Activity page the name filters the log by that person; the server
 * itself (a scheduled job) and a deleted person have no name to show.
 */
export function ActivityWho({
  record,
  linkToPerson = false,
}: {
  record: ActivityResponse;
  linkToPerson?: boolean;
}) {
  const name =
    record.via === "system"
      ? "System"
      : record.via === "scim"
        ? "Identity provider (SCIM)"
        : record.via === "sync"
          ? "Workspace sync"
          : (record.username ??
            (record.userId === null ? "Unknown" : `Deleted user #${record.userId}`));
  return (
    <span className="flex flex-wrap items-center gap-1">
      {linkToPerson && record.userId !== null && record.username ? (
        <Link
          to={`/activity?userId=${record.userId}`}
          className="font-medium text-primary underline-offset-4 hover:underline"
          title={`Show only what ${record.username} did`}
        >
          {name}
        </Link>
      ) : (
        <span className="font-medium">{name}</span>
      )}
      {record.via === "token" && <Badge variant="outline">API token</Badge>}
    </span>
  );
}

/** Each changed field with its value before and after; the record's details when none changed. */
export function ActivityChanges({ record }: { record: ActivityResponse }) {
  const changes = Object.entries(record.changes ?? {});
  if (changes.length > 0) {
    return (
      <ul aria-label="Changed fields" className="grid gap-0.5 text-xs">
        {changes.map(([field, change]) => (
          <li key={field}>
            <span className="font-medium">{plainWords(field)}:</span>{" "}
            <span className="text-muted-foreground">
              <Value value={change.before} />
            </span>{" "}
            <span aria-hidden="true">→</span>
            <span className="sr-only">changed to</span> <Value value={change.after} />
          </li>
        ))}
      </ul>
    );
  }
  const details = Object.entries(record.detail ?? {});
  if (details.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <ul aria-label="Details" className="grid gap-0.5 text-xs text-muted-foreground">
      {details.map(([name, value]) => (
        <li key={name}>
          {plainWords(name)}: <Value value={value} />
        </li>
      ))}
    </ul>
  );
}
