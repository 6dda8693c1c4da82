// Overview's user list card (administrators, spec part 1, section 2.6): the newest people, with
// their role, and the way to the Users screen. The summary carries only these few.
import { Users } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "@/client/components/ui/badge";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { EmptyState } from "@/client/components/ui/empty-state";
import { Skeleton } from "@/client/components/ui/skeleton";
import { formatCount } from "@/client/lib/format";
import { SummaryFailure, summaryFailed } from "./summary-failure";
import type { DashboardSummaryQuery } from "./use-dashboard-summary";

export function UserListCard({ query }: { query: DashboardSummaryQuery }) {
  const users = query.data?.users;
  let body: React.ReactNode;
  if (summaryFailed(query)) {
    body = <SummaryFailure text="Failed to load users." query={query} />;
  } else if (!users) {
    body = <Skeleton aria-busy="true" className="h-24 w-full" />;
  } else if (users.newest.length === 0) {
    body = <EmptyState icon={<Users />} title="No users found." className="py-6" />;
  } else {
    body = (
      <ul aria-label="Newest users" className="flex min-w-0 flex-col gap-3">
        {users.newest.map((user) => (
          <li key={user.id} className="flex min-w-0 items-center gap-3">
            <span
              aria-hidden="true"
              className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary/10 font-medium text-primary"
            >
              {user.displayName.charAt(0).toUpperCase()}
            </span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-medium">{user.displayName}</p>
              <p className="truncate text-xs text-muted-foreground">
                {user.email ?? user.username}
                {user.department ? ` · ${user.department}` : ""}
              </p>
            </div>
            {!user.isActive && <Badge variant="outline">Inactive</Badge>}
            <Badge variant={user.isAdmin ? "default" : "secondary"}>
              {user.isAdmin ? "Administrator" : "User"}
            </Badge>
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card className="gap-4">
      <CardHeader>
        <CardTitle>Users</CardTitle>
        <CardDescription>
          {users
            ? `The newest of ${formatCount(users.total)} team members.`
            : "The newest team members."}
        </CardDescription>
      </CardHeader>
      <CardContent className="flex min-w-0 flex-col gap-4">
        {body}
        {users && (
          <Link to="/users" className="text-sm font-medium text-primary hover:underline">
            View all users
          </Link>
        )}
      </CardContent>
    </Card>
  );
}
