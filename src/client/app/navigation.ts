// Sidebar entries and their visibility (spec part 1, section 2.3), in the order of the product's
// areas. Icons are attached in the sidebar component so this file stays plain data and rules.
import { pathMatches } from "./route-table";

export type NavKey =
  | "dashboard"
  | "users"
  | "hardware"
  | "accounts"
  | "licenses"
  | "gsuite"
  | "assignments"
  | "expenses"
  | "directories"
  | "hosting"
  | "trust-reviews"
  | "activity"
  | "settings";

export interface NavEntry {
  key: NavKey;
  label: string;
  path: string;
  adminOnly: boolean;
}

export const NAV_ENTRIES: readonly NavEntry[] = [
  { key: "dashboard", label: "Dashboard", path: "/", adminOnly: false },
  { key: "users", label: "Users", path: "/users", adminOnly: true },
  { key: "hardware", label: "Hardware", path: "/hardware", adminOnly: false },
  { key: "accounts", label: "Office Accounts", path: "/accounts", adminOnly: false },
  { key: "licenses", label: "Software Licenses", path: "/licenses", adminOnly: false },
  { key: "gsuite", label: "G Suite Accounts", path: "/gsuite-accounts", adminOnly: true },
  { key: "assignments", label: "License Assignments", path: "/assignments", adminOnly: true },
  { key: "expenses", label: "Expenses", path: "/expenses", adminOnly: true },
  { key: "directories", label: "Directories", path: "/directories", adminOnly: true },
  { key: "hosting", label: "Hosting", path: "/hosting", adminOnly: true },
  { key: "trust-reviews", label: "Trust Reviews", path: "/trust-reviews", adminOnly: true },
  { key: "activity", label: "Activity Log", path: "/activity", adminOnly: true },
  { key: "settings", label: "Settings", path: "/settings", adminOnly: false },
];

export function visibleNavEntries(isAdmin: boolean): NavEntry[] {
  return NAV_ENTRIES.filter((entry) => isAdmin || !entry.adminOnly);
}

/** The entry whose path covers the current path (root exact), if any. */
export function activeNavEntry(entries: readonly NavEntry[], pathname: string) {
  return entries.find((entry) => pathMatches(entry.path, pathname));
}

export const SIDEBAR_BREAKPOINT_PX = 1024;

/** Open by default on wide windows, closed on narrow ones. */
export function sidebarOpenByDefault(windowWidth: number): boolean {
  return windowWidth >= SIDEBAR_BREAKPOINT_PX;
}
