// The expense calendar (spec part 1, 2.10): a month grid with previous/next month and today, a
// legend, 'Next Important Date', the selected day's events and the month summary. The grid is a
// WAI-ARIA grid: one day is in the tab order (roving tabindex); arrows move by a day or a week,
// Home/End to the week's edges, PageUp/PageDown by a month; Enter or a click shows the day.
import { ChevronLeftIcon, ChevronRightIcon } from "lucide-react";
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from "react";
import { FormAlert } from "@/client/components/form/form-alert";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatCalendarDate } from "@/client/lib/format";
import { cn } from "@/client/lib/utils";
import { monthGrid, moveDay } from "@/domain/expenses/calendar";
import type { EventKind, EventSource } from "@/domain/expenses/schedule";
import type {
  CalendarEvent,
  CalendarMonthResponse,
  DisplayCurrencyCode,
} from "@/domain/expenses/schemas";
import { monthOf } from "@/domain/money/months";
import { useCalendarDay, useCalendarMonth } from "./api";
import { money } from "./expense-format";

const WEEKDAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
];

export const KIND_LABELS: Record<EventKind, string> = {
  payment: "Payment",
  expiry: "Expiry",
  renewal: "Renewal",
};
const KIND_DOT: Record<EventKind, string> = {
  payment: "bg-emerald-600",
  expiry: "bg-red-600",
  renewal: "bg-amber-500",
};
const SOURCE_NAMES: Record<EventSource, string> = {
  license: "License",
  directory: "Directory",
  gsuite: "G Suite",
  account: "Office Account",
  hardware: "Hardware Warranty",
};

function monthTitle(month: string) {
  const [year, m] = month.split("-").map(Number) as [number, number];
  return new Date(year, m - 1, 1).toLocaleString("en-US", { month: "long", year: "numeric" });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function EventList({
  events,
  count,
  currency,
  label,
}: {
  events: CalendarEvent[];
  count: number;
  currency: DisplayCurrencyCode;
  label: string;
}) {
  if (count === 0) return <p className="text-sm text-muted-foreground">No events on this day.</p>;
  return (
    <>
      <ul aria-label={label} className="flex flex-col divide-y">
        {events.map((event, index) => (
          <li
            // Events have no id of their own; the order is stable for a day.
            // biome-ignore lint/suspicious/noArrayIndexKey: position is the identity here
            key={index}
            className="flex items-start justify-between gap-3 py-2 text-sm"
          >
            <div className="flex min-w-0 items-start gap-2">
              <span
                aria-hidden="true"
                className={cn("mt-1.5 size-2 shrink-0 rounded-full", KIND_DOT[event.kind])}
              />
              <div className="min-w-0">
                <p className="truncate font-medium">{event.name}</p>
                <p className="text-xs text-muted-foreground">
                  {KIND_LABELS[event.kind]} · {SOURCE_NAMES[event.source]}
                </p>
              </div>
            </div>
            <span className="shrink-0 tabular-nums">
              {event.amount === null ? "—" : money(event.amount, currency)}
            </span>
          </li>
        ))}
      </ul>
      {count > events.length && (
        <p className="pt-2 text-xs text-muted-foreground">
          Showing {events.length} of {count} events.
        </p>
      )}
    </>
  );
}

function DayPanel({
  date,
  currency,
  today,
}: {
  date: string;
  currency: DisplayCurrencyCode;
  today: string;
}) {
  const day = useCalendarDay(date, currency, today);
  const title = formatCalendarDate(date);
  return (
    <Card role="region" aria-label="Day events">
      <CardHeader>
        <CardTitle>Events on {title}</CardTitle>
      </CardHeader>
      <CardContent>
        {day.isError ? (
          <FormAlert>Failed to load the day's events: {day.error.message}</FormAlert>
        ) : day.data && day.data.date === date ? (
          <>
            <EventList
              events={day.data.events}
              count={day.data.count}
              currency={currency}
              label={`Events on ${title}`}
            />
            {day.data.count > 0 && (
              <p className="pt-2 text-sm">
                Payments due: <strong>{money(day.data.amount, currency)}</strong>
              </p>
            )}
          </>
        ) : (
          <Skeleton className="h-16 w-full" aria-label="Loading the day's events" />
        )}
      </CardContent>
    </Card>
  );
}

function dayLabel(date: string, info: CalendarMonthResponse["days"][number] | undefined) {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const weekday = WEEKDAY_NAMES[new Date(y, m - 1, d).getDay()];
  const base = `${weekday}, ${formatCalendarDate(date)}`;
  if (!info) return `${base}, no events`;
  const parts = [
    info.payments && plural(info.payments, "payment", "payments"),
    info.expiries && plural(info.expiries, "expiry", "expiries"),
    info.renewals && plural(info.renewals, "renewal", "renewals"),
  ].filter(Boolean);
  return `${base}, ${parts.join(", ")}`;
}

export function ExpenseCalendar({
  currency,
  today,
}: {
  currency: DisplayCurrencyCode;
  today: string;
}) {
  const [selected, setSelected] = useState(today);
  const [focusWanted, setFocusWanted] = useState(false);
  const month = monthOf(selected);
  const calendar = useCalendarMonth(month, currency, today);
  const weeks = useMemo(() => monthGrid(month), [month]);
  const grid = useRef<HTMLTableElement>(null);
  const byDate = useMemo(
    () => new Map((calendar.data?.days ?? []).map((day) => [day.date, day])),
    [calendar.data],
  );
  const loaded = calendar.data?.month === month ? calendar.data : undefined;

  // After a keyboard move the focus follows the selected day, also into another month's grid.
  useEffect(() => {
    if (!focusWanted) return;
    grid.current?.querySelector<HTMLElement>(`[data-date="${selected}"]`)?.focus();
    setFocusWanted(false);
  }, [focusWanted, selected]);

  function onKeyDown(event: KeyboardEvent) {
    const next = moveDay(selected, event.key);
    if (!next) return;
    event.preventDefault();
    setSelected(next);
    setFocusWanted(true);
  }

  const goMonth = (count: number) => {
    const [y, m] = month.split("-").map(Number) as [number, number];
    const first = new Date(y, m - 1 + count, 1);
    setSelected(`${first.getFullYear()}-${String(first.getMonth() + 1).padStart(2, "0")}-01`);
  };

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Card>
        <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
          <CardTitle aria-live="polite" id="calendar-month">
            {monthTitle(month)}
          </CardTitle>
          <div className="flex gap-1">
            <Button
              variant="outline"
              size="sm"
              onClick={() => goMonth(-1)}
              aria-label="Previous month"
            >
              <ChevronLeftIcon aria-hidden="true" />
            </Button>
            <Button variant="outline" size="sm" onClick={() => setSelected(today)}>
              Today
            </Button>
            <Button variant="outline" size="sm" onClick={() => goMonth(1)} aria-label="Next month">
              <ChevronRightIcon aria-hidden="true" />
            </Button>
          </div>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          {calendar.isError && (
            <FormAlert>Failed to load the calendar: {calendar.error.message}</FormAlert>
          )}
          {/* A table with the grid role: the WAI-ARIA grid pattern for a date picker. */}
          <table
            ref={grid}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a calendar grid is the grid pattern
            role="grid"
            aria-labelledby="calendar-month"
            aria-busy={!loaded}
            className="w-full table-fixed border-collapse text-sm"
          >
            <thead>
              <tr>
                {WEEKDAYS.map((day, i) => (
                  <th
                    key={day}
                    scope="col"
                    abbr={WEEKDAY_NAMES[i]}
                    className="py-1 text-xs font-medium text-muted-foreground"
                  >
                    {day}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week[0]}>
                  {week.map((date) => {
                    const info = loaded ? byDate.get(date) : undefined;
                    const inMonth = monthOf(date) === month;
                    const isSelected = date === selected;
                    return (
                      <td
                        key={date}
                        // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the grid pattern's cell
                        role="gridcell"
                        data-date={date}
                        tabIndex={isSelected ? 0 : -1}
                        aria-selected={isSelected}
                        aria-current={date === today ? "date" : undefined}
                        aria-label={dayLabel(date, info)}
                        onClick={() => setSelected(date)}
                        onKeyDown={onKeyDown}
                        className={cn(
                          "h-16 cursor-pointer border p-1 align-top outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-inset",
                          !inMonth && "bg-muted/40 text-muted-foreground",
                          isSelected && "bg-primary/10",
                        )}
                      >
                        <span
                          className={cn(
                            "inline-flex size-6 items-center justify-center rounded-full text-xs",
                            date === today && "bg-primary font-semibold text-primary-foreground",
                          )}
                        >
                          {Number(date.slice(8))}
                        </span>
                        {info && (
                          <span aria-hidden="true" className="mt-1 flex flex-wrap gap-0.5">
                            {info.payments > 0 && (
                              <span className={cn("size-2 rounded-full", KIND_DOT.payment)} />
                            )}
                            {info.expiries > 0 && (
                              <span className={cn("size-2 rounded-full", KIND_DOT.expiry)} />
                            )}
                            {info.renewals > 0 && (
                              <span className={cn("size-2 rounded-full", KIND_DOT.renewal)} />
                            )}
                          </span>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
          <ul aria-label="Legend" className="flex flex-wrap gap-4 text-xs text-muted-foreground">
            {(Object.keys(KIND_LABELS) as EventKind[]).map((kind) => (
              <li key={kind} className="flex items-center gap-1.5">
                <span aria-hidden="true" className={cn("size-2 rounded-full", KIND_DOT[kind])} />
                {KIND_LABELS[kind]}
              </li>
            ))}
          </ul>
        </CardContent>
      </Card>

      <div className="flex flex-col gap-6">
        <Card role="region" aria-label="Next Important Date">
          <CardHeader>
            <CardTitle>Next Important Date</CardTitle>
          </CardHeader>
          <CardContent>
            {!calendar.data ? (
              <Skeleton className="h-12 w-full" aria-label="Loading the next important date" />
            ) : calendar.data.nextImportantDate ? (
              <>
                <p className="pb-2 font-medium">
                  {formatCalendarDate(calendar.data.nextImportantDate.date)}
                </p>
                <EventList
                  events={calendar.data.nextImportantDate.events.slice(0, 5)}
                  count={calendar.data.nextImportantDate.count}
                  currency={currency}
                  label="Next important events"
                />
              </>
            ) : (
              <p className="text-sm text-muted-foreground">Nothing coming up.</p>
            )}
          </CardContent>
        </Card>

        <DayPanel date={selected} currency={currency} today={today} />

        <Card role="region" aria-label="Month summary">
          <CardHeader>
            <CardTitle>Month Summary</CardTitle>
          </CardHeader>
          <CardContent>
            {loaded ? (
              <dl className="grid grid-cols-2 gap-2 text-sm">
                <dt className="text-muted-foreground">Payments</dt>
                <dd className="text-right tabular-nums">{loaded.summary.payments}</dd>
                <dt className="text-muted-foreground">Expiries</dt>
                <dd className="text-right tabular-nums">{loaded.summary.expiries}</dd>
                <dt className="text-muted-foreground">Renewals</dt>
                <dd className="text-right tabular-nums">{loaded.summary.renewals}</dd>
                <dt className="text-muted-foreground">Total payments</dt>
                <dd className="text-right font-semibold tabular-nums">
                  {money(loaded.summary.amount, currency)}
                </dd>
              </dl>
            ) : (
              <Skeleton className="h-20 w-full" aria-label="Loading the month summary" />
            )}
          </CardContent>
        </Card>
      </div>
    </div>
  );
}
