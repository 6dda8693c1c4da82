// The events a notification channel chooses, as checkboxes: one list for the Add and Edit dialogs,
// with the labels the channels card shows too.
import type { Control, FieldValues, Path } from "react-hook-form";
import { Controller } from "react-hook-form";
import { Checkbox } from "@/client/components/ui/checkbox";
import { NOTIFICATION_EVENT_TYPES, type NotificationEventType } from "@/domain/notifications";

export const EVENT_LABELS: Record<NotificationEventType, string> = {
  reminder: "Reminders (30/15/7 days)",
  seat_threshold: "Seats at or below threshold",
  budget: "Budget at 80% and 100%",
  sync_failed: "Import or sync failed",
  import_finished: "Import finished",
  offboarded: "Person offboarded",
  request_pending: "Hardware request waiting for approval",
};

/** The form's `events` field as a fieldset of checkboxes; `idPrefix` keeps two dialogs' ids apart. */
export function NotificationEventChoices<T extends FieldValues, TOut = T>({
  control,
  name,
  idPrefix,
}: {
  control: Control<T, unknown, TOut>;
  name: Path<T>;
  idPrefix: string;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Events</legend>
      <Controller
        control={control}
        name={name}
        render={({ field }) => {
          const chosen = field.value as NotificationEventType[];
          return (
            <>
              {NOTIFICATION_EVENT_TYPES.map((type) => {
                const id = `${idPrefix}-${type}`;
                return (
                  <div key={type} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={chosen.includes(type)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked ? [...chosen, type] : chosen.filter((t) => t !== type),
                        )
                      }
                    />
                    <label htmlFor={id} className="text-sm">
                      {EVENT_LABELS[type]}
                    </label>
                  </div>
                );
              })}
            </>
          );
        }}
      />
    </fieldset>
  );
}
