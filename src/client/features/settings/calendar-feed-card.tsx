// Settings card 'Calendar feed' (issue 16, decision 0025): a private iCalendar address holding the
// person's renewals, payments and expiries (an administrator's holds everyone's). The server keeps
// only the token's hash, so the address is shown once, when it is made; afterwards the card says a
// feed is active and offers a new address (the old one stops working) or revoking it.
import { CalendarDays } from "lucide-react";
import * as React from "react";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { CopyableValue } from "@/client/components/copyable-value";
import { LoadFailed } from "@/client/components/load-failed";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useAuth } from "@/client/features/auth";
import { formatTimestamp } from "@/client/lib/format";
import { notify } from "@/client/lib/notify";
import { OBLIGATION_KINDS } from "@/domain/obligations";
import { FEED_GROUP_ABOVE } from "@/domain/schemas/calendar-feed";
import { useCalendarFeed, useCreateCalendarFeed, useRevokeCalendarFeed } from "./calendar-feed-api";

export const CALENDAR_FEED_FAILED = "Failed to update your calendar feed. Please try again.";

export function CalendarFeedCard() {
  const { isAdmin } = useAuth();
  const feed = useCalendarFeed();
  const create = useCreateCalendarFeed();
  const revoke = useRevokeCalendarFeed();
  const [url, setUrl] = React.useState<string | null>(null);
  const [confirming, setConfirming] = React.useState(false);

  const makeFeed = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
        notify.success({ title: "Calendar feed created" });
      },
      onError: () => notify.error({ title: "Error", description: CALENDAR_FEED_FAILED }),
    });
  const revokeFeed = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirming(false);
        notify.success({ title: "Calendar feed revoked" });
      },
      onError: () => notify.error({ title: "Error", description: CALENDAR_FEED_FAILED }),
    });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <CalendarDays aria-hidden="true" className="size-5 text-primary" />
          Calendar feed
        </CardTitle>
        <CardDescription>
          {isAdmin
            ? "Every renewal, payment and expiry in your calendar app, through a private address."
            : "Renewals and expiries of what is assigned to you in your calendar app, through a private address."}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {feed.isPending ? (
          <Skeleton className="h-9 w-48" />
        ) : feed.isError ? (
          <LoadFailed what="your calendar feed" query={feed} />
        ) : (
          <>
            {url && <FeedAddress url={url} />}
            {!url && feed.data.active && (
              <p className="text-sm text-muted-foreground">
                A feed address is active since {formatTimestamp(feed.data.createdAt)}. It is shown
                only when it is created: create a new address to see one (the current one then stops
                working).
              </p>
            )}
            {!feed.data.active && (
              <p className="text-sm text-muted-foreground">
                No feed yet. Anyone who has the address can read the feed, so keep it to yourself.
              </p>
            )}
            <div className="flex flex-wrap gap-2">
              <Button onClick={makeFeed} disabled={create.isPending}>
                {create.isPending
                  ? "Creating..."
                  : feed.data.active
                    ? "Create new feed URL"
                    : "Create feed URL"}
              </Button>
              {feed.data.active && (
                <Button variant="outline" onClick={() => setConfirming(true)}>
                  Revoke feed
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
      {confirming && (
        <ConfirmDialog
          title="Revoke calendar feed?"
          description="Calendar apps subscribed to this address will stop receiving updates."
          confirmLabel="Revoke"
          busyLabel="Revoking..."
          busy={revoke.isPending}
          onConfirm={revokeFeed}
          onOpenChange={setConfirming}
        />
      )}
    </Card>
  );
}

/** The new address, selectable, with a copy button; shown until the page is left. */
function FeedAddress({ url }: { url: string }) {
  return (
    <>
      <CopyableValue
        label="Feed URL"
        value={url}
        description="Add it to your calendar app as a subscription. It is shown only now."
        copiedTitle="Feed URL copied"
      />
      {/* The address's one option (decision 0043), said where the address is. */}
      <p className="text-sm text-muted-foreground">
        A day with more than {FEED_GROUP_ABOVE} items of one kind shows as one event naming them
        all. For some kinds only, add <code>?kinds=</code> and kinds separated by commas (e.g.{" "}
        <code>?kinds=license_expiry,license_renewal</code>): {OBLIGATION_KINDS.join(", ")}.
      </p>
    </>
  );
}
