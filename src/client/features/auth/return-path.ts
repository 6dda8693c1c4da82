// Where to go after signing in (spec part 1, section 2.2): the path a signed-out visitor tried to
// open, kept for this tab only.
const STORAGE_KEY = "returnTo";

/** Only same-app paths are accepted, so a crafted value cannot send anyone off-site. */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  return (
    typeof path === "string" &&
    path.startsWith("/") &&
    !path.startsWith("//") &&
    !path.startsWith("/\\") &&
    !path.startsWith("/login") &&
    !path.startsWith("/api/")
  );
}

export function saveReturnPath(path: string) {
  if (!isSafeReturnPath(path)) return;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, path);
  } catch {
    // Without storage the user simply lands on the dashboard.
  }
}

/** Reads and clears the saved path; "/" when there is none. */
export function takeReturnPath(): string {
  try {
    const saved = window.sessionStorage.getItem(STORAGE_KEY);
    window.sessionStorage.removeItem(STORAGE_KEY);
    return isSafeReturnPath(saved) ? saved : "/";
  } catch {
    return "/";
  }
}

/** Forgets the saved path: after a deliberate log-out the next sign-in starts at the dashboard. */
export function forgetReturnPath() {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // Nothing was kept.
  }
}
