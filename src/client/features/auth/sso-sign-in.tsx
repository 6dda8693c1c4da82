// The single sign-on button (OIDC_ISSUER, decision 0059), beside Google's. Shown only when the server
// says it is set up, with the label the server was given (OIDC_BUTTON_LABEL); like Google's, a
// full-page navigation to the server, which comes back to /login?oidc=success or ?error=oidc_<reason>.
import { LogIn } from "lucide-react";
import * as React from "react";
import { Button } from "@/client/components/ui/button";
import { OIDC_PATH, oidcFailureMessage } from "@/domain/oidc-sign-in";
import { startOpenIdSignIn } from "./google-sign-in";

/** The button's label when the server has single sign-on set up; null until (or unless) it does. */
function useSsoLabel(): string | null {
  const [label, setLabel] = React.useState<string | null>(null);
  React.useEffect(() => {
    const controller = new AbortController();
    fetch(`${OIDC_PATH}/status`, { credentials: "include", signal: controller.signal })
      .then((response) => (response.ok ? response.json() : null))
      .then((body: { configured?: unknown; label?: unknown } | null) => {
        if (body?.configured === true && typeof body.label === "string") setLabel(body.label);
      })
      .catch(() => {});
    return () => controller.abort();
  }, []);
  return label;
}

/** The message for the login page when the SSO issuer sent the browser back with ?error=<reason>. */
export function ssoErrorFrom(searchParams: URLSearchParams): string | null {
  const error = searchParams.get("error");
  return error?.startsWith("oidc") ? oidcFailureMessage(error) : null;
}

export function SsoSignInButton({ disabled }: { disabled: boolean }) {
  const label = useSsoLabel();
  if (!label) return null;
  return (
    <Button
      type="button"
      variant="outline"
      className="w-full"
      disabled={disabled}
      onClick={() => startOpenIdSignIn(OIDC_PATH)}
    >
      <LogIn aria-hidden="true" />
      {label}
    </Button>
  );
}
