// /assignments (spec part 1, section 2.8; administrators only, the router redirects others).
import { KeyRoundIcon } from "lucide-react";
import { useEffect, useMemo, useRef, useState } from "react";
import { Link } from "react-router";
import { ListPager } from "@/client/components/list-pager";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useAuth } from "@/client/features/auth/auth-context";
import { clampPage, pageCount } from "@/client/lib/pagination";
import { todayIso } from "@/domain/dates";
import { useLicensePage } from "./api";
import { activeAssignmentsByLicense } from "./assignment-groups";
import { LicenseAssignmentCard } from "./license-assignment-card";
import { type LicenseDialogState, LicenseDialogs } from "./license-dialogs";
import { ASSIGNMENT_CARDS_PAGE_SIZE } from "./page-sizes";
import type { LicenseListParams } from "./query-keys";

const ALL_BY_NAME: LicenseListParams = { search: "", status: "all", sort: "name", order: "asc" };

export function AssignmentsPage() {
  const { user, isAdmin } = useAuth();
  const [dialog, setDialog] = useState<LicenseDialogState>(null);
  const today = useMemo(() => todayIso(), []);
  const [page, setPage] = useState(1);
  // A page of cards with the seats of just those licenses.
  const licenses = useLicensePage(user ? { id: user.id, isAdmin } : null, ALL_BY_NAME, today, {
    page,
    pageSize: ASSIGNMENT_CARDS_PAGE_SIZE,
    withAssignments: true,
  });
  const shown = licenses.data;
  const byLicense = useMemo(() => activeAssignmentsByLicense(shown?.assignments), [shown]);
  const assignmentsOf = (licenseId: number) => byLicense.get(licenseId) ?? [];
  const top = useRef<HTMLDivElement>(null);

  // A deleted license can leave the current page past the end of the list.
  const settled = licenses.isSuccess && !licenses.isPlaceholderData;
  useEffect(() => {
    if (settled && shown && shown.licenses.length === 0 && shown.total > 0 && page > 1) {
      setPage(clampPage(page, shown.total, ASSIGNMENT_CARDS_PAGE_SIZE));
    }
  }, [settled, shown, page]);

  const turnPage = (next: number) => {
    setPage(next);
    top.current?.scrollIntoView({ block: "nearest" });
  };

  const failed = licenses.isError && !shown;
  const loading = licenses.isPending;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div ref={top}>
        <h2 className="text-2xl font-semibold tracking-tight">License Assignments</h2>
        <p className="text-sm text-muted-foreground">
          Manage who is using which license across your organization.
        </p>
      </div>

      {failed ? (
        <Card>
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-4 text-center">
            <p className="font-medium">Failed to load license assignments.</p>
            <p className="text-sm text-muted-foreground">{licenses.error?.message}</p>
            <Button variant="outline" onClick={() => licenses.refetch()}>
              Try again
            </Button>
          </div>
        </Card>
      ) : loading ? (
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3" aria-busy="true">
          <span className="sr-only">Loading license assignments</span>
          {[0, 1, 2].map((card) => (
            <Skeleton key={card} className="h-72 w-full rounded-xl" />
          ))}
        </div>
      ) : shown === undefined || shown.total === 0 ? (
        <Card>
          <EmptyState
            icon={<KeyRoundIcon />}
            title="No licenses yet"
            description="Add a license first; its seats can then be assigned here."
            action={
              <Button asChild>
                <Link to="/licenses">Go to Licenses</Link>
              </Button>
            }
          />
        </Card>
      ) : (
        <div
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-busy={licenses.isPlaceholderData}
        >
          {shown.licenses.map((license) => (
            <LicenseAssignmentCard
              key={license.id}
              license={license}
              assignments={assignmentsOf(license.id)}
              today={today}
              onAssign={() => setDialog({ kind: "assign", license })}
              onUnassign={(assignment) => setDialog({ kind: "unassign", assignment })}
              onViewHistory={() => setDialog({ kind: "history", license })}
            />
          ))}
        </div>
      )}

      {shown && shown.total > 0 && (
        <ListPager
          label="License cards pages"
          page={page}
          pageCount={pageCount(shown.total, ASSIGNMENT_CARDS_PAGE_SIZE)}
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
