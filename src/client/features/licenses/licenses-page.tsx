// /licenses (spec part 1, section 2.7): administrators manage every license; anyone else sees the
// licenses assigned to them and can reveal their own keys. The list's search, filter, sort and
// page are in the URL (license-search-params.ts).
import { KeyRoundIcon, PlusIcon } from "lucide-react";
import { useCallback, useMemo, useState } from "react";
import { ExportMenu } from "@/client/components/export-menu";
import { ListCard } from "@/client/components/list-card";
import { ListTable } from "@/client/components/list-table";
import { Button } from "@/client/components/ui/button";
import { TableHead } from "@/client/components/ui/table";
import { useAuth } from "@/client/features/auth";
import { ImportButton } from "@/client/features/imports";
import { useLinkedItem } from "@/client/hooks/use-linked-item";
import { useListPager } from "@/client/hooks/use-list-pager";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { LICENSES_PAGE_SIZE } from "@/client/lib/page-sizes";
import { isNewSearchLoading } from "@/client/lib/pagination";
import { todayIso } from "@/domain/dates";
import type { AssignmentResponse, LicenseResponse } from "@/domain/schemas/licenses";
import { useLicensePage } from "./api";
import { type LicenseDialogState, LicenseDialogs } from "./license-dialogs";
import { LicenseFilters } from "./license-filters";
import { licenseListQueryString } from "./license-query-string";
import { type LicenseAction, LicenseRow } from "./license-row";
import { licenseListSearchParamsSchema } from "./license-search-params";
import type { LicenseListParams } from "./query-keys";
import { useAssignmentsOf } from "./use-assignments-of";

export function LicensesPage() {
  const { user, isAdmin } = useAuth();
  const [list, setList, setSearch] = useListSearchParams(licenseListSearchParamsSchema);
  const [dialog, setDialog] = useState<LicenseDialogState>(null);
  // A link to one license (the Activity page's) opens its Edit dialog, as its row's button would.
  const linked = useLinkedItem<LicenseResponse>("/api/licenses", {
    enabled: isAdmin,
    what: "license",
  });
  // One date for the whole screen, so every badge and the server's filter agree.
  const today = useMemo(() => todayIso(), []);

  const { status, sort, order, page, expiryFrom, expiryTo } = list;
  // An administrator's filters, toggled only on their screen: in a link an ordinary user opens,
  // they would narrow the list of their own licenses with nothing on screen to say so.
  const lowSeats = isAdmin && list.lowSeats;
  const unused = isAdmin && list.unused;
  const search = list.search.trim();
  const params = useMemo<LicenseListParams>(
    () => ({ search, status, sort, order, expiryFrom, expiryTo, lowSeats, unused }),
    [search, status, sort, order, expiryFrom, expiryTo, lowSeats, unused],
  );
  const viewer = useMemo(() => (user ? { id: user.id, isAdmin } : null), [user, isAdmin]);
  // 50 rows at a time, with the seats of just those rows (administrators only).
  const licenses = useLicensePage(viewer, params, today, {
    page,
    pageSize: LICENSES_PAGE_SIZE,
    withAssignments: isAdmin,
  });
  const shown = licenses.data;
  const assignmentsOf = useAssignmentsOf(shown?.assignments);

  const pager = useListPager("Licenses pages", licenses, page, LICENSES_PAGE_SIZE, setList);
  const onAction = useCallback(
    (kind: LicenseAction, license: LicenseResponse) => setDialog({ kind, license }),
    [],
  );
  const onUnassign = useCallback(
    (assignment: AssignmentResponse) => setDialog({ kind: "unassign", assignment }),
    [],
  );
  const openAdd = () => setDialog({ kind: "add" });

  const filtered =
    search !== "" || status !== "all" || expiryFrom !== "" || expiryTo !== "" || lowSeats || unused;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">
            {isAdmin ? "License Management" : "Your Software Licenses"}
          </h2>
          <p className="text-sm text-muted-foreground">
            {isAdmin
              ? "Software licenses, their seats, renewals and payments."
              : "The software licenses assigned to you. Revealing a key is recorded."}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <ExportMenu
            path="/api/licenses/export"
            listQuery={licenseListQueryString(params, today)}
            what="licenses"
          />
          {isAdmin && <ImportButton area="licenses" title="Import Licenses" />}
          {isAdmin && (
            <Button onClick={openAdd}>
              <PlusIcon aria-hidden="true" />
              Add License
            </Button>
          )}
        </div>
      </div>

      <LicenseFilters
        search={list.search}
        status={status}
        sort={sort}
        order={order}
        expiryFrom={expiryFrom}
        expiryTo={expiryTo}
        lowSeats={lowSeats}
        unused={unused}
        canFilterLowSeats={isAdmin}
        onSearch={setSearch}
        onChange={setList}
        searching={isNewSearchLoading(licenses, params)}
      />

      <ListCard
        query={licenses}
        loadingLabel="Loading licenses"
        errorTitle="Failed to load licenses."
        errorDetail={licenses.error?.message}
        empty={{
          icon: <KeyRoundIcon />,
          title: "No licenses found",
          description: filtered
            ? "Try changing your search or filter criteria."
            : isAdmin
              ? "Get started by adding a new license."
              : "No licenses have been assigned to you yet.",
          action:
            isAdmin && !filtered ? (
              <Button onClick={openAdd}>
                <PlusIcon aria-hidden="true" />
                Add License
              </Button>
            ) : undefined,
        }}
        pager={pager}
      >
        <ListTable
          label="Licenses"
          busy={licenses.isPlaceholderData}
          head={
            <>
              <TableHead>License</TableHead>
              <TableHead>License Key</TableHead>
              <TableHead>Status / Expiry</TableHead>
              {isAdmin && (
                <>
                  <TableHead>Seats</TableHead>
                  <TableHead giveWay={1}>Payment</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </>
              )}
            </>
          }
        >
          {shown?.rows.map((license) => (
            <LicenseRow
              key={license.id}
              license={license}
              today={today}
              isAdmin={isAdmin}
              assignments={assignmentsOf(license.id)}
              onAction={onAction}
              onUnassign={onUnassign}
            />
          ))}
        </ListTable>
      </ListCard>

      <LicenseDialogs
        state={dialog ?? (linked.item ? { kind: "edit", license: linked.item } : null)}
        assignmentsOf={assignmentsOf}
        onClose={() => {
          setDialog(null);
          linked.close();
        }}
      />
    </div>
  );
}
