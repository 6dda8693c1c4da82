import { z } from "zod";
import { FormDialog } from "@/client/components/form/form-dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import type { NotificationEventType } from "@/domain/notifications";
import {
  type NotificationChannel,
  type UpdateNotificationChannelRequest,
  updateNotificationChannelRequestSchema,
} from "@/domain/schemas/notifications";
import { NotificationEventChoices } from "./notification-event-choices";
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
      <NotificationEventChoices control={control} name="events" idPrefix="edit-channel-event" />
    </FormDialog>
  );
}
