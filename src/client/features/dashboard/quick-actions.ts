// Quick actions of the dashboard and where they go (spec part 1, section 2.6).

/** A quick action goes to a screen, or opens a dialog on the dashboard itself. */
export type QuickAction =
  | { label: string; to: string }
  | { label: string; opens: "assign-hardware" };

const ADMIN_ACTIONS: readonly QuickAction[] = [
  { label: "Add Hardware", to: "/hardware" },
  { label: "Add License", to: "/licenses" },
  { label: "Add Account", to: "/accounts" },
  { label: "Add User", to: "/users" },
  // 'Assign Hardware Item', here, with a search over every free item (the spec's "hardware
  // assignment dialog"; the Overview's inventory shows only 8 of them).
  { label: "Assign Hardware", opens: "assign-hardware" },
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
