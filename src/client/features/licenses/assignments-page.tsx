// /assignments (spec part 1, section 2.8; administrators only, the router redirects others).
import { KeyRoundIcon } from "lucide-react";
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useAuth } from "@/client/features/auth/auth-context";
import { todayIso } from "@/domain/dates";
import { useAssignments, useLicenses } from "./api";
import { activeAssignmentsByLicense } from "./assignment-groups";
import { LicenseAssignmentCard } from "./license-assignment-card";
import { type LicenseDialogState, LicenseDialogs } from "./license-dialogs";
import type { LicenseListParams } from "./query-keys";

const ALL_BY_NAME: LicenseListParams = { search: "", status: "all", sort: "name", order: "asc" };

export function AssignmentsPage() {
  const { user, isAdmin } = useAuth();
  const [dialog, setDialog] = useState<LicenseDialogState>(null);
  const today = useMemo(() => todayIso(), []);
  const licenses = useLicenses(user ? { id: user.id, isAdmin } : null, ALL_BY_NAME, today);
  const assignments = useAssignments(isAdmin);
  const byLicense = useMemo(() => activeAssignmentsByLicense(assignments.data), [assignments.data]);
  const assignmentsOf = (licenseId: number) => byLicense.get(licenseId) ?? [];

  const failed = licenses.isError || assignments.isError;
  const loading = licenses.isPending || assignments.isPending;

  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <div>
        <h2 className="text-2xl font-semibold tracking-tight">License Assignments</h2>
        <p className="text-sm text-muted-foreground">
          Manage who is using which license across your organization.
        </p>
      </div>

      {failed ? (
        <Card>
          <div role="alert" className="flex flex-col items-center gap-3 px-6 py-4 text-center">
            <p className="font-medium">Failed to load license assignments.</p>
            <p className="text-sm text-muted-foreground">
              {(licenses.error ?? assignments.error)?.message}
            </p>
            <Button
              variant="outline"
              onClick={() => {
                if (licenses.isError) licenses.refetch();
                if (assignments.isError) assignments.refetch();
              }}
            >
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
      ) : licenses.data.length === 0 ? (
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
        <div className="grid gap-4 md:grid-cols-2 xl:grid-cols-3">
          {licenses.data.map((license) => (
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

      <LicenseDialogs
        state={dialog}
        assignmentsOf={assignmentsOf}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
