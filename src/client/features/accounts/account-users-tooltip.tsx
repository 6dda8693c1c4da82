// The Users count with its assignments tooltip (spec part 2, 'Office Accounts'; shown after
// 300 ms, section 9). The trigger is a button so keyboard users reach the tooltip too.

import * as TooltipPrimitive from "@radix-ui/react-tooltip";
import { UsersIcon } from "lucide-react";
import { TooltipContent, TooltipProvider, TooltipTrigger } from "@/client/components/ui/tooltip";
import type { AccountUser } from "@/domain/schemas/accounts";

export function AccountUsersTooltip({ email, users }: { email: string; users: AccountUser[] }) {
  const label = `${users.length} user${users.length === 1 ? "" : "s"} of ${email}`;
  return (
    <TooltipProvider delayDuration={300}>
      <TooltipPrimitive.Root>
        <TooltipTrigger asChild>
          <button
            type="button"
            aria-label={label}
            className="inline-flex items-center gap-1 rounded-md px-1.5 py-0.5 text-sm hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <UsersIcon aria-hidden="true" className="size-4 text-muted-foreground" />
            {users.length}
          </button>
        </TooltipTrigger>
        <TooltipContent className="max-w-xs text-left">
          {users.length === 0 ? (
            "No active assignments"
          ) : (
            <ul className="grid gap-0.5">
              {users.map((user) => (
                <li key={user.assignmentId}>
                  {user.assignedTo ?? "Unknown user"}
                  {user.deviceName ? ` (${user.deviceName})` : ""}
                </li>
              ))}
            </ul>
          )}
        </TooltipContent>
      </TooltipPrimitive.Root>
    </TooltipProvider>
  );
}
