// Google sign-in is a full-page navigation to the server, which redirects to Google. The server
// route arrives in a later issue, so first ask whether it would redirect at all: navigating to a
// missing route would leave the user on a raw error page.
const GOOGLE_PATH = "/api/auth/google";

export const GOOGLE_ERROR = "There was a problem connecting to Google. Please try again.";

/** Resolves false when the Google sign-in route is not usable; otherwise navigates away. */
export async function startGoogleSignIn(): Promise<boolean> {
  try {
    const probe = await fetch(GOOGLE_PATH, {
      method: "GET",
      redirect: "manual",
      credentials: "include",
      headers: { "X-Requested-With": "XMLHttpRequest" },
    });
    // A redirect answer is opaque to fetch with redirect: "manual"; that is the working case.
    if (probe.type !== "opaqueredirect" && !(probe.status >= 300 && probe.status < 400)) {
      return false;
    }
  } catch {
    return false;
  }
  window.location.assign(GOOGLE_PATH);
  return true;
}
