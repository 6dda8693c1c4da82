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
  // The available items, each with its Assign button and the 'Assign Hardware Item' dialog
  // (the Overview's inventory shows only 8 of them).
  { label: "Assign Hardware", to: "/hardware?tab=available" },
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
