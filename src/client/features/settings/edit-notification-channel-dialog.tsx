// Edit a notification channel: its name, its events and, when typed, a new URL (checked again by
// the server). The stored URL is never sent back, so a blank URL field keeps it.
import { Controller } from "react-hook-form";
import { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { Checkbox } from "@/client/components/ui/checkbox";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import { NOTIFICATION_EVENT_TYPES, type NotificationEventType } from "@/domain/notifications";
import {
  type NotificationChannel,
  type UpdateNotificationChannelRequest,
  updateNotificationChannelRequestSchema,
} from "@/domain/schemas/notifications";
import { EVENT_LABELS } from "./add-notification-channel-dialog";
import { useUpdateNotificationChannel } from "./notifications-api";

interface EditFormValues {
  name: string;
  url: string;
  events: NotificationEventType[];
}

/** The server's schema, with a blank URL read as "keep it". */
const editSchema = z.preprocess((values) => {
  const v = values as EditFormValues;
  return { ...v, url: v.url.trim() === "" ? undefined : v.url };
}, updateNotificationChannelRequestSchema) as unknown as z.ZodType<
  UpdateNotificationChannelRequest,
  EditFormValues
>;

const detail = (error: unknown) => (error instanceof Error ? error.message : "Unknown error");

export function EditNotificationChannelDialog({
  channel,
  onOpenChange,
}: {
  channel: NotificationChannel;
  onOpenChange(open: boolean): void;
}) {
  const update = useUpdateNotificationChannel(channel.id);
  const dialog = useFormDialog({
    schema: editSchema,
    defaultValues: { name: channel.name, url: "", events: channel.events },
    run: (input) => update.mutateAsync(input),
    success: (result) => ({
      title: "Channel saved",
      description: `${result.name} has been saved.`,
    }),
    failure: (error) => ({ title: "Error", description: `Failed to save: ${detail(error)}` }),
    onDone: () => onOpenChange(false),
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;
  return (
    <FormDialog
      dialog={dialog}
      title="Edit Notification Channel"
      description={`Now posting to ${channel.urlMasked}.`}
      submitLabel="Save"
      busyLabel="Saving..."
      onOpenChange={onOpenChange}
    >
      <FormField label="Name" error={errors.name?.message}>
        {(field) => <Input {...field} {...register("name")} autoComplete="off" />}
      </FormField>
      <FormField
        label="New webhook URL"
        error={errors.url?.message}
        description="Leave blank to keep the current one."
      >
        {(field) => <Input {...field} {...register("url")} type="url" autoComplete="off" />}
      </FormField>
      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium">Events</legend>
        <Controller
          control={control}
          name="events"
          render={({ field }) => (
            <>
              {NOTIFICATION_EVENT_TYPES.map((type) => {
                const id = `edit-channel-event-${type}`;
                return (
                  <div key={type} className="flex items-center gap-2">
                    <Checkbox
                      id={id}
                      checked={field.value.includes(type)}
                      onCheckedChange={(checked) =>
                        field.onChange(
                          checked ? [...field.value, type] : field.value.filter((t) => t !== type),
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
          )}
        />
      </fieldset>
    </FormDialog>
  );
}
