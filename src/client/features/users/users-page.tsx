// Users Management (spec part 2, 'Users', sections 5, 6 and 8). Administrators only. The server
// searches and pages the users; the search and page are in the URL (user-search-params.ts).

import { Plus, RefreshCw, Users } from "lucide-react";
import * as React from "react";
import { ExportMenu } from "@/client/components/export-menu";
import { ListCard } from "@/client/components/list-card";
import { ListSearchInput } from "@/client/components/list-search-input";
import { ListTable } from "@/client/components/list-table";
import { PageHeader } from "@/client/components/page-header";
import { Button } from "@/client/components/ui/button";
import { TableHead } from "@/client/components/ui/table";
import { useAuth } from "@/client/features/auth";
import { ImportButton } from "@/client/features/imports";
import { useLinkedItem } from "@/client/hooks/use-linked-item";
import { useListPager } from "@/client/hooks/use-list-pager";
import { useListSearchParams } from "@/client/hooks/use-list-search-params";
import { listQueryString } from "@/client/lib/list-query-string";
import { USERS_PAGE_SIZE } from "@/client/lib/page-sizes";
import { isNewSearchLoading } from "@/client/lib/pagination";
import type { UserResponse } from "@/domain/schemas/users";
import { type UserListParams, useUserPage } from "./api";
import { DeleteUserDialog } from "./delete-user-dialog";
import { UserDetailsDialog, type UserDetailsSections } from "./user-details-dialog";
import { UserFormDialog } from "./user-form-dialog";
import { type UserAction, UserRow } from "./user-row";
import { userListSearchParamsSchema } from "./user-search-params";

type FormState = { open: false } | { open: true; user: UserResponse | null };

/** `detailsSections`: the other areas' parts of User Details, wired in by the app. */
export function UsersPage({ detailsSections }: { detailsSections: UserDetailsSections }) {
  const { user: me, isAdmin } = useAuth();
  const [list, setList, setSearch] = useListSearchParams(userListSearchParamsSchema);
  const [form, setForm] = React.useState<FormState>({ open: false });
  const [details, setDetails] = React.useState<UserResponse | null>(null);
  const [deleting, setDeleting] = React.useState<UserResponse | null>(null);
  // A link to one person (the Activity page's) opens their User Details, as their row would.
  const linked = useLinkedItem<UserResponse>("/api/users", { enabled: isAdmin, what: "user" });

  const { sort, order, page } = list;
  const search = list.search.trim();
  const params = React.useMemo<UserListParams>(
    () => ({ search, sort, order }),
    [search, sort, order],
  );
  const users = useUserPage(params, page, USERS_PAGE_SIZE);
  const shown = users.data;

  // The person in User Details as the list now has them: an offboarding or a change made in the
  // dialog reloads the list, and the dialog follows (Inactive as soon as an offboarding is done).
  const detailsUser = details && (shown?.rows.find((row) => row.id === details.id) ?? details);

  const pager = useListPager("Users pages", users, page, USERS_PAGE_SIZE, setList);
  const onAction = React.useCallback((action: UserAction, user: UserResponse) => {
    if (action === "details") setDetails(user);
    else if (action === "edit") setForm({ open: true, user });
    else setDeleting(user);
  }, []);

  return (
    <div>
      <PageHeader
        title="Users"
        description="Create accounts, set roles and see what each person holds."
        actions={
          <>
            <ExportMenu path="/api/users/export" listQuery={listQueryString(params)} what="users" />
            <Button
              variant="outline"
              onClick={() => void users.refetch()}
              disabled={users.isFetching}
            >
              <RefreshCw
                aria-hidden="true"
                className={users.isFetching ? "animate-spin" : undefined}
              />
              Refresh
            </Button>
            <ImportButton area="users" title="Import Users" />
            <Button onClick={() => setForm({ open: true, user: null })}>
              <Plus aria-hidden="true" />
              Add User
            </Button>
          </>
        }
      />

      <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
        <ListSearchInput
          wrapperClassName="max-w-sm"
          aria-label="Search users"
          placeholder="Search by username, name, email or department..."
          value={list.search}
          onSearch={setSearch}
          maxLength={200}
          searching={isNewSearchLoading(users, params)}
        />
        <ListCard
          query={users}
          loadingLabel="Loading users"
          errorTitle="Failed to load users. Please try again."
          empty={{ icon: <Users />, title: "No users found." }}
          pager={pager}
        >
          <ListTable
            label="Users"
            busy={users.isPlaceholderData}
            head={
              <>
                <TableHead className="pl-4">Username</TableHead>
                <TableHead>Name</TableHead>
                <TableHead>Department</TableHead>
                <TableHead>Email</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead className="pr-4 text-right">Actions</TableHead>
              </>
            }
          >
            {shown?.rows.map((user) => (
              <UserRow key={user.id} user={user} isSelf={user.id === me?.id} onAction={onAction} />
            ))}
          </ListTable>
        </ListCard>
      </div>

      {form.open && (
        <UserFormDialog
          user={form.user}
          onOpenChange={(open) => !open && setForm({ open: false })}
        />
      )}
      <UserDetailsDialog
        user={detailsUser ?? linked.item ?? null}
        sections={detailsSections}
        onOpenChange={(open) => {
          if (open) return;
          setDetails(null);
          linked.close();
        }}
      />
      {deleting && (
        <DeleteUserDialog user={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
      )}
    </div>
  );
}
