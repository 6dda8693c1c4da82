// The user menu itself (spec 2.4), fetched the first time someone reaches for it (user-menu.tsx).
import { Fingerprint, LogOut, Settings, UserRound } from "lucide-react";
import { useNavigate } from "react-router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { useAuth } from "@/client/features/auth/auth-context";
import { forgetReturnPath } from "@/client/features/auth/return-path";
import { UserMenuButton } from "./user-menu-button";

export function UserMenuDropdown({ defaultOpen }: { defaultOpen: boolean }) {
  const { user, logout } = useAuth();
  const navigate = useNavigate();
  if (!user) return null;
  const name = user.displayName || user.username;

  async function onLogout() {
    await logout();
    // A query answered 401 while the log-out ran saves this page to come back to, as it does for
    // an expired session; a deliberate log-out does not come back here (nor for the next person).
    forgetReturnPath();
    navigate("/login", { replace: true });
  }

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <UserMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel className="font-normal">
          <p className="truncate text-sm font-medium">{name}</p>
          <p className="truncate text-xs text-muted-foreground">{user.email || user.username}</p>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate("/profile")}>
          <UserRound aria-hidden="true" />
          View Profile
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate("/profile?tab=security")}>
          <Fingerprint aria-hidden="true" />
          Biometric Settings
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => navigate("/settings")}>
          <Settings aria-hidden="true" />
          Settings
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem variant="destructive" onSelect={() => void onLogout()}>
          <LogOut aria-hidden="true" />
          Log out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
