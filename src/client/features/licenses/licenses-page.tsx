// /licenses (spec part 1, section 2.7): administrators manage every license; anyone else sees the
// licenses assigned to them and can reveal their own keys.
import { KeyRoundIcon, PlusIcon } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { ListPager } from "@/client/components/list-pager";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "@/client/components/ui/table";
import { useAuth } from "@/client/features/auth/auth-context";
import { clampPage, pageCount } from "@/client/lib/pagination";
import { todayIso } from "@/domain/dates";
import { useLicensePage } from "./api";
import { activeAssignmentsByLicense } from "./assignment-groups";
import { type LicenseDialogState, LicenseDialogs } from "./license-dialogs";
import { LicenseFilters } from "./license-filters";
import { LicenseRow } from "./license-row";
import { LICENSES_PAGE_SIZE } from "./page-sizes";
import type { LicenseListParams } from "./query-keys";
import { useDebouncedValue } from "./use-debounced-value";
import { useListPage } from "./use-list-page";

const INITIAL_PARAMS: LicenseListParams = {
  search: "",
  status: "all",
  sort: "name",
  order: "asc",
};

export function LicensesPage() {
  const { user, isAdmin } = useAuth();
  const [params, setParams] = useState(INITIAL_PARAMS);
  const [dialog, setDialog] = useState<LicenseDialogState>(null);
  // One date for the whole screen, so every badge and the server's filter agree.
  const today = useMemo(() => todayIso(), []);

  const debouncedSearch = useDebouncedValue(params.search, 300);
  const queryParams = { ...params, search: debouncedSearch.trim() };
  const paramsKey = JSON.stringify(queryParams);
  const [page, setPage] = useListPage(paramsKey);
  const viewer = user ? { id: user.id, isAdmin } : null;
  // 50 rows at a time, with the seats of just those rows (administrators only).
  const licenses = useLicensePage(viewer, queryParams, today, {
    page,
    pageSize: LICENSES_PAGE_SIZE,
    withAssignments: isAdmin,
  });
  const shown = licenses.data;
  const byLicense = useMemo(() => activeAssignmentsByLicense(shown?.assignments), [shown]);
  const assignmentsOf = (licenseId: number) => byLicense.get(licenseId) ?? [];
  const tableTop = useRef<HTMLDivElement>(null);

  // A write (or another administrator) can shrink the list under the current page.
  const settled = licenses.isSuccess && !licenses.isPlaceholderData;
  useEffect(() => {
    if (settled && shown && shown.licenses.length === 0 && shown.total > 0 && page > 1) {
      setPage(clampPage(page, shown.total, LICENSES_PAGE_SIZE));
    }
  }, [settled, shown, page, setPage]);

  // The search box spins for a new search or filter, not for a page turn or a refresh.
  const newQuery = shown !== undefined && JSON.stringify(shown.params) !== paramsKey;
  const turnPage = (next: number) => {
    setPage(next);
    tableTop.current?.scrollIntoView({ block: "nearest" });
  };

  const filtered = queryParams.search !== "" || params.status !== "all";
  const columns = isAdmin ? 6 : 3;

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
        {isAdmin && (
          <Button onClick={() => setDialog({ kind: "add" })}>
            <PlusIcon aria-hidden="true" />
            Add License
          </Button>
        )}
      </div>

      <LicenseFilters
        value={params}
        onChange={setParams}
        searching={licenses.isFetching && !licenses.isPending && newQuery}
      />

      <Card ref={tableTop} className="gap-0 py-0">
        {licenses.isError && !shown ? (
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-10 text-center">
            <p className="font-medium">Failed to load licenses.</p>
            <p className="text-sm text-muted-foreground">{licenses.error.message}</p>
            <Button variant="outline" onClick={() => licenses.refetch()}>
              Try again
            </Button>
          </div>
        ) : shown && shown.total === 0 ? (
          <EmptyState
            icon={<KeyRoundIcon />}
            title="No licenses found"
            description={
              filtered
                ? "Try changing your search or filter criteria."
                : isAdmin
                  ? "Get started by adding a new license."
                  : "No licenses have been assigned to you yet."
            }
            action={
              isAdmin && !filtered ? (
                <Button onClick={() => setDialog({ kind: "add" })}>
                  <PlusIcon aria-hidden="true" />
                  Add License
                </Button>
              ) : undefined
            }
          />
        ) : (
          <Table aria-label="Licenses" aria-busy={licenses.isPending || licenses.isPlaceholderData}>
            <TableHeader>
              <TableRow>
                <TableHead>License</TableHead>
                <TableHead>License Key</TableHead>
                <TableHead>Status / Expiry</TableHead>
                {isAdmin && (
                  <>
                    <TableHead>Seats</TableHead>
                    <TableHead>Payment</TableHead>
                    <TableHead className="text-right">Actions</TableHead>
                  </>
                )}
              </TableRow>
            </TableHeader>
            <TableBody>
              {shown
                ? shown.licenses.map((license) => (
                    <LicenseRow
                      key={license.id}
                      license={license}
                      today={today}
                      isAdmin={isAdmin}
                      assignments={assignmentsOf(license.id)}
                      onAction={(kind, target) => setDialog({ kind, license: target })}
                      onUnassign={(assignment) => setDialog({ kind: "unassign", assignment })}
                    />
                  ))
                : [0, 1, 2, 3, 4].map((row) => (
                    <TableRow key={row}>
                      <TableCell colSpan={columns}>
                        <Skeleton className="h-8 w-full" />
                      </TableCell>
                    </TableRow>
                  ))}
            </TableBody>
          </Table>
        )}
      </Card>

      {shown && shown.total > 0 && (
        <ListPager
          label="Licenses pages"
          page={page}
          pageCount={pageCount(shown.total, LICENSES_PAGE_SIZE)}
          offset={shown.offset}
          shown={shown.licenses.length}
          total={shown.total}
          onPageChange={turnPage}
        />
      )}

      <LicenseDialogs
        state={dialog}
        assignmentsOf={assignmentsOf}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
