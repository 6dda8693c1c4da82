// Users Management (spec part 2, 'Users', sections 5, 6 and 8). Administrators only.
import { Eye, Pencil, Plus, RefreshCw, Trash2, Users } from "lucide-react";
import * as React from "react";
import { PageHeader } from "@/client/components/page-header";
import { SearchInput } from "@/client/components/search-input";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent } from "@/client/components/ui/card";
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
import { Tooltip, TooltipContent, TooltipTrigger } from "@/client/components/ui/tooltip";
import type { UserDto } from "@/domain/schemas/users";
import { useUsers } from "./api";
import { DeleteUserDialog } from "./delete-user-dialog";
import { RoleBadge, StatusBadge } from "./user-badges";
import { UserDetailsDialog } from "./user-details-dialog";
import { filterUsers } from "./user-filter";
import { UserFormDialog } from "./user-form-dialog";

type FormState = { open: false } | { open: true; user: UserDto | null };

export function UsersPage() {
  const { data, isPending, isError, refetch, isFetching } = useUsers();
  const [search, setSearch] = React.useState("");
  const [form, setForm] = React.useState<FormState>({ open: false });
  const [details, setDetails] = React.useState<UserDto | null>(null);
  const [deleting, setDeleting] = React.useState<UserDto | null>(null);

  const users = React.useMemo(() => filterUsers(data ?? [], search), [data, search]);
  const editingUser = form.open ? form.user : null;

  return (
    <div>
      <PageHeader
        title="Users"
        description="Create accounts, set roles and see what each person holds."
        actions={
          <>
            <Button variant="outline" onClick={() => void refetch()} disabled={isFetching}>
              <RefreshCw aria-hidden="true" className={isFetching ? "animate-spin" : undefined} />
              Refresh
            </Button>
            <Button onClick={() => setForm({ open: true, user: null })}>
              <Plus aria-hidden="true" />
              Add User
            </Button>
          </>
        }
      />

      <Card className="gap-4 py-4">
        <CardContent className="px-4">
          <SearchInput
            wrapperClassName="max-w-sm"
            aria-label="Search users"
            placeholder="Search by username, name, email or department..."
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </CardContent>
        <CardContent className="px-0">
          {isPending ? (
            <div className="grid gap-2 px-4" role="status" aria-label="Loading users">
              {Array.from({ length: 5 }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
                <Skeleton key={index} className="h-10" />
              ))}
            </div>
          ) : isError ? (
            <EmptyState
              icon={<Users />}
              title="Failed to load users. Please try again."
              action={
                <Button variant="outline" onClick={() => void refetch()}>
                  Try again
                </Button>
              }
            />
          ) : users.length === 0 ? (
            <EmptyState icon={<Users />} title="No users found." />
          ) : (
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead className="pl-4">Username</TableHead>
                  <TableHead>Name</TableHead>
                  <TableHead>Department</TableHead>
                  <TableHead>Email</TableHead>
                  <TableHead>Role</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead className="pr-4 text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {users.map((user) => (
                  <TableRow key={user.id}>
                    <TableCell className="pl-4 font-medium">{user.username}</TableCell>
                    <TableCell>{user.fullName || "—"}</TableCell>
                    <TableCell>{user.department || "—"}</TableCell>
                    <TableCell>{user.email || "—"}</TableCell>
                    <TableCell>
                      <RoleBadge isAdmin={user.isAdmin} />
                    </TableCell>
                    <TableCell>
                      <StatusBadge isActive={user.isActive} />
                    </TableCell>
                    <TableCell className="pr-4">
                      <div className="flex justify-end gap-1">
                        <RowAction label="View user details" onClick={() => setDetails(user)}>
                          <Eye aria-hidden="true" />
                        </RowAction>
                        <RowAction label="Edit user" onClick={() => setForm({ open: true, user })}>
                          <Pencil aria-hidden="true" />
                        </RowAction>
                        <RowAction
                          label="Delete user"
                          onClick={() => setDeleting(user)}
                          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
                        >
                          <Trash2 aria-hidden="true" />
                        </RowAction>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
        </CardContent>
      </Card>

      <UserFormDialog
        key={editingUser?.id ?? "new"}
        open={form.open}
        user={editingUser}
        onOpenChange={(open) => {
          if (!open) setForm({ open: false });
        }}
      />
      <UserDetailsDialog user={details} onOpenChange={(open) => !open && setDetails(null)} />
      <DeleteUserDialog user={deleting} onOpenChange={(open) => !open && setDeleting(null)} />
    </div>
  );
}

function RowAction({
  label,
  onClick,
  className,
  children,
}: {
  label: string;
  onClick: () => void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <Tooltip>
      <TooltipTrigger asChild>
        <Button
          variant="ghost"
          size="icon-sm"
          aria-label={label}
          onClick={onClick}
          className={className}
        >
          {children}
        </Button>
      </TooltipTrigger>
      <TooltipContent>{label}</TooltipContent>
    </Tooltip>
  );
}
