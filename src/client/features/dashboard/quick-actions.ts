// Quick actions of the dashboard and where they go (spec part 1, section 2.6).

export interface QuickAction {
  label: string;
  to: string;
}

const ADMIN_ACTIONS: readonly QuickAction[] = [
  { label: "Add Hardware", to: "/hardware" },
  { label: "Add License", to: "/licenses" },
  { label: "Add Account", to: "/accounts" },
  { label: "Add User", to: "/users" },
  // The spec opens a hardware assignment dialog here; that lives with the hardware screen.
  { label: "Assign Hardware", to: "/hardware" },
  { label: "Assign License", to: "/assignments" },
];

const USER_ACTIONS: readonly QuickAction[] = [
  { label: "View My Licenses", to: "/licenses" },
  { label: "View My Hardware", to: "/hardware" },
  { label: "Office Accounts", to: "/accounts" },
  { label: "Settings", to: "/settings" },
  { label: "Request Hardware", to: "/hardware?openRequestModal=true" },
];

export function quickActionsFor(isAdmin: boolean): readonly QuickAction[] {
  return isAdmin ? ADMIN_ACTIONS : USER_ACTIONS;
}
