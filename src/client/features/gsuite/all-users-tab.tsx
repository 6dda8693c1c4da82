// Users › All Users: each person with their G Suite licence (Assigned or Unassigned), searched over
// full name, username and e-mail on the server and paged. An unlicensed user gets one by picking
// a plan; an assigned one can be unassigned or have the licence edited.
import { PencilIcon, UserPlusIcon, UsersIcon, XIcon } from "lucide-react";
import { useMemo } from "react";
import { SelectInput } from "@/client/components/form/select-input";
import { IconAction } from "@/client/components/icon-action";
import { ListCard } from "@/client/components/list-card";
import { ListSearchInput } from "@/client/components/list-search-input";
import { ListTable } from "@/client/components/list-table";
import { Badge } from "@/client/components/ui/badge";
import { TableCell, TableHead, TableRow } from "@/client/components/ui/table";
import { useListPager } from "@/client/hooks/use-list-pager";
import type { ListStateUpdateOptions } from "@/client/hooks/use-list-search-params";
import type { GsuiteUserResponse, PlanResponse } from "@/domain/schemas/gsuite";
import { useGsuiteUserPage, usePlans } from "./api";
import { NO_EMAIL } from "./gsuite-toasts";

export const USERS_PAGE_SIZE = 50;

export type UserAction =
  | { kind: "assign"; user: GsuiteUserResponse }
  | { kind: "quickAssign"; user: GsuiteUserResponse; plan: PlanResponse }
  | { kind: "unassign"; user: GsuiteUserResponse; account: GsuiteUserResponse["accounts"][number] }
  | { kind: "editLicense"; accountId: number };

export function AllUsersTab({
  search,
  page,
  onSearch,
  onChange,
  onAction,
}: {
  search: string;
  page: number;
  onSearch(text: string): void;
  onChange(changes: { page: number }, options?: ListStateUpdateOptions): void;
  onAction(action: UserAction): void;
}) {
  const params = useMemo(() => ({ search: search.trim() }), [search]);
  const users = useGsuiteUserPage(params, page, USERS_PAGE_SIZE);
  const plans = usePlans();
  const pager = useListPager("Users pages", users, page, USERS_PAGE_SIZE, onChange);
  const planOptions = (plans.data ?? []).map((plan) => ({
    value: String(plan.id),
    label: plan.name,
  }));

  return (
    <div className="grid gap-4">
      <ListSearchInput
        aria-label="Search users"
        placeholder="Search by name, username or email..."
        value={search}
        onSearch={onSearch}
        className="sm:max-w-sm"
      />
      <ListCard
        query={users}
        loadingLabel="Loading users"
        errorTitle="Failed to load users. Please try again."
        empty={{ icon: <UsersIcon />, title: "No users found." }}
        pager={pager}
      >
        <ListTable
          label="All users"
          busy={users.isPlaceholderData}
          head={
            <>
              <TableHead>User</TableHead>
              <TableHead>Email</TableHead>
              <TableHead>G Suite License</TableHead>
              <TableHead>Plan Type</TableHead>
              <TableHead className="text-right">Actions</TableHead>
            </>
          }
        >
          {users.data?.rows.map((user) => {
            const account = user.accounts[0];
            return (
              <TableRow key={user.id}>
                <TableCell className="font-medium">
                  {user.fullName?.trim() || user.username}
                </TableCell>
                <TableCell>
                  {user.email ?? <span className="text-muted-foreground">{NO_EMAIL}</span>}
                </TableCell>
                <TableCell>
                  <div className="flex items-center gap-1">
                    {account ? (
                      <>
                        <Badge variant="success">Assigned</Badge>
                        <IconAction
                          label={`Unassign ${user.displayName}`}
                          onClick={() => onAction({ kind: "unassign", user, account })}
                        >
                          <XIcon aria-hidden="true" />
                        </IconAction>
                      </>
                    ) : (
                      <>
                        <Badge variant="outline">Unassigned</Badge>
                        <IconAction
                          label={`Assign ${user.displayName}`}
                          disabled={!user.isActive}
                          onClick={() => onAction({ kind: "assign", user })}
                        >
                          <UserPlusIcon aria-hidden="true" />
                        </IconAction>
                      </>
                    )}
                  </div>
                </TableCell>
                <TableCell>
                  {user.accounts.length > 0 ? user.accounts.map((a) => a.planType).join(", ") : "—"}
                </TableCell>
                <TableCell>
                  <div className="flex justify-end">
                    {account ? (
                      <IconAction
                        label={`Edit License of ${user.displayName}`}
                        onClick={() => onAction({ kind: "editLicense", accountId: account.id })}
                      >
                        <PencilIcon aria-hidden="true" />
                      </IconAction>
                    ) : (
                      <SelectInput
                        aria-label={`Pick a plan for ${user.displayName}`}
                        className="w-44"
                        size="sm"
                        value={undefined}
                        placeholder="Pick a plan"
                        disabled={!user.isActive || planOptions.length === 0}
                        options={planOptions}
                        onValueChange={(value) => {
                          const plan = plans.data?.find((p) => String(p.id) === value);
                          if (plan) onAction({ kind: "quickAssign", user, plan });
                        }}
                      />
                    )}
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </ListTable>
      </ListCard>
    </div>
  );
}
