// The Security tab's passkeys: the list (name, last use or 'Never used', Remove with a
// confirmation) and the register form (name defaulting to 'My Device'). Spec part 2, 'Profile'.
import { browserSupportsWebAuthn } from "@simplewebauthn/browser";
import { Fingerprint, Loader2, Trash2 } from "lucide-react";
import * as React from "react";
import { ConfirmDialog } from "@/client/components/confirm-dialog";
import { Button } from "@/client/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { FormField } from "@/client/components/ui/form-field";
import { Input } from "@/client/components/ui/input";
import { Skeleton } from "@/client/components/ui/skeleton";
import { biometricErrorReason, WEBAUTHN_UNSUPPORTED } from "@/client/features/auth";
import { useDialogAction } from "@/client/hooks/use-dialog-action";
import { formatTimestamp } from "@/client/lib/format";
import { notify } from "@/client/lib/notify";
import type { AuthUser } from "@/domain/schemas/auth";
import type { WebauthnCredentialResponse } from "@/domain/schemas/webauthn";
import { CREDENTIAL_NAME_MAX, DEFAULT_CREDENTIAL_NAME } from "@/domain/schemas/webauthn-messages";
import { useCredentials, useDeleteCredential, useRegisterCredential } from "./api";

export const REGISTRATION_FAILED =
  "WebAuthn registration failed. Your device may not support biometric authentication.";

export function BiometricCredentialsCard({ user }: { user: AuthUser }) {
  const credentials = useCredentials();
  const [removing, setRemoving] = React.useState<WebauthnCredentialResponse | null>(null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Biometric Credentials</CardTitle>
        <CardDescription>
          Passkeys let you sign in with your fingerprint, face or device PIN instead of your
          password.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section aria-label="Registered credentials" className="grid gap-3">
          {credentials.isPending ? (
            <div role="status" aria-label="Loading biometric credentials" className="grid gap-2">
              <Skeleton className="h-14 w-full" />
            </div>
          ) : credentials.isError ? (
            <div
              role="alert"
              className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-destructive/30 p-4 text-sm text-destructive"
            >
              <span>Failed to load biometric credentials. {credentials.error.message}</span>
              <Button variant="outline" size="sm" onClick={() => void credentials.refetch()}>
                Retry
              </Button>
            </div>
          ) : credentials.data.length === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
              No biometric credentials registered.
            </p>
          ) : (
            <ul className="grid gap-2">
              {credentials.data.map((credential) => (
                <li
                  key={credential.id}
                  className="flex items-center gap-3 rounded-lg border p-3"
                  aria-label={credential.credentialName}
                >
                  <Fingerprint
                    aria-hidden="true"
                    className="size-5 shrink-0 text-muted-foreground"
                  />
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium">{credential.credentialName}</p>
                    <p className="text-sm text-muted-foreground">
                      {credential.lastUsed
                        ? `Last used ${formatTimestamp(credential.lastUsed)}`
                        : "Never used"}
                    </p>
                  </div>
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={`Remove ${credential.credentialName}`}
                    onClick={() => setRemoving(credential)}
                  >
                    <Trash2 aria-hidden="true" />
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <RegisterCredentialForm user={user} />
      </CardContent>
      {removing && (
        <RemoveCredentialDialog credential={removing} onOpenChange={() => setRemoving(null)} />
      )}
    </Card>
  );
}

function RegisterCredentialForm({ user }: { user: AuthUser }) {
  const register = useRegisterCredential();
  const [name, setName] = React.useState(DEFAULT_CREDENTIAL_NAME);
  const supported = React.useMemo(() => browserSupportsWebAuthn(), []);
  const busy = register.isPending;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    try {
      await register.mutateAsync({
        username: user.username,
        credentialName: name.trim() || DEFAULT_CREDENTIAL_NAME,
      });
    } catch (error) {
      console.error("Passkey registration failed:", error);
      notify.error({
        title: "Registration failed",
        description: biometricErrorReason(error) ?? REGISTRATION_FAILED,
      });
      return;
    }
    notify.success({ title: "Biometric credential registered!" });
    setName(DEFAULT_CREDENTIAL_NAME);
  }

  return (
    <form
      aria-label="Register a biometric credential"
      onSubmit={onSubmit}
      className="grid gap-3 border-t pt-5 sm:grid-cols-[1fr_auto] sm:items-end"
    >
      <FormField
        label="Credential name"
        description={supported ? "A name to recognise this device by." : WEBAUTHN_UNSUPPORTED}
      >
        {(field) => (
          <Input
            {...field}
            value={name}
            maxLength={CREDENTIAL_NAME_MAX}
            onChange={(event) => setName(event.target.value)}
            disabled={busy || !supported}
          />
        )}
      </FormField>
      <Button type="submit" disabled={busy || !supported}>
        {busy ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <Fingerprint aria-hidden="true" />
        )}
        {busy ? "Registering..." : "Register Biometric"}
      </Button>
    </form>
  );
}

function RemoveCredentialDialog({
  credential,
  onOpenChange,
}: {
  credential: WebauthnCredentialResponse;
  onOpenChange(open: boolean): void;
}) {
  const remove = useDeleteCredential();
  const action = useDialogAction({
    run: () => remove.mutateAsync(credential.id),
    success: () => ({ title: "Credential deleted" }),
    failure: (error) => ({
      title: "Deletion failed",
      description: error instanceof Error ? error.message : "Please try again.",
    }),
    onDone: () => onOpenChange(false),
  });
  return (
    <ConfirmDialog
      title="Remove Biometric Credential"
      description={`Remove ${credential.credentialName}? You will no longer be able to sign in with it.`}
      confirmLabel="Remove"
      busyLabel="Removing..."
      busy={action.busy}
      onOpenChange={onOpenChange}
      onConfirm={() => void action.run()}
    />
  );
}
