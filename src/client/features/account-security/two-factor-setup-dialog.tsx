// Turning on the second factor: the server makes a secret (shown as a QR code and as a key to
// type), a code from the app confirms it, then the ten recovery codes are shown, this once only.
import { Loader2 } from "lucide-react";
import * as React from "react";
import { FormAlert } from "@/client/components/form/form-alert";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/client/components/ui/dialog";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { ApiError } from "@/client/lib/api-client";
import { notify } from "@/client/lib/notify";
import { totpCodeSchema } from "@/domain/schemas/two-factor";
import { useConfirmTwoFactor, useStartTwoFactorSetup } from "./two-factor-api";

export const TWO_FACTOR_ENABLED_TOAST = "Two-factor authentication enabled";

/** Splits the key in groups of four, as apps print it; spaces are ignored when typed. */
const groupKey = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export function TwoFactorSetupDialog({ onOpenChange }: { onOpenChange(open: boolean): void }) {
  const start = useStartTwoFactorSetup();
  const confirm = useConfirmTwoFactor();
  const [code, setCode] = React.useState("");
  const [codeError, setCodeError] = React.useState<string | undefined>();
  const [recoveryCodes, setRecoveryCodes] = React.useState<string[] | null>(null);

  // One secret per opening (a second call would replace the one on screen).
  const started = React.useRef(false);
  React.useEffect(() => {
    if (started.current) return;
    started.current = true;
    start.mutate();
  }, [start]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setCodeError(parsed.error.issues[0]?.message);
      return;
    }
    setCodeError(undefined);
    try {
      const { recoveryCodes: codes } = await confirm.mutateAsync(parsed.data);
      setRecoveryCodes(codes);
      notify.success({ title: TWO_FACTOR_ENABLED_TOAST });
    } catch (error) {
      setCodeError(
        error instanceof ApiError && error.code === "INVALID_TWO_FACTOR_CODE"
          ? "That code is not valid. Please try again."
          : error instanceof Error
            ? error.message
            : "Could not turn on two-factor authentication.",
      );
    }
  }

  const busy = confirm.isPending;
  return (
    <Dialog open onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent className="sm:max-w-lg">
        {recoveryCodes ? (
          <RecoveryCodesView codes={recoveryCodes} onDone={() => onOpenChange(false)} />
        ) : (
          <>
            <DialogHeader>
              <DialogTitle>Set up two-factor authentication</DialogTitle>
              <DialogDescription>
                Scan the QR code with an authenticator app (Google Authenticator, 1Password,
                Authy...) or type the key, then enter the 6-digit code it shows.
              </DialogDescription>
            </DialogHeader>
            {start.isError ? (
              <div className="grid justify-items-start gap-2">
                <FormAlert>Could not start the setup. {start.error.message}</FormAlert>
                <Button variant="outline" onClick={() => start.mutate()}>
                  Try again
                </Button>
              </div>
            ) : !start.data ? (
              <p className="flex items-center gap-2 text-sm text-muted-foreground">
                <Loader2 aria-hidden="true" className="size-4 animate-spin" />
                Preparing your key...
              </p>
            ) : (
              <form onSubmit={onSubmit} noValidate className="grid gap-4">
                <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
                  <img
                    src={start.data.qrCode}
                    alt="QR code for your authenticator app"
                    className="size-40 shrink-0 rounded-md border bg-white p-1"
                  />
                  <div className="grid min-w-0 gap-1 text-sm">
                    <p className="font-medium">Can't scan it? Enter this key:</p>
                    <code
                      className="rounded bg-muted px-2 py-1 font-mono text-xs break-all"
                      data-testid="totp-secret"
                    >
                      {groupKey(start.data.secret)}
                    </code>
                    <p className="text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
                  </div>
                </div>
                <FormField label="Verification code" error={codeError}>
                  {(field) => (
                    <Input
                      {...field}
                      name="code"
                      value={code}
                      onChange={(event) => setCode(event.target.value)}
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={7}
                      autoFocus
                      disabled={busy}
                    />
                  )}
                </FormField>
                <DialogFooter>
                  <Button
                    type="button"
                    variant="outline"
                    onClick={() => onOpenChange(false)}
                    disabled={busy}
                  >
                    Cancel
                  </Button>
                  <Button type="submit" disabled={busy}>
                    {busy ? "Verifying..." : "Verify and turn on"}
                  </Button>
                </DialogFooter>
              </form>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The recovery codes in clear, once: after a setup or after asking for new ones. */
export function RecoveryCodesView({ codes, onDone }: { codes: string[]; onDone(): void }) {
  return (
    <>
      <DialogHeader>
        <DialogTitle>Save your recovery codes</DialogTitle>
        <DialogDescription>
          Each code signs you in once if you lose your authenticator. They are shown only now: keep
          them somewhere safe.
        </DialogDescription>
      </DialogHeader>
      <ul
        aria-label="Recovery codes"
        data-testid="recovery-codes"
        className="grid grid-cols-2 gap-2 rounded-md border bg-muted/40 p-3 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <DialogFooter>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </DialogFooter>
    </>
  );
}
