// Offboard (issue 16, decision 0027): from User Details, everything the person holds, a choice
// for each (release, reassign to someone, keep), done in one step by the server; then the
// person is deactivated and signed out, and the printable checklist is offered.
import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
import { Skeleton } from "@/client/components/ui/skeleton";
import { UserPicker } from "@/client/features/people-picker";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import { HOLDING_KIND_LABELS, RELEASE_LABELS } from "@/domain/offboarding";
import {
  type HoldingItem,
  holdingKey,
  type OffboardAction,
  type OffboardDecision,
  type OffboardingResponse,
} from "@/domain/schemas/offboarding";
import type { UserResponse } from "@/domain/schemas/users";
import { useOffboardUser, useUserHoldings } from "./api";

interface Choice {
  action: OffboardAction;
  toUserId?: number;
}

const describeFailure = (error: unknown) => ({
  title: "Offboarding failed",
  description: error instanceof Error ? error.message : undefined,
});

/**
 * The Offboard button of User Details, and its dialog: for an active user, and for one SCIM
 * deactivated with their holdings held for review (decision 0060), whose offboarding this finishes.
 */
export function OffboardUser({ user }: { user: UserResponse }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<OffboardingResponse | null>(null);
  // Asked only about an inactive person: whether a SCIM deprovisioning left them to review.
  const holdings = useUserHoldings(user.id, !user.isActive && !done);
  const held = !user.isActive && holdings.data?.offboardingHeld === true;
  if (!user.isActive && !held && !done) return null;
  return (
    <>
      {held && !done && (
        <p className="text-sm text-muted-foreground">
          Deactivated by SCIM provisioning. What they hold is kept for review: offboard them to
          decide on it.
        </p>
      )}
      {(user.isActive || held) && !done && (
        <Button variant="outline" onClick={() => setOpen(true)}>
          Offboard
        </Button>
      )}
      {done && (
        <p className="text-sm" data-testid="offboarded">
          {user.displayName} has been offboarded and deactivated.{" "}
          <a className="underline" href={done.checklistUrl} target="_blank" rel="noreferrer">
            Download the checklist (PDF)
          </a>
        </p>
      )}
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-3xl">
          <DialogHeader>
            <DialogTitle>Offboard user</DialogTitle>
            <DialogDescription>
              Choose what happens to everything {user.displayName} holds. They are then deactivated
              and signed out everywhere.
            </DialogDescription>
          </DialogHeader>
          {open && (
            <OffboardForm
              user={user}
              onCancel={() => setOpen(false)}
              onDone={(result) => {
                setDone(result);
                setOpen(false);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}

function OffboardForm({
  user,
  onCancel,
  onDone,
}: {
  user: UserResponse;
  onCancel(): void;
  onDone(result: OffboardingResponse): void;
}) {
  const holdings = useUserHoldings(user.id);
  const offboard = useOffboardUser();
  const [choices, setChoices] = useState<Record<string, Choice>>({});
  const items = holdings.data?.items ?? [];
  const choiceOf = (item: HoldingItem): Choice =>
    choices[holdingKey(item)] ?? { action: "release" };
  const decisions: OffboardDecision[] = items.map((item) => ({
    kind: item.kind,
    id: item.id,
    ...choiceOf(item),
  }));
  const incomplete = decisions.some((d) => d.action === "reassign" && d.toUserId === undefined);
  const action = useDialogAction({
    run: () => offboard.mutateAsync({ id: user.id, decisions }),
    success: () => ({
      title: "User offboarded",
      description: `${user.username} has been deactivated and signed out.`,
    }),
    failure: describeFailure,
    onDone,
  });

  if (holdings.isPending) {
    return (
      <div className="grid gap-2 py-2">
        <Skeleton className="h-8" />
        <Skeleton className="h-8" />
      </div>
    );
  }
  if (holdings.isError) {
    return <p className="text-sm text-destructive">What this user holds could not be loaded.</p>;
  }

  return (
    <>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">This user holds nothing.</p>
      ) : (
        <ul className="grid max-h-[55vh] gap-3 overflow-y-auto pr-1" aria-label="Holdings">
          {items.map((item) => {
            const choice = choiceOf(item);
            const set = (next: Choice) =>
              setChoices((current) => ({ ...current, [holdingKey(item)]: next }));
            return (
              <li
                key={holdingKey(item)}
                className="grid gap-2 rounded-md border p-3 sm:grid-cols-2"
              >
                <div className="min-w-0">
                  <p className="text-xs text-muted-foreground">{HOLDING_KIND_LABELS[item.kind]}</p>
                  <p className="truncate text-sm font-medium">{item.label}</p>
                  {item.detail && (
                    <p className="truncate text-xs text-muted-foreground">{item.detail}</p>
                  )}
                </div>
                <div className="grid gap-2">
                  <Select
                    value={choice.action}
                    onValueChange={(value) => set({ action: value as OffboardAction })}
                  >
                    <SelectTrigger aria-label={`What to do with ${item.label}`}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      <SelectItem value="release">{RELEASE_LABELS[item.kind]}</SelectItem>
                      <SelectItem value="reassign">Reassign to someone</SelectItem>
                      <SelectItem value="keep">Keep with the person</SelectItem>
                    </SelectContent>
                  </Select>
                  {choice.action === "reassign" && (
                    <UserPicker
                      label={`New holder of ${item.label}`}
                      value={choice.toUserId}
                      unavailableIds={new Set([user.id])}
                      // Approving a trust review is an administrator's act: the server takes no
                      // one else (APPROVER_NOT_ADMIN), so no one else is offered.
                      role={item.kind === "trust_review" ? "admin" : undefined}
                      onChange={(picked) => set({ action: "reassign", toUserId: picked.id })}
                    />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button
          variant="destructive"
          disabled={action.busy || incomplete}
          onClick={() => void action.run()}
        >
          {action.busy ? "Offboarding..." : "Offboard and deactivate"}
        </Button>
      </DialogFooter>
    </>
  );
}
