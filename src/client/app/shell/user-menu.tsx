// The top bar's user menu. Its menu code (Radix's menu, popper and focus handling) is fetched when
// the pointer or the focus first comes to the button, and the menu opens once it is in: the
// dashboard does not wait for a menu nobody has opened yet.
import * as React from "react";
import { useAuth } from "@/client/features/auth/auth-context";
import { lazyPage } from "../lazy-page";
import { UserMenuButton } from "./user-menu-button";

const loadDropdown = () => import("./user-menu-dropdown");
const UserMenuDropdown = lazyPage(loadDropdown, (m) => m.UserMenuDropdown);

export function UserMenu() {
  const { user } = useAuth();
  const [opened, setOpened] = React.useState(false);
  if (!user) return null;

  const placeholder = (
    <UserMenuButton
      user={user}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadDropdown()}
      onFocus={() => void loadDropdown()}
      onClick={() => setOpened(true)}
      onKeyDown={(event) => {
        if (event.key === "ArrowDown") setOpened(true);
      }}
    />
  );
  if (!opened) return placeholder;
  return (
    <React.Suspense fallback={placeholder}>
      <UserMenuDropdown defaultOpen />
    </React.Suspense>
  );
}
