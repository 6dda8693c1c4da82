// 'Assign User' (spec part 2, 'G Suite Accounts'): one user, chosen with a search, gets an account
// on a plan; the address it will have is shown read-only as it is generated.
import { useState } from "react";
import { SelectInput } from "@/client/components/form/select-input";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { assignmentEmailFor } from "@/domain/gsuite";
import type { GsuiteUserResponse, PlanResponse } from "@/domain/schemas/gsuite";
import { useOrganizations, usePlans } from "./api";
import { AssignResults } from "./assign-results";
import { useAssign } from "./use-assign";
import { UserSearchPicker } from "./user-search-picker";

export function AssignUserDialog({
  plan,
  user,
  onOpenChange,
}: {
  plan?: PlanResponse;
  user?: GsuiteUserResponse;
  onOpenChange(open: boolean): void;
}) {
  const plans = usePlans();
  const organizations = useOrganizations();
  const [planId, setPlanId] = useState<string | undefined>(plan ? String(plan.id) : undefined);
  const [chosen, setChosen] = useState<GsuiteUserResponse | null>(user ?? null);
  const { run, busy, result } = useAssign();

  const domain = organizations.data?.find((o) => o.isDefault)?.domain;
  const email = chosen && domain ? assignmentEmailFor(chosen, domain) : "";
  const planName = plans.data?.find((p) => String(p.id) === planId)?.name;

  return (
    <Dialog open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Assign User</DialogTitle>
          <DialogDescription>
            {planName
              ? `Create a ${planName} account for one user.`
              : "Create a G Suite account on a plan for one user."}
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
          <form
            className="grid gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (chosen && planId) void run(Number(planId), [chosen.id]);
            }}
          >
            {!plan && (
              <div className="grid gap-1.5">
                <Label htmlFor="assign-plan">Plan</Label>
                <SelectInput
                  id="assign-plan"
                  value={planId}
                  onValueChange={setPlanId}
                  placeholder="Select a plan"
                  options={(plans.data ?? []).map((p) => ({ value: String(p.id), label: p.name }))}
                />
              </div>
            )}
            {user ? (
              <p className="text-sm">
                User: <span className="font-medium">{user.displayName}</span>
              </p>
            ) : (
              <UserSearchPicker
                label="Select user"
                value={chosen}
                onChange={setChosen}
                filter={{ active: true, withoutPlanId: planId ? Number(planId) : undefined }}
                // No autoFocus: the dialog focuses its first field itself; an input focused while
                // the dialog mounts would be taken for the opener, and focus would not return.
              />
            )}
            <div className="grid gap-1.5">
              <Label htmlFor="assign-email">Email</Label>
              <Input
                id="assign-email"
                readOnly
                value={email}
                placeholder="Generated from the user"
              />
            </div>
            <DialogFooter>
              <Button
                type="button"
                variant="outline"
                disabled={busy}
                onClick={() => onOpenChange(false)}
              >
                Cancel
              </Button>
              <Button type="submit" disabled={busy || !chosen || !planId}>
                {busy ? "Assigning..." : "Assign User"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
