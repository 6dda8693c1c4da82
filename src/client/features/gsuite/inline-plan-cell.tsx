// The accounts table's plan cell: a double-click opens a plan select in place; choosing a plan
// saves it. The editor closes 200 ms after its dropdown closes (spec part 2, section 9), so the
// chosen value is seen in place before the cell returns to text.
import { useEffect, useRef, useState } from "react";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
import { notify } from "@/client/lib/notify";
import type { GsuiteAccountResponse, PlanResponse } from "@/domain/schemas/gsuite";
import { useUpdateAccount } from "./api";
import { gsuiteFailure, gsuiteToast } from "./gsuite-toasts";

export const INLINE_EDIT_CLOSE_DELAY_MS = 200;

export function InlinePlanCell({
  account,
  plans,
}: {
  account: GsuiteAccountResponse;
  plans: PlanResponse[];
}) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateAccount();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  if (!editing) {
    return (
      <button
        type="button"
        title="Double-click to change the plan"
        aria-label={`Plan ${account.planType}: double-click to change`}
        className="cursor-pointer rounded px-1 text-left hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
        onDoubleClick={() => setEditing(true)}
        onKeyDown={(event) => {
          // The keyboard's way in: Enter opens the editor too.
          if (event.key === "Enter") {
            event.preventDefault();
            setEditing(true);
          }
        }}
      >
        {account.planType}
      </button>
    );
  }

  return (
    <Select
      defaultOpen
      value={account.planId ? String(account.planId) : undefined}
      onValueChange={(value) => {
        const planId = Number(value);
        if (planId === account.planId) return;
        update.mutate(
          { id: account.id, body: { planId } },
          {
            onSuccess: () => notify.success(gsuiteToast.accountUpdated),
            onError: () => notify.error(gsuiteFailure.updateAccount),
          },
        );
      }}
      onOpenChange={(open) => {
        clearTimeout(timer.current);
        if (!open) timer.current = setTimeout(() => setEditing(false), INLINE_EDIT_CLOSE_DELAY_MS);
      }}
    >
      <SelectTrigger size="sm" aria-label={`Plan of ${account.email}`} className="min-w-36">
        <SelectValue placeholder={account.planType} />
      </SelectTrigger>
      <SelectContent>
        {plans.map((plan) => (
          <SelectItem key={plan.id} value={String(plan.id)}>
            {plan.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
