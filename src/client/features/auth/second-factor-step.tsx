// The sign-in's second step: after a right password (or Google) for a user with two-factor on, the
// server holds a pending sign-in and this asks for the 6-digit code or a recovery code. Kept free
// of zod and form libraries: it is part of the first page a visitor downloads.
import { Loader2, ShieldCheck } from "lucide-react";
import * as React from "react";
import { Button } from "@/client/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { ApiError, api, LOGIN_TIMEOUT_MS } from "@/client/lib/api-client";
import type { AuthUser } from "@/domain/schemas/auth";

export const SECOND_FACTOR_INVALID = "Invalid code. Please try again.";
export const SECOND_FACTOR_EXPIRED = "Your sign-in has expired. Please sign in again.";
const CONNECTION_PROBLEM = "There was a problem connecting to the server. Please try again.";

function messageFor(error: unknown): string {
  if (!(error instanceof ApiError)) return CONNECTION_PROBLEM;
  if (error.code === "INVALID_SECOND_FACTOR") return SECOND_FACTOR_INVALID;
  if (error.code === "SECOND_FACTOR_EXPIRED") return SECOND_FACTOR_EXPIRED;
  if (error.status === 429 || error.status === 400) return error.message;
  return CONNECTION_PROBLEM;
}

export interface SecondFactorStepProps {
  /** The server has turned the pending sign-in into a session. */
  onSignedIn(user: AuthUser): void;
  /** Back to the password form (the pending sign-in is given up). */
  onCancel(): void;
  /** After success, while the page waits to move on. */
  redirecting: boolean;
}

export function SecondFactorStep({ onSignedIn, onCancel, redirecting }: SecondFactorStepProps) {
  const [useRecovery, setUseRecovery] = React.useState(false);
  const [code, setCode] = React.useState("");
  const [error, setError] = React.useState<string | null>(null);
  const [fieldError, setFieldError] = React.useState<string | undefined>();
  const [busy, setBusy] = React.useState(false);
  const [expired, setExpired] = React.useState(false);
  const inputRef = React.useRef<HTMLInputElement>(null);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    if (typed === "") {
      setFieldError(useRecovery ? "Enter a recovery code" : "Enter the 6-digit code");
      inputRef.current?.focus();
      return;
    }
    setFieldError(undefined);
    setError(null);
    setBusy(true);
    try {
      const result = await api.post<{ success?: boolean; user?: AuthUser }>(
        "/api/auth/two-factor/verify",
        { code: typed },
        { timeoutMs: LOGIN_TIMEOUT_MS },
      );
      if (result?.success && result.user) {
        onSignedIn(result.user);
        return;
      }
      setError(SECOND_FACTOR_INVALID);
    } catch (failure) {
      console.warn("Second factor refused:", failure);
      setError(messageFor(failure));
      if (failure instanceof ApiError && failure.code === "SECOND_FACTOR_EXPIRED") setExpired(true);
      setCode("");
    }
    setBusy(false);
    inputRef.current?.focus();
  }

  function cancel() {
    // Best effort: the pending sign-in expires by itself anyway.
    api.post("/api/auth/two-factor/cancel", {}).catch(() => {});
    onCancel();
  }

  const disabled = busy || redirecting;
  return (
    <main className="flex min-h-screen items-center justify-center bg-gradient-to-br from-slate-100 via-background to-blue-50 px-4 py-10">
      <Card className="w-full max-w-md gap-5 shadow-lg">
        <CardHeader className="justify-items-center text-center">
          <div className="mb-2 flex size-12 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-sm">
            <ShieldCheck aria-hidden="true" className="size-6" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">Two-factor authentication</h1>
          <CardDescription>
            {useRecovery
              ? "Enter one of your recovery codes. Each works once."
              : "Enter the 6-digit code from your authenticator app."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          <form
            onSubmit={onSubmit}
            noValidate
            className="grid gap-4"
            aria-label="Two-factor authentication"
          >
            <FormField
              label={useRecovery ? "Recovery code" : "Authentication code"}
              error={fieldError}
            >
              {(field) => (
                <Input
                  {...field}
                  ref={inputRef}
                  name="code"
                  value={code}
                  onChange={(event) => setCode(event.target.value)}
                  inputMode={useRecovery ? "text" : "numeric"}
                  autoComplete="one-time-code"
                  autoCapitalize="off"
                  spellCheck={false}
                  maxLength={useRecovery ? 32 : 7}
                  autoFocus
                  disabled={disabled || expired}
                />
              )}
            </FormField>

            {error && (
              <div
                role="alert"
                className="rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
              >
                {error}
              </div>
            )}

            {expired ? (
              <Button type="button" className="w-full" onClick={onCancel}>
                Sign in again
              </Button>
            ) : (
              <Button type="submit" className="w-full" disabled={disabled}>
                {disabled && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
                {redirecting ? "Redirecting..." : "Verify"}
              </Button>
            )}
            <div className="flex flex-wrap justify-between gap-2">
              <Button
                type="button"
                variant="link"
                className="h-auto px-0"
                disabled={disabled || expired}
                onClick={() => {
                  setUseRecovery((current) => !current);
                  setCode("");
                  setFieldError(undefined);
                  setError(null);
                  inputRef.current?.focus();
                }}
              >
                {useRecovery ? "Use your authenticator app" : "Use a recovery code"}
              </Button>
              <Button
                type="button"
                variant="link"
                className="h-auto px-0"
                disabled={disabled}
                onClick={cancel}
              >
                Back to sign in
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
    </main>
  );
}
