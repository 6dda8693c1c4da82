// The Activity page (issue 15, decision 0021): the administrators' view of the activity log,
// newest first, read a page at a time from the server with its filters and search in the URL.
import { History, RefreshCw } from "lucide-react";
import * as React from "react";
import { ListCard } from "@/client/components/list-card";
import { ListTable } from "@/client/components/list-table";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { TableHead } from "@/client/components/ui/table";
import { useListPager } from "@/client/hooks/use-list-pager";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { ACTIVITY_PAGE_SIZE } from "@/client/lib/page-sizes";
import { isNewSearchLoading } from "@/client/lib/pagination";
import { ActivityFilters } from "./activity-filters";
import { ActivityRow } from "./activity-row";
import { activityListSearchParamsSchema } from "./activity-search-params";
import { type ActivityListParams, useActivityPage } from "./api";

export function ActivityPage() {
  const [list, setList, setSearch] = useListSearchParams(activityListSearchParamsSchema);
  const { page, order, userId, area, action, from, to } = list;
  const search = list.search.trim();
  const params = React.useMemo<ActivityListParams>(
    () => ({ search, order, userId: userId?.toString(), area, action, from, to }),
    [search, order, userId, area, action, from, to],
  );
  const activity = useActivityPage(params, page, ACTIVITY_PAGE_SIZE);
  const pager = useListPager("Activity pages", activity, page, ACTIVITY_PAGE_SIZE, setList);
  const personName =
    activity.data?.rows.find((record) => record.userId === userId)?.username ?? null;

  return (
    <div>
      <PageHeader
        title="Activity Log"
        description="Who changed what, when and from where, newest first."
        actions={
          <Button
            variant="outline"
            onClick={() => void activity.refetch()}
            disabled={activity.isFetching}
          >
            <RefreshCw
              aria-hidden="true"
              className={activity.isFetching ? "animate-spin" : undefined}
            />
            Refresh
          </Button>
        }
      />
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <ActivityFilters
          search={list.search}
          onSearch={setSearch}
          onChange={setList}
          personName={personName}
          searching={isNewSearchLoading(activity, params)}
          userId={userId}
          area={area}
          action={action}
          from={from}
          to={to}
        />
        <ListCard
          query={activity}
          loadingLabel="Loading activity"
          errorTitle="Failed to load the activity log."
          errorDetail={activity.error?.message}
          empty={{
            icon: <History />,
            title: "No activity found.",
            description: "Nothing recorded matches these filters.",
          }}
          pager={pager}
        >
          <ListTable
            label="Activity"
            busy={activity.isPlaceholderData}
            head={
              <>
                <TableHead className="pl-4">When</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>IP Address</TableHead>
                <TableHead>Action</TableHead>
                <TableHead>Item</TableHead>
                <TableHead className="pr-4">Changes</TableHead>
              </>
            }
          >
            {activity.data?.rows.map((record) => (
              <ActivityRow key={record.id} record={record} />
            ))}
          </ListTable>
        </ListCard>
      </div>
    </div>
  );
}
