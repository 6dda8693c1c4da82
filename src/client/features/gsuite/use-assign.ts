// Runs an assignment and says how it went with the spec's toasts: 'Users assigned: N users have
// been assigned to the {plan} plan.' for what was created, and 'Error assigning users' when any
// user failed (the others stay assigned).
import { useState } from "react";
import { notify } from "@/client/lib/notify";
import type { AssignGsuiteUsersResponse } from "@/domain/schemas/gsuite";
import { useAssignUsers } from "./api";
import { gsuiteFailure, gsuiteToast } from "./gsuite-toasts";

export function useAssign() {
  const assign = useAssignUsers();
  const [result, setResult] = useState<AssignGsuiteUsersResponse | null>(null);

  async function run(planId: number, userIds: number[]) {
    let answer: AssignGsuiteUsersResponse;
    try {
      answer = await assign.mutateAsync({ planId, userIds });
    } catch {
      notify.error(gsuiteFailure.assignUsers);
      return;
    }
    const created = answer.results.filter((r) => r.outcome === "created").length;
    if (created > 0) notify.success(gsuiteToast.usersAssigned(created, answer.plan));
    if (answer.results.some((r) => r.outcome === "failed")) notify.error(gsuiteFailure.assignUsers);
    setResult(answer);
  }

  return { run, busy: assign.isPending, result };
}
