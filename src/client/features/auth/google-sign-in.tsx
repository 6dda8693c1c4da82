// The 'Sign in with Google' button and what the login page needs around it. Signing in is a
// full-page navigation to the server, which sends the browser to Google and, back from Google, to
// /login?google=success (signed in) or /login?error=<reason>. The button asks the server first
// whether Google is set up; when it is not, it is shown disabled, described by the reason, and
// with a tooltip saying so once pointed at or focused: the tooltip's code (Radix and floating-ui,
// 20 kB gzip) loads only then, not with this page, the first a visitor downloads (decision 0053).
import * as React from "react";
import { Button } from "@/client/components/ui/button";
import { GOOGLE_NOT_CONFIGURED, GOOGLE_PATH, googleFailureMessage } from "@/domain/google-sign-in";
import { isSafeReturnPath, saveReturnPath } from "./return-path";

const GoogleSignInUnavailable = React.lazy(() => import("./google-sign-in-unavailable"));

type GoogleStatus = "unknown" | "configured" | "unconfigured";

/** Whether the server has Google sign-in set up; "unknown" until (or unless) it answers. */
function useGoogleStatus(): GoogleStatus {
  const [status, setStatus] = React.useState<GoogleStatus>("unknown");
  React.useEffect(() => {
    const controller = new AbortController();
    fetch(`${GOOGLE_PATH}/status`, { credentials: "include", signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { configured?: unknown } | null) => {
        // No answer leaves the button usable: the server then explains on /login itself.
        if (typeof body?.configured === "boolean") {
          setStatus(body.configured ? "configured" : "unconfigured");
        }
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return status;
}

/** The message for the login page when Google sent the browser back with ?error=<reason>. */
export function googleErrorFrom(searchParams: URLSearchParams): string | null {
  const error = searchParams.get("error");
  return error?.startsWith("google") ? googleFailureMessage(error) : null;
}

/**
 * Back from Google (or the SSO issuer) signed in: the server returns the page the visitor had asked for (kept for
 * this tab too, but a sign-in may finish in another tab); keep it where takeReturnPath() reads.
 */
export function keepGoogleReturnPath(searchParams: URLSearchParams) {
  const returnTo = searchParams.get("returnTo");
  if (isSafeReturnPath(returnTo)) saveReturnPath(returnTo);
}

/** A full-page navigation to an OpenID Connect sign-in's start (Google's, or the SSO one's). */
export function startOpenIdSignIn(path: string) {
  let returnTo: string | null = null;
  try {
    returnTo = window.sessionStorage.getItem("returnTo");
  } catch {
    // Without storage the user lands on the dashboard.
  }
  const query = isSafeReturnPath(returnTo) ? `?returnTo=${encodeURIComponent(returnTo)}` : "";
  window.location.assign(`${path}${query}`);
}

const startGoogleSignIn = () => startOpenIdSignIn(GOOGLE_PATH);

const UNAVAILABLE_ID = "google-sign-in-unavailable";

export function GoogleSignInButton({ disabled }: { disabled: boolean }) {
  const status = useGoogleStatus();
  // How the visitor reached the disabled button: the tooltip opens for that, once loaded.
  const [reached, setReached] = React.useState<"pointer" | "focus" | null>(null);
  // In a transition, the plain button stays (with the focus) until the tooltip's code is here.
  const reach = (how: "pointer" | "focus") =>
    React.startTransition(() => setReached((was) => was ?? how));
  if (status === "unconfigured") {
    const plain = (
      <GoogleButton
        aria-disabled="true"
        aria-describedby={UNAVAILABLE_ID}
        onPointerEnter={() => reach("pointer")}
        onFocus={() => reach("focus")}
      />
    );
    return (
      <>
        <React.Suspense fallback={plain}>
          {reached ? (
            <GoogleSignInUnavailable refocus={reached === "focus"}>
              <GoogleButton aria-disabled="true" aria-describedby={UNAVAILABLE_ID} />
            </GoogleSignInUnavailable>
          ) : (
            plain
          )}
        </React.Suspense>
        {/* Read with the button by screen readers, without needing the tooltip to open. */}
        <span id={UNAVAILABLE_ID} className="sr-only">
          {GOOGLE_NOT_CONFIGURED}
        </span>
      </>
    );
  }
  return <GoogleButton disabled={disabled} onClick={startGoogleSignIn} />;
}

export function GoogleButton(props: React.ComponentProps<typeof Button>) {
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full aria-disabled:cursor-not-allowed aria-disabled:opacity-50"
      {...props}
    >
      <GoogleMark />
      Sign in with Google
    </Button>
  );
}

function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4">
      <path
        fill="#4285F4"
        d="M22.56 12.25c0-.78-.07-1.53-.2-2.25H12v4.26h5.92a5.06 5.06 0 0 1-2.2 3.32v2.77h3.57c2.08-1.92 3.27-4.74 3.27-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c2.97 0 5.46-.98 7.28-2.66l-3.57-2.77c-.98.66-2.23 1.06-3.71 1.06-2.86 0-5.29-1.93-6.16-4.53H2.18v2.84A11 11 0 0 0 12 23z"
      />
      <path
        fill="#FBBC05"
        d="M5.84 14.1A6.6 6.6 0 0 1 5.5 12c0-.73.13-1.44.34-2.1V7.06H2.18A11 11 0 0 0 1 12c0 1.78.43 3.46 1.18 4.94l3.66-2.84z"
      />
      <path
        fill="#EA4335"
        d="M12 5.38c1.62 0 3.06.56 4.21 1.64l3.15-3.15C17.45 2.09 14.97 1 12 1 7.7 1 3.99 3.47 2.18 7.06l3.66 2.84c.87-2.6 3.3-4.52 6.16-4.52z"
      />
    </svg>
  );
}
