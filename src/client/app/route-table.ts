// The route table of spec part 1, section 2.1: path, top-bar title and who may open it.

export interface RouteInfo {
  path: string;
  title: string;
  adminOnly: boolean;
}

export const ROUTES: readonly RouteInfo[] = [
  { path: "/", title: "Dashboard", adminOnly: false },
  { path: "/hardware", title: "Hardware Inventory", adminOnly: false },
  { path: "/accounts", title: "MS Office Accounts", adminOnly: false },
  { path: "/licenses", title: "License Management", adminOnly: false },
  { path: "/settings", title: "Settings", adminOnly: false },
  { path: "/profile", title: "User Profile", adminOnly: false },
  { path: "/users", title: "Users Management", adminOnly: true },
  { path: "/gsuite-accounts", title: "G Suite Accounts", adminOnly: true },
  { path: "/assignments", title: "License Assignments", adminOnly: true },
  { path: "/expenses", title: "Expense Analysis", adminOnly: true },
  { path: "/directories", title: "Directory Listings", adminOnly: true },
  { path: "/hosting", title: "Hosting Resources", adminOnly: true },
  { path: "/trust-reviews", title: "Trust Reviews", adminOnly: true },
];

export const NOT_FOUND_TITLE = "Page Not Found";

/**
 * Whether `routePath` covers `pathname`: the root matches only itself, any other path matches
 * itself and everything below it (a whole segment, so /users does not cover /users-archive).
 */
export function pathMatches(routePath: string, pathname: string): boolean {
  const current = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (routePath === "/") return current === "/";
  return current === routePath || current.startsWith(`${routePath}/`);
}

export function routeForPath(pathname: string): RouteInfo | undefined {
  return ROUTES.find((route) => pathMatches(route.path, pathname));
}

/** The top-bar title for a path; unknown paths read 'Page Not Found'. */
export function titleForPath(pathname: string): string {
  return routeForPath(pathname)?.title ?? NOT_FOUND_TITLE;
}
