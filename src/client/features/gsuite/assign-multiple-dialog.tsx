// 'Assign Multiple Users' (spec part 2, 'G Suite Accounts'): a checklist 300 px high of the
// active users who do not hold the plan yet and whose address has no G Suite account (the
// assignment would refuse them: issue 35), searched on the server; 'N users selected' and
// 'Assign N Users', disabled until someone is chosen. Up to 500 users go in one request; the
// dialog shows that it is working until the per-user answer is in.
import { useState } from "react";
import { SearchInput } from "@/client/components/search-input";
import { Button } from "@/client/components/ui/button";
import { Checkbox } from "@/client/components/ui/checkbox";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Label } from "@/client/components/ui/label";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import { MAX_ASSIGN_USERS, type PlanResponse } from "@/domain/schemas/gsuite";
import { useGsuiteUserPage } from "./api";
import { AssignResults } from "./assign-results";
import { NO_EMAIL } from "./gsuite-toasts";
import { useAssign } from "./use-assign";

export function AssignMultipleDialog({
  plan,
  onOpenChange,
}: {
  plan: PlanResponse;
  onOpenChange(open: boolean): void;
}) {
  const [search, setSearch] = useState("");
  const settled = useDebouncedValue(search, 250);
  // Stays as it was when the dialog opened: users assigned by it must not vanish from the list
  // while it shows the results.
  const users = useGsuiteUserPage(
    { search: settled.trim(), withoutPlanId: plan.id, active: true, assignable: true },
    1,
    MAX_ASSIGN_USERS,
  );
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const { run, busy, result } = useAssign();
  const rows = users.data?.rows ?? [];
  const n = selected.size;

  const toggle = (id: number, on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (on && next.size < MAX_ASSIGN_USERS) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShown = rows.length > 0 && rows.every((row) => selected.has(row.id));

  return (
    <Dialog open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Assign Multiple Users</DialogTitle>
          <DialogDescription>
            Create a {plan.name} account for each selected user. People whose address already has a
            G Suite account are not listed.
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <>
            <AssignResults result={result} />
            <DialogFooter>
              <Button onClick={() => onOpenChange(false)}>Done</Button>
            </DialogFooter>
          </>
        ) : (
          <div className="grid gap-3">
            <SearchInput
              aria-label="Search users"
              placeholder="Search users..."
              value={search}
              disabled={busy}
              onChange={(event) => setSearch(event.target.value)}
            />
            <div className="flex items-center justify-between gap-2 text-sm">
              <div className="flex items-center gap-2">
                <Checkbox
                  id="assign-all-shown"
                  checked={allShown}
                  disabled={busy || rows.length === 0}
                  onCheckedChange={(on) => {
                    for (const row of rows) toggle(row.id, on === true);
                  }}
                />
                <Label htmlFor="assign-all-shown">Select all shown</Label>
              </div>
              <span aria-live="polite">{`${n} users selected`}</span>
            </div>
            {/* While assigning, every checkbox is disabled: the list itself takes focus then, so
                a keyboard can still scroll it (axe: scrollable-region-focusable). */}
            <fieldset
              className="h-[300px] overflow-y-auto rounded-md border p-2"
              tabIndex={busy ? 0 : undefined}
            >
              <legend className="sr-only">Users</legend>
              {users.isError ? (
                <p className="p-2 text-sm text-destructive">
                  Failed to load users. Please try again.
                </p>
              ) : users.isPending ? (
                <p className="p-2 text-sm text-muted-foreground">Loading users...</p>
              ) : rows.length === 0 ? (
                <p className="p-2 text-sm text-muted-foreground">No users found.</p>
              ) : (
                <ul className="grid gap-1">
                  {rows.map((user) => (
                    <li key={user.id}>
                      <div className="flex items-center gap-2 rounded px-2 py-1 hover:bg-muted">
                        <Checkbox
                          id={`assign-user-${user.id}`}
                          checked={selected.has(user.id)}
                          disabled={busy}
                          onCheckedChange={(on) => toggle(user.id, on === true)}
                        />
                        <Label
                          htmlFor={`assign-user-${user.id}`}
                          className="block min-w-0 font-normal"
                        >
                          <span className="block truncate text-sm font-medium">
                            {user.displayName}
                          </span>
                          <span className="block truncate text-xs text-muted-foreground">
                            {user.email ?? NO_EMAIL}
                          </span>
                        </Label>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </fieldset>
            {busy && (
              <div className="grid gap-1" role="status">
                <span className="text-sm">{`Assigning ${n} users...`}</span>
                <div
                  role="progressbar"
                  aria-label={`Assigning ${n} users`}
                  className="h-2 overflow-hidden rounded bg-muted"
                >
                  <div className="h-full w-1/3 animate-pulse rounded bg-primary" />
                </div>
              </div>
            )}
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => onOpenChange(false)}
              >
                Cancel
              </Button>
              <Button
                type="button"
                disabled={busy || n === 0}
                onClick={() => void run(plan.id, [...selected])}
              >
                {busy ? "Assigning..." : `Assign ${n} Users`}
              </Button>
            </DialogFooter>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
