// The route table of spec part 1, section 2.1: path, top-bar title and who may open it. The
// router is built from it, so a path has a page exactly when it has a title here.

export interface RouteInfo {
  path: string;
  title: string;
  adminOnly: boolean;
}

export const ROUTES = [
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
  { path: "/activity", title: "Activity Log", adminOnly: true },
] as const satisfies readonly RouteInfo[];

export type RoutePath = (typeof ROUTES)[number]["path"];

export const NOT_FOUND_TITLE = "Page Not Found";
export const LOGIN_TITLE = "Sign In";
export const PRODUCT_NAME = "Quartermaster";

/** The browser tab's title for a page: its top-bar title, then the product. */
export function documentTitle(pageTitle: string): string {
  return `${pageTitle} · ${PRODUCT_NAME}`;
}

const withoutTrailingSlash = (pathname: string) =>
  pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;

/**
 * Whether `routePath` covers `pathname` for the sidebar's active entry (spec 2.3, a prefix): the
 * root matches only itself, any other path matches itself and everything below it (a whole
 * segment, so /users does not cover /users-archive).
 */
export function pathMatches(routePath: string, pathname: string): boolean {
  const current = withoutTrailingSlash(pathname);
  if (routePath === "/") return current === "/";
  return current === routePath || current.startsWith(`${routePath}/`);
}

/**
 * The route showing `pathname`: the same path exactly, case included (a trailing slash aside), as
 * the router matches it. /licenses/extra and /LICENSES are unknown paths, shown as the 404 card.
 */
export function routeForPath(pathname: string): RouteInfo | undefined {
  const current = withoutTrailingSlash(pathname);
  return ROUTES.find((route) => route.path === current) as RouteInfo | undefined;
}

/**
 * The top-bar title for a path; unknown paths read 'Page Not Found'. Someone who is not an
 * administrator on an administrator's path is on their way to the dashboard (the guard sends
 * them there): the title says where they land, never the page they may not see.
 */
export function titleForPath(pathname: string, isAdmin = true): string {
  const route = routeForPath(pathname);
  if (route?.adminOnly && !isAdmin) return ROUTES[0].title;
  return route?.title ?? NOT_FOUND_TITLE;
}
