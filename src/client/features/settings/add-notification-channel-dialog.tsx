// Add a notification channel: kind, name, the webhook URL (checked by the server: https, a public
// address) and the events it wants. The answer carries the generic webhook's signing secret this
// once: the same dialog box then shows it with a Copy button; closed, it is gone.
import * as React from "react";
import type { z } from "zod";
import { FormDialogBody } from "@/client/components/form/form-dialog";
import { SelectField } from "@/client/components/form/select-field";
import { SecretShownOnce } from "@/client/components/secret-shown-once";
import { Dialog, DialogContent } from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { useFormDialog } from "@/client/hooks/use-form-dialog";
import type { NotificationChannelKind, NotificationEventType } from "@/domain/notifications";
import {
  type CreateNotificationChannelRequest,
  createNotificationChannelRequestSchema,
} from "@/domain/schemas/notifications";
import { NotificationEventChoices } from "./notification-event-choices";
import { type CreatedNotificationChannel, useCreateNotificationChannel } from "./notifications-api";

export const KIND_LABELS: Record<NotificationChannelKind, string> = {
  slack: "Slack",
  teams: "Microsoft Teams",
  webhook: "Webhook",
};

interface ChannelFormValues {
  kind: NotificationChannelKind;
  name: string;
  url: string;
  events: NotificationEventType[];
}

const KIND_OPTIONS = (Object.keys(KIND_LABELS) as NotificationChannelKind[]).map((kind) => ({
  value: kind,
  label: KIND_LABELS[kind],
}));

const detail = (error: unknown) => (error instanceof Error ? error.message : "Unknown error");

export function AddNotificationChannelDialog({
  onOpenChange,
}: {
  onOpenChange(open: boolean): void;
}) {
  const create = useCreateNotificationChannel();
  const [created, setCreated] = React.useState<CreatedNotificationChannel | null>(null);
  const dialog = useFormDialog({
    schema: createNotificationChannelRequestSchema as z.ZodType<
      CreateNotificationChannelRequest,
      ChannelFormValues
    >,
    defaultValues: { kind: "slack", name: "", url: "", events: [] },
    run: (input) => create.mutateAsync(input),
    success: (result) => ({
      title: "Channel added",
      description: `${result.name} has been added.`,
    }),
    failure: (error) => ({
      title: "Error",
      description: `Failed to add the channel: ${detail(error)}`,
    }),
    onDone: (result) => setCreated(result),
  });
  const {
    register,
    control,
    formState: { errors },
  } = dialog.form;

  return (
    <Dialog open onOpenChange={(open) => !dialog.busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        {created ? (
          <SigningSecret created={created} onDone={() => onOpenChange(false)} />
        ) : (
          <FormDialogBody
            dialog={dialog}
            title="Add Notification Channel"
            description="Alerts are posted to the channel's incoming webhook."
            submitLabel="Add Channel"
            busyLabel="Adding..."
            onOpenChange={onOpenChange}
          >
            <FormField label="Kind" error={errors.kind?.message}>
              {(field) => (
                <SelectField {...field} control={control} name="kind" options={KIND_OPTIONS} />
              )}
            </FormField>
            <FormField label="Name" error={errors.name?.message}>
              {(field) => <Input {...field} {...register("name")} autoComplete="off" />}
            </FormField>
            <FormField
              label="Webhook URL"
              error={errors.url?.message}
              description="An https:// address; it is kept encrypted and shown masked."
            >
              {(field) => <Input {...field} {...register("url")} type="url" autoComplete="off" />}
            </FormField>
            <NotificationEventChoices control={control} name="events" idPrefix="channel-event" />
          </FormDialogBody>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The signing secret, this once. Slack and Teams channels do not use it; webhooks verify with it. */
function SigningSecret({
  created,
  onDone,
}: {
  created: CreatedNotificationChannel;
  onDone(): void;
}) {
  return (
    <SecretShownOnce
      title="Copy the signing secret"
      label="Signing secret"
      value={created.signingSecret}
      description="Slack and Teams channels do not use it; a webhook receiver does."
      copiedTitle="Signing secret copied"
      onDone={onDone}
    >
      This is the only time the signing secret of &ldquo;{created.name}&rdquo; is shown. A receiver
      checks X-Quartermaster-Signature (HMAC-SHA256 of the timestamp, a dot and the body) with it.
    </SecretShownOnce>
  );
}
