// /hardware (spec part 2, 'Hardware Resources'): stat cards, by-type and by-location badges that
// filter, search with an item count, four tabs with their role variants, and the Assign, Add,
// Edit and Request dialogs. An ordinary user sees free items and their own (the server decides);
// ?openRequestModal=true (the dashboard's Request Hardware link) opens the request dialog.

import { LaptopIcon, PackagePlusIcon, PlusIcon } from "lucide-react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { ExportMenu } from "@/client/components/export-menu";
import { ListCard } from "@/client/components/list-card";
import { ListSearchInput } from "@/client/components/list-search-input";
import { ListTable } from "@/client/components/list-table";
import { Button } from "@/client/components/ui/button";
import { TableHead } from "@/client/components/ui/table";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useAuth } from "@/client/features/auth";
import { ImportButton } from "@/client/features/imports";
import { useLinkedItem } from "@/client/hooks/use-linked-item";
import { useListPager } from "@/client/hooks/use-list-pager";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { useSearchParamsUpdate } from "@/client/hooks/use-search-params-update";
import { formatCount } from "@/client/lib/format";
import { listQueryString } from "@/client/lib/list-query-string";
import { isNewSearchLoading } from "@/client/lib/pagination";
import type { HardwareResponse } from "@/domain/schemas/hardware";
import { useHardwarePage, useHardwareSummary } from "./api";
import { type HardwareDialogState, HardwareDialogs } from "./hardware-dialogs";
import { HardwareBadges, HardwareStats } from "./hardware-overview";
import { HardwareRequestsList } from "./hardware-requests-list";
import { type HardwareAction, HardwareRow } from "./hardware-row";
import {
  HARDWARE_TABS,
  type HardwareTab,
  hardwareSearchParamsSchema,
} from "./hardware-search-params";
import { LOAD_HARDWARE_FAILED } from "./hardware-toasts";
import type { HardwareListParams } from "./query-keys";

const HARDWARE_PAGE_SIZE = 25;

const VIEW_OF_TAB = { all: "all", available: "available", assigned: "assigned" } as const;

export function HardwarePage() {
  const { user, isAdmin } = useAuth();
  const [list, setList, setSearch] = useListSearchParams(hardwareSearchParamsSchema);
  const [searchParams] = useSearchParams();
  const updateSearchParams = useSearchParamsUpdate();
  const [dialog, setDialog] = useState<HardwareDialogState>(null);
  // A link to one item (the Activity page's) opens its Edit dialog, as its row's button would.
  const linked = useLinkedItem<HardwareResponse>("/api/hardware", {
    enabled: isAdmin,
    what: "hardware item",
  });

  // The dashboard's Request Hardware link: open the dialog once, then drop the flag (replacing
  // the history entry) so a reload or Back does not open it again.
  const openRequest = searchParams.get("openRequestModal") === "true";
  useEffect(() => {
    if (!openRequest) return;
    setDialog({ kind: "request" });
    updateSearchParams(
      (current) => {
        current.delete("openRequestModal");
        return current;
      },
      { replace: true },
    );
  }, [openRequest, updateSearchParams]);

  const { tab, type, location, page } = list;
  const search = list.search.trim();
  const params = useMemo<HardwareListParams>(
    () => ({ view: tab === "requests" ? "all" : VIEW_OF_TAB[tab], search, type, location }),
    [tab, search, type, location],
  );
  const summary = useHardwareSummary();
  const hardware = useHardwarePage(params, page, HARDWARE_PAGE_SIZE, tab !== "requests");
  const pager = useListPager("Hardware pages", hardware, page, HARDWARE_PAGE_SIZE, setList);
  const onAction = useCallback(
    (kind: HardwareAction, item: HardwareResponse) => setDialog({ kind, item }),
    [],
  );
  const pending = summary.data?.pendingRequests ?? 0;
  const filtered = search !== "" || type !== "" || location !== "";

  const panel =
    tab === "requests" ? (
      <HardwareRequestsList isAdmin={isAdmin} page={page} onPage={setList} />
    ) : (
      <>
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <ListSearchInput
            wrapperClassName="flex-1"
            aria-label="Search hardware"
            placeholder="Search by name, serial number, location or PC name..."
            value={list.search}
            onSearch={setSearch}
            maxLength={200}
            searching={isNewSearchLoading(hardware, params)}
          />
          <div className="text-sm text-muted-foreground" aria-live="polite">
            {hardware.data
              ? `${formatCount(hardware.data.total)} item${hardware.data.total === 1 ? "" : "s"}`
              : ""}
          </div>
        </div>
        <ListCard
          query={hardware}
          loadingLabel="Loading hardware"
          errorTitle={LOAD_HARDWARE_FAILED}
          errorDetail={hardware.error?.message}
          empty={{
            icon: <LaptopIcon />,
            title: "No hardware found.",
            description: filtered ? "Try changing your search or filters." : undefined,
          }}
          pager={pager}
        >
          <ListTable
            label="Hardware"
            busy={hardware.isPlaceholderData}
            head={
              <>
                <TableHead>Name</TableHead>
                <TableHead giveWay={2}>Type</TableHead>
                <TableHead giveWay={2}>Serial Number</TableHead>
                <TableHead giveWay={1}>Location</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Assigned To</TableHead>
                <TableHead giveWay={1}>Warranty Expiry</TableHead>
                <TableHead className="text-right">Actions</TableHead>
              </>
            }
          >
            {hardware.data?.rows.map((item) => (
              <HardwareRow
                key={item.id}
                item={item}
                isAdmin={isAdmin}
                viewerId={user?.id ?? 0}
                onAction={onAction}
              />
            ))}
          </ListTable>
        </ListCard>
      </>
    );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">Hardware Inventory</h2>
          <p className="text-sm text-muted-foreground">
            {isAdmin
              ? "Laptops, monitors and other equipment, who has them and where they are."
              : "Equipment you hold and equipment you can request."}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {tab === "requests" ? (
            <ExportMenu
              path="/api/hardware-requests/export"
              listQuery=""
              what="hardware requests"
            />
          ) : (
            <ExportMenu
              path="/api/hardware/export"
              listQuery={listQueryString({ ...params })}
              what="hardware"
            />
          )}
          <Button variant="outline" onClick={() => setDialog({ kind: "request" })}>
            <PackagePlusIcon aria-hidden="true" />
            Request Hardware
          </Button>
          {isAdmin && <ImportButton area="hardware" title="Import Hardware" />}
          {isAdmin && (
            <Button onClick={() => setDialog({ kind: "add" })}>
              <PlusIcon aria-hidden="true" />
              Add Hardware
            </Button>
          )}
        </div>
      </div>

      <HardwareStats summary={summary.data} />
      <HardwareBadges
        summary={summary.data}
        type={type}
        location={location}
        onFilter={(changes) => setList(changes)}
      />

      <Tabs value={tab} onValueChange={(next) => setList({ tab: next as HardwareTab })}>
        <TabsList className="h-auto flex-wrap">
          <TabsTrigger value="all">All Hardware</TabsTrigger>
          <TabsTrigger value="available">Available &amp; Reserved</TabsTrigger>
          <TabsTrigger value="assigned">{isAdmin ? "All Assigned" : "My Hardware"}</TabsTrigger>
          <TabsTrigger value="requests">
            {isAdmin ? "Hardware Requests" : "My Requests"}
            {pending > 0 && (
              <span className="rounded-full bg-destructive px-1.5 text-xs text-destructive-foreground">
                {pending}
                <span className="sr-only"> pending</span>
              </span>
            )}
          </TabsTrigger>
        </TabsList>
        {/* One panel per tab (each tab controls one); only the active one renders. */}
        {HARDWARE_TABS.map((value) => (
          <TabsContent key={value} value={value} className="grid grid-cols-[minmax(0,1fr)] gap-4">
            {value === tab && panel}
          </TabsContent>
        ))}
      </Tabs>

      <HardwareDialogs
        state={dialog ?? (linked.item ? { kind: "edit", item: linked.item } : null)}
        isAdmin={isAdmin}
        onClose={() => {
          setDialog(null);
          linked.close();
        }}
      />
    </div>
  );
}
