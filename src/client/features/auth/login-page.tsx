// The sign-in page (spec part 1, sections 2.5 and 8).
import { Fingerprint, Loader2, ShieldCheck } from "lucide-react";
import * as React from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
} from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Separator } from "@/client/components/ui/separator";
import { ApiError } from "@/client/lib/api-client";
import { notify } from "@/client/lib/notify";
import { PASSWORD_REQUIRED, USERNAME_REQUIRED } from "@/domain/schemas/auth-messages";
import { useAuth } from "./auth-context";
import { biometricLogin, isBiometricAvailable } from "./biometric-login";
import { describeBiometricFailure } from "./biometric-login-errors";
import { GoogleSignInButton, googleErrorFrom, keepGoogleReturnPath } from "./google-sign-in";
import {
  clearFailedAttempts,
  readFailedAttempts,
  recordFailedAttempt,
  TROUBLE_HINT_AFTER,
} from "./login-attempts";
import { takeReturnPath } from "./return-path";
import { SsoSignInButton, ssoErrorFrom } from "./sso-sign-in";

// Fetched only when a password was right and a second factor is on.
const SecondFactorStep = React.lazy(() =>
  import("./second-factor-step").then((module) => ({ default: module.SecondFactorStep })),
);

export const LOGIN_REDIRECT_MS = 600;
export const GOOGLE_REDIRECT_MS = 800;
const BIOMETRIC_CHECK_DEBOUNCE_MS = 400;

const INVALID_CREDENTIALS = "Invalid username or password. Please try again.";
const TROUBLE_HINT = "Still having trouble? Try clearing cookies and refreshing the page.";
const CONNECTION_PROBLEM = "There was a problem connecting to the server. Please try again.";
const BIOMETRIC_NOT_VERIFIED =
  "Could not verify your biometric credentials. Please try again or use password.";
const BIOMETRIC_FAILED =
  "There was a problem with biometric authentication. Please try another method.";

type Phase = "idle" | "submitting" | "redirecting";

interface LoginFields {
  username: string;
  password: string;
}
type FieldErrors = Partial<Record<keyof LoginFields, string>>;

/**
 * Empty fields, checked here without zod or a form library: this page is the first a visitor
 * downloads and should stay small. The server checks the rest (loginRequestSchema).
 */
function checkLoginFields({ username, password }: LoginFields): FieldErrors {
  return {
    ...(username.trim() === "" ? { username: USERNAME_REQUIRED } : {}),
    ...(password === "" ? { password: PASSWORD_REQUIRED } : {}),
  };
}

function messageForLoginError(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 429) return error.message;
    if (error.kind !== "http" || error.status >= 500) return CONNECTION_PROBLEM;
    return error.message;
  }
  return CONNECTION_PROBLEM;
}

export function LoginPage() {
  const { status, login, acceptSignedInUser } = useAuth();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [phase, setPhase] = React.useState<Phase>("idle");
  const [formError, setFormError] = React.useState<string | null>(
    () => googleErrorFrom(searchParams) ?? ssoErrorFrom(searchParams),
  );
  const [failedAttempts, setFailedAttempts] = React.useState(readFailedAttempts);
  const [biometricAvailable, setBiometricAvailable] = React.useState(false);
  // Right password (or Google) and two-factor on: the code is asked for (second-factor-step.tsx).
  const [secondFactor, setSecondFactor] = React.useState(
    searchParams.get("second-factor") === "required",
  );
  // Why the passkey ceremony failed, shown under the spec's message for it.
  const [biometricDetail, setBiometricDetail] = React.useState<string | null>(null);
  const redirectTimerRef = React.useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const [fields, setFields] = React.useState<LoginFields>({ username: "", password: "" });
  const [submitted, setSubmitted] = React.useState(false);
  // As a form library would: errors appear on submit, then follow the typing.
  const errors: FieldErrors = submitted ? checkLoginFields(fields) : {};
  const username = fields.username;
  const fieldProps = (name: keyof LoginFields) => ({
    name,
    value: fields[name],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      setFields((current) => ({ ...current, [name]: event.target.value })),
  });

  const finishSignIn = React.useCallback(
    (delayMs: number) => {
      clearFailedAttempts();
      setFailedAttempts(0);
      setPhase("redirecting");
      notify.success({ title: "Login successful" });
      redirectTimerRef.current = setTimeout(
        () => navigate(takeReturnPath(), { replace: true }),
        delayMs,
      );
    },
    [navigate],
  );

  // Back from Google (or single sign-on): the server signed us in and sent us here with
  // ?google=success (?oidc=success).
  const googleReturn =
    searchParams.get("google") === "success" || searchParams.get("oidc") === "success";
  React.useEffect(() => {
    if (googleReturn && status === "authenticated" && phase === "idle") {
      keepGoogleReturnPath(searchParams);
      finishSignIn(GOOGLE_REDIRECT_MS);
    }
  }, [googleReturn, status, phase, finishSignIn, searchParams]);

  // Someone already signed in has nothing to do here.
  React.useEffect(() => {
    if (status === "authenticated" && phase === "idle" && !googleReturn) {
      navigate(takeReturnPath(), { replace: true });
    }
  }, [status, phase, googleReturn, navigate]);

  React.useEffect(() => () => clearTimeout(redirectTimerRef.current), []);

  // The passkey button appears only when the server has a credential for the typed username.
  React.useEffect(() => {
    const typed = username.trim();
    if (typed === "") {
      setBiometricAvailable(false);
      return;
    }
    let cancelled = false;
    const timer = setTimeout(async () => {
      const available = await isBiometricAvailable(typed);
      if (!cancelled) setBiometricAvailable(available);
    }, BIOMETRIC_CHECK_DEBOUNCE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [username]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSubmitted(true);
    const fieldErrors = checkLoginFields(fields);
    if (fieldErrors.username || fieldErrors.password) {
      const first = fieldErrors.username ? "username" : "password";
      event.currentTarget.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    const values = { username: fields.username.trim(), password: fields.password };
    setFormError(null);
    setPhase("submitting");
    try {
      const ok = await login(values.username, values.password);
      if (ok === "second-factor") {
        setSecondFactor(true);
        setPhase("idle");
        return;
      }
      if (ok) {
        finishSignIn(LOGIN_REDIRECT_MS);
        return;
      }
      setFailedAttempts(recordFailedAttempt());
      setFormError(INVALID_CREDENTIALS);
    } catch (error) {
      console.error("Login failed:", error);
      if (error instanceof ApiError && error.status === 429) {
        setFailedAttempts(recordFailedAttempt());
      }
      setFormError(messageForLoginError(error));
    }
    setPhase("idle");
  }

  async function onBiometric() {
    setFormError(null);
    setPhase("submitting");
    try {
      const user = await biometricLogin(username);
      if (user) {
        acceptSignedInUser(user);
        finishSignIn(LOGIN_REDIRECT_MS);
        return;
      }
      setFailedAttempts(recordFailedAttempt());
      setFormError(BIOMETRIC_NOT_VERIFIED);
    } catch (error) {
      console.error("Biometric login failed:", error);
      const failure = describeBiometricFailure(error, BIOMETRIC_FAILED);
      setFormError(failure.message);
      setBiometricDetail(failure.detail);
    }
    setPhase("idle");
  }

  const busy = phase !== "idle";

  if (secondFactor) {
    return (
      <React.Suspense fallback={null}>
        <SecondFactorStep
          redirecting={phase === "redirecting"}
          onCancel={() => setSecondFactor(false)}
          onSignedIn={(user) => {
            acceptSignedInUser(user);
            finishSignIn(LOGIN_REDIRECT_MS);
          }}
        />
      </React.Suspense>
    );
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 via-background to-blue-50 px-4 py-10">
      <Card className="w-full max-w-md gap-5 shadow-lg">
        <CardHeader className="justify-items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">Admin Panel</h1>
          <CardDescription>Sign in to your account</CardDescription>
        </CardHeader>
        <CardContent>
          <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
            <FormField label="Username" error={errors.username}>
              {(field) => (
                <Input
                  {...field}
                  {...fieldProps("username")}
                  autoComplete="username webauthn"
                  autoFocus
                  disabled={busy}
                />
              )}
            </FormField>
            <FormField label="Password" error={errors.password}>
              {(field) => (
                <Input
                  {...field}
                  {...fieldProps("password")}
                  type="password"
                  autoComplete="current-password"
                  disabled={busy}
                />
              )}
            </FormField>

            {formError && (
              <div
                role="alert"
                className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
              >
                <p>{formError}</p>
                {formError === BIOMETRIC_FAILED && biometricDetail && (
                  <p className="mt-1">{biometricDetail}</p>
                )}
                {failedAttempts > TROUBLE_HINT_AFTER && (
                  <p className="mt-1 text-muted-foreground">{TROUBLE_HINT}</p>
                )}
              </div>
            )}

            <Button type="submit" className="w-full" disabled={busy}>
              {busy && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
              {phase === "redirecting" ? "Redirecting..." : "Login"}
            </Button>
          </form>
        </CardContent>
        <CardFooter className="flex-col gap-3">
          <div className="flex w-full items-center gap-3 text-xs text-muted-foreground uppercase">
            <Separator className="flex-1" />
            or
            <Separator className="flex-1" />
          </div>
          <GoogleSignInButton disabled={busy} />
          <SsoSignInButton disabled={busy} />
          {biometricAvailable && (
            <Button
              type="button"
              variant="outline"
              className="w-full"
              onClick={onBiometric}
              disabled={busy}
            >
              <Fingerprint aria-hidden="true" />
              Sign in with biometrics
            </Button>
          )}
        </CardFooter>
      </Card>
    </main>
  );
}
