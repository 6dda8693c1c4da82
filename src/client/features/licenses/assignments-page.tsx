// /assignments (spec part 1, section 2.8; administrators only, the router redirects others).
// The page number is in the URL (/assignments?page=2), so reload and Back keep it.
import { KeyRoundIcon, UserXIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { ExportMenu } from "@/client/components/export-menu";
import { ListCard } from "@/client/components/list-card";
import { Button } from "@/client/components/ui/button";
import { useAuth } from "@/client/features/auth";
import { ImportButton } from "@/client/features/imports";
import { useListPager } from "@/client/hooks/use-list-pager";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { ASSIGNMENT_CARDS_PAGE_SIZE } from "@/client/lib/page-sizes";
import { todayIso } from "@/domain/dates";
import { useLicensePage } from "./api";
import { LicenseAssignmentCard } from "./license-assignment-card";
import { type LicenseDialogState, LicenseDialogs } from "./license-dialogs";
import { assignmentCardsSearchParamsSchema } from "./license-search-params";
import type { LicenseListParams } from "./query-keys";
import { useAssignmentsOf } from "./use-assignments-of";

const ALL_BY_NAME: LicenseListParams = { search: "", status: "all", sort: "name", order: "asc" };
/** The cards show each license's active seats, so the export holds the active assignments. */
const SHOWN_ASSIGNMENTS_QUERY = "active=true";
/** Filtered to unused, the cards show only the unused seats (issue 33), and so does the export. */
const UNUSED_ASSIGNMENTS_QUERY = "active=true&unused=true";

export function AssignmentsPage() {
  const { user, isAdmin } = useAuth();
  const [dialog, setDialog] = useState<LicenseDialogState>(null);
  const today = useMemo(() => todayIso(), []);
  const [{ page, unused }, setList] = useListSearchParams(assignmentCardsSearchParamsSchema);
  const viewer = useMemo(() => (user ? { id: user.id, isAdmin } : null), [user, isAdmin]);
  const params = useMemo<LicenseListParams>(() => ({ ...ALL_BY_NAME, unused }), [unused]);
  // A page of cards with the seats of just those licenses.
  const licenses = useLicensePage(viewer, params, today, {
    page,
    pageSize: ASSIGNMENT_CARDS_PAGE_SIZE,
    withAssignments: true,
  });
  const shown = licenses.data;
  const assignmentsOf = useAssignmentsOf(shown?.assignments);

  const pager = useListPager(
    "License cards pages",
    licenses,
    page,
    ASSIGNMENT_CARDS_PAGE_SIZE,
    setList,
  );

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-2xl font-semibold tracking-tight">License Assignments</h2>
          <p className="text-sm text-muted-foreground">
            Manage who is using which license across your organization.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ExportMenu
            path="/api/assignments/export"
            listQuery={unused ? UNUSED_ASSIGNMENTS_QUERY : SHOWN_ASSIGNMENTS_QUERY}
            what="license assignments"
          />
          {/* The page is administrators' only (the router sends others away). */}
          <ImportButton area="seats" title="Import License Seats" />
        </div>
      </div>

      <div>
        <Button
          variant={unused ? "secondary" : "outline"}
          aria-pressed={unused}
          className="w-full sm:w-auto"
          onClick={() => setList({ unused: !unused, page: 1 })}
        >
          <UserXIcon aria-hidden="true" />
          Unused
        </Button>
      </div>

      <ListCard
        bare
        query={licenses}
        loadingLabel="Loading license assignments"
        errorTitle="Failed to load license assignments."
        errorDetail={licenses.error?.message}
        empty={{
          icon: <KeyRoundIcon />,
          title: "No licenses yet",
          description: "Add a license first; its seats can then be assigned here.",
          action: (
            <Button asChild>
              <Link to="/licenses">Go to Licenses</Link>
            </Button>
          ),
        }}
        pager={pager}
      >
        <div
          className="grid gap-4 md:grid-cols-2 xl:grid-cols-3"
          aria-busy={licenses.isPlaceholderData}
        >
          {shown?.rows.map((license) => (
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
      </ListCard>

      <LicenseDialogs
        state={dialog}
        assignmentsOf={assignmentsOf}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
