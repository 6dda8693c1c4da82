// Settings card 'Notification channels' (issue 34), for administrators: the Slack, Teams and
// webhook channels with their masked URLs and events, Send test, delete (confirmed), and the
// latest deliveries with their last error and a Retry for those given up.
import { BellRing, PencilIcon, PlusIcon, SendIcon, Trash2Icon } from "lucide-react";
import * as React from "react";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { IconAction } from "@/client/components/icon-action";
import { LoadFailed } from "@/client/components/load-failed";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import { formatTimestamp } from "@/client/lib/format";
import { notify } from "@/client/lib/notify";
import type { NotificationChannel } from "@/domain/schemas/notifications";
import { AddNotificationChannelDialog, KIND_LABELS } from "./add-notification-channel-dialog";
import { EditNotificationChannelDialog } from "./edit-notification-channel-dialog";
import { EVENT_LABELS } from "./notification-event-choices";
import {
  useDeleteNotificationChannel,
  useNotificationChannels,
  useNotificationDeliveries,
  useRetryNotificationDelivery,
  useTestNotificationChannel,
} from "./notifications-api";
import { SettingsCard } from "./settings-card";

const detail = (error: unknown) => (error instanceof Error ? error.message : "Unknown error");

export function NotificationChannelsCard() {
  const channels = useNotificationChannels();
  const test = useTestNotificationChannel();
  const [adding, setAdding] = React.useState(false);
  const [deleting, setDeleting] = React.useState<NotificationChannel | null>(null);
  const [editing, setEditing] = React.useState<NotificationChannel | null>(null);

  return (
    <SettingsCard
      icon={BellRing}
      title="Notification channels"
      description="Alerts in Slack, Microsoft Teams or any webhook, sent in the background and retried. Each channel chooses its events; Send test sends a test message whatever it chose."
    >
      {channels.isPending ? (
        <Skeleton className="h-24 w-full" aria-label="Loading notification channels" />
      ) : channels.isError ? (
        <LoadFailed what="notification channels" query={channels} />
      ) : channels.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">No notification channels yet.</p>
      ) : (
        <Table aria-label="Notification channels">
          <TableHeader>
            <TableRow>
              <TableHead>Name</TableHead>
              <TableHead>Kind</TableHead>
              <TableHead>URL</TableHead>
              <TableHead>Events</TableHead>
              <TableHead>
                <span className="sr-only">Actions</span>
              </TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {channels.data.map((channel) => (
              <TableRow key={channel.id}>
                <TableCell className="font-medium">{channel.name}</TableCell>
                <TableCell>{KIND_LABELS[channel.kind]}</TableCell>
                <TableCell className="max-w-48 truncate font-mono text-xs">
                  {channel.urlMasked}
                </TableCell>
                <TableCell className="text-xs">
                  {channel.events.length === 0
                    ? "None"
                    : channel.events.map((event) => EVENT_LABELS[event]).join(", ")}
                </TableCell>
                <TableCell className="text-right whitespace-nowrap">
                  <IconAction
                    label={`Send test to ${channel.name}`}
                    disabled={test.isPending}
                    onClick={() =>
                      test.mutate(channel.id, {
                        onSuccess: () =>
                          notify.success({
                            title: "Test message queued",
                            description: `It goes to ${channel.name} within seconds.`,
                          }),
                        onError: (error) =>
                          notify.error({ title: "Error", description: detail(error) }),
                      })
                    }
                  >
                    <SendIcon aria-hidden="true" />
                  </IconAction>
                  <IconAction label={`Edit ${channel.name}`} onClick={() => setEditing(channel)}>
                    <PencilIcon aria-hidden="true" />
                  </IconAction>
                  <IconAction label={`Delete ${channel.name}`} onClick={() => setDeleting(channel)}>
                    <Trash2Icon aria-hidden="true" />
                  </IconAction>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      <div>
        <Button onClick={() => setAdding(true)}>
          <PlusIcon aria-hidden="true" />
          Add channel
        </Button>
      </div>
      <NotificationDeliveries />
      {adding && <AddNotificationChannelDialog onOpenChange={setAdding} />}
      {editing && (
        <EditNotificationChannelDialog
          channel={editing}
          onOpenChange={(open) => !open && setEditing(null)}
        />
      )}
      {deleting && (
        <DeleteChannelDialog
          channel={deleting}
          onOpenChange={(open) => !open && setDeleting(null)}
        />
      )}
    </SettingsCard>
  );
}

function DeleteChannelDialog({
  channel,
  onOpenChange,
}: {
  channel: NotificationChannel;
  onOpenChange(open: boolean): void;
}) {
  const remove = useDeleteNotificationChannel();
  const action = useDialogAction({
    run: () => remove.mutateAsync(channel.id),
    success: () => ({
      title: "Channel deleted",
      description: `${channel.name} gets no more alerts.`,
    }),
    failure: (error) => ({ title: "Error", description: `Failed to delete: ${detail(error)}` }),
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Delete notification channel?"
      description={`"${channel.name}" gets no more alerts, and its waiting deliveries are dropped.`}
      confirmLabel="Delete"
      busyLabel="Deleting..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}

function NotificationDeliveries() {
  const deliveries = useNotificationDeliveries();
  const retry = useRetryNotificationDelivery();
  if (deliveries.isError) return <LoadFailed what="deliveries" query={deliveries} />;
  if (!deliveries.data) {
    return <Skeleton className="h-16 w-full" aria-label="Loading deliveries" />;
  }
  if (deliveries.data.length === 0) {
    return <p className="text-sm text-muted-foreground">No deliveries yet.</p>;
  }
  return (
    <Table aria-label="Latest deliveries">
      <TableHeader>
        <TableRow>
          <TableHead>Message</TableHead>
          <TableHead>Channel</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>Last error</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {deliveries.data.map((delivery) => (
          <TableRow key={delivery.id}>
            <TableCell>{delivery.title}</TableCell>
            <TableCell>{delivery.channelName}</TableCell>
            <TableCell>
              {delivery.status === "sent" ? (
                <Badge variant="outline">Sent {formatTimestamp(delivery.sentAt)}</Badge>
              ) : delivery.status === "failed" ? (
                <Badge variant="destructive">Failed after {delivery.attempts} attempts</Badge>
              ) : delivery.nextAttemptAt && delivery.attempts > 0 ? (
                <Badge variant="secondary">Retry {formatTimestamp(delivery.nextAttemptAt)}</Badge>
              ) : (
                <Badge variant="secondary">Queued</Badge>
              )}
            </TableCell>
            <TableCell className="max-w-64 truncate" title={delivery.lastError ?? undefined}>
              {delivery.lastError}
            </TableCell>
            <TableCell>
              {delivery.status === "failed" && (
                <Button
                  variant="outline"
                  size="sm"
                  disabled={retry.isPending}
                  aria-label={`Retry ${delivery.title} to ${delivery.channelName}`}
                  onClick={() =>
                    retry.mutate(delivery.id, {
                      onSuccess: () => notify.success({ title: "Queued again" }),
                      onError: (error) =>
                        notify.error({ title: "Error", description: detail(error) }),
                    })
                  }
                >
                  Retry
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
