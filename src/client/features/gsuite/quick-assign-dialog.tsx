// Picking a plan for an unlicensed user in All Users creates their account at once; this dialog
// shows the outcome and the initial password, once.
import { useEffect, useRef } from "react";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import type { GsuiteUserResponse, PlanResponse } from "@/domain/schemas/gsuite";
import { AssignResults } from "./assign-results";
import { useAssign } from "./use-assign";

export function QuickAssignDialog({
  user,
  plan,
  onOpenChange,
}: {
  user: GsuiteUserResponse;
  plan: PlanResponse;
  onOpenChange(open: boolean): void;
}) {
  const { run, busy, result } = useAssign();
  const started = useRef(false);
  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    void run(plan.id, [user.id]);
  }, [run, plan.id, user.id]);

  return (
    <Dialog open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Assign User</DialogTitle>
          <DialogDescription>{`${plan.name} for ${user.displayName}`}</DialogDescription>
        </DialogHeader>
        {result ? (
          <AssignResults result={result} />
        ) : (
          <p role="status" className="text-sm">
            {busy ? "Assigning..." : "The assignment did not go through."}
          </p>
        )}
        <DialogFooter>
          <Button disabled={busy} onClick={() => onOpenChange(false)}>
            {result ? "Done" : "Close"}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
