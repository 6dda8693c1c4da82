import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { Avatar, AvatarFallback } from "@/client/components/ui/avatar";
import { Button } from "@/client/components/ui/button";
import type { AuthUser } from "@/domain/schemas/auth";
import { userInitial } from "./user-initial";

/**
 * The top bar's user-menu button, the same before and after the menu's code has loaded. Named by
 * its content, "User menu" then the name shown, so what a speech-input user reads on the button is
 * part of its name (axe: label-content-name-mismatch).
 */
export function UserMenuButton({
  user,
  ...props
}: { user: AuthUser } & React.ComponentProps<typeof Button>) {
  return (
    <Button variant="ghost" className="h-10 gap-2 px-2" {...props}>
      <span className="sr-only">User menu </span>
      <Avatar aria-hidden="true" className="size-8">
        <AvatarFallback>{userInitial(user)}</AvatarFallback>
      </Avatar>
      <span className="hidden max-w-40 truncate text-sm font-medium md:inline">
        {user.displayName || user.username}
      </span>
      <ChevronDown aria-hidden="true" className="hidden size-4 text-muted-foreground md:inline" />
    </Button>
  );
}
